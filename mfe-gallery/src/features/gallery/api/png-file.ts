import { api } from '@app/shared/api-client';
import type { ImageUrl } from '@app/shared/contract/media';
import { fetchBlob } from '@app/shared/data/fetch-blob';
import type { GalleryItem } from '@app/shared/data/media';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function isPng(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  return PNG_SIGNATURE.every((byte, index) => head[index] === byte);
}

/** Spec §2: the download is named with the image id and a .png extension. */
const pngFileName = (imageId: string): string => `${imageId}.png`;

async function reencodeAsPng(blob: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (png) => (png ? resolve(png) : reject(new Error('PNG encoding failed'))),
        'image/png',
      ),
    );
  } finally {
    bitmap.close();
  }
}

/**
 * The image's original as a PNG file named `{imageId}.png`. Generated originals are PNG already;
 * anything else (a training photo) is re-encoded in the browser. An expired link is renewed once
 * through GET /image/{id}.
 */
export async function pngFileOf(item: GalleryItem): Promise<File> {
  let blob: Blob;
  try {
    if (!item.downloadUrl) throw new Error('No download URL');
    blob = await fetchBlob(item.downloadUrl);
  } catch {
    const fresh = await api.get<ImageUrl>(`/image/${encodeURIComponent(item.imageId)}`);
    blob = await fetchBlob(fresh.downloadUrl);
  }
  const png = (await isPng(blob)) ? blob : await reencodeAsPng(blob);
  return new File([png], pngFileName(item.imageId), { type: 'image/png' });
}

/** Hands the file to the browser's download (an object URL behind a `download` link). */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the bytes are not needed any longer.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
