/**
 * Small previews of picked photos, made in the browser before (and while) they upload.
 *
 * A phone's photo is 12–50 MP. Shown as it is, every tile keeps its full decode: twenty 24 MP
 * photos in small tiles take Chromium's renderer past what a phone gives a tab (bench/
 * preview-memory.ts prints it). A preview is decoded once, drawn small and
 * kept as a JPEG of a few tens of KB; only one photo is decoded at a time.
 */

/** The preview's short side in device pixels: sharp in a 3-column phone tile at DPR 2.75. */
const PREVIEW_SHORT_SIDE = 384;
const PREVIEW_QUALITY = 0.85;

/** The photo drawn with its short side at most `shortSide`; undefined if it cannot be decoded. */
export async function photoPreview(
  file: Blob,
  shortSide = PREVIEW_SHORT_SIDE,
): Promise<Blob | undefined> {
  let bitmap: ImageBitmap;
  try {
    // The photo's EXIF orientation applies, as it does for an <img>.
    bitmap = await createImageBitmap(file);
  } catch {
    return undefined;
  }
  try {
    const scale = Math.min(1, shortSide / Math.min(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob | undefined>((resolve) =>
      canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/jpeg', PREVIEW_QUALITY),
    );
  } finally {
    bitmap.close();
  }
}

export type MakePreview = (file: Blob) => Promise<Blob | undefined>;

/**
 * Runs `make` for one photo at a time, page-wide: each decode holds the whole photo for a
 * moment, so two dialogs picking at once still decode one after the other.
 * A request aborted before its turn never decodes.
 */
export function previewsInTurn(make: MakePreview = photoPreview) {
  let last: Promise<unknown> = Promise.resolve();
  return (file: Blob, signal: AbortSignal): Promise<Blob | undefined> => {
    const mine = last.then(() => (signal.aborted ? undefined : make(file)));
    last = mine.catch(() => undefined);
    return mine;
  };
}

export const previewInTurn = previewsInTurn();
