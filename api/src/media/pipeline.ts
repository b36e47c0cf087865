import { open, readFile } from 'node:fs/promises';
import { API_TEXT, FILE_TEXT, THUMBNAIL_PIXELS } from '@app/shared/spec';
import type { Sharp } from 'sharp';
import {
  badRequest,
  HttpError,
  payloadTooLarge,
  serviceUnavailable,
  unsupportedMediaType,
} from '../http-errors';
import { MIME_TYPES, sniffImageType, type ImageType } from './image-type';
import { loadSharp } from './load-sharp';
import { Semaphore, SemaphoreWaitExceeded } from './semaphore';

/**
 * 50 megapixels: above any phone camera, far below what would exhaust memory. A small file that
 * declares huge dimensions (a decompression bomb) is refused before its pixels are decoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Grid tiles choose among three thumbnails by the device pixels they draw (`srcset`): a tile's
 * width varies from ~100 to ~500 device pixels across phones, and pixels a tile scales away
 * still cost a phone on a slow link their bytes. The 512 serves the sharpest phones' gallery
 * tiles, the 384 most phones' gallery and Pixel-class model tiles, the 256 small tiles (a
 * model's photos on most phones, the model picker).
 */
const THUMBNAILS = [
  ['thumbnail', THUMBNAIL_PIXELS.thumbnail],
  ['mediumThumbnail', THUMBNAIL_PIXELS.medium],
  ['smallThumbnail', THUMBNAIL_PIXELS.small],
] as const;
type ThumbnailName = (typeof THUMBNAILS)[number][0];
/** Full-screen viewer on a phone or a laptop. */
const WEB_SIZE = 2048;

/**
 * Photos decoded at once by this process; more wait their turn. Each holds at most one full
 * decode (a 24 MP photo: ~70 MB), so this bounds the pipeline's memory whatever arrives.
 */
const IMAGE_JOBS = 2;
/** Every image step of this process takes its turn here (tests fill it to see a burst's answer). */
export const imageJobs = new Semaphore(IMAGE_JOBS);

/**
 * How long an upload may wait for its turn. A burst (50 photos at once) queues behind the two
 * decodes; a request that waited longer would outlast the client's 30 s timeout once processed.
 * It is answered 503 with Retry-After instead: nothing was stored, the same upload succeeds
 * later, and its place goes to the requests that can still be answered in time.
 */
export const IMAGE_QUEUE_WAIT_MS = 10_000;
const RETRY_AFTER_SECONDS = 2;

/** The pipeline's turn for a request: refused with 503 when it does not come in time. */
async function inTurn<T>(work: () => Promise<T>, maxWaitMs: number | undefined): Promise<T> {
  try {
    return await imageJobs.run(work, { maxWaitMs });
  } catch (error) {
    if (error instanceof SemaphoreWaitExceeded) {
      throw serviceUnavailable(API_TEXT.imagePipelineBusy, RETRY_AFTER_SECONDS);
    }
    throw error;
  }
}

/** An original written to disk, to be streamed into storage rather than held in memory. */
export interface ImageFile {
  path: string;
  size: number;
}

export interface ProcessedImage<Original extends Buffer | ImageFile = Buffer> {
  type: ImageType;
  /** Oriented, metadata-free, full resolution; HEIC becomes JPEG. */
  original: { data: Original; contentType: string };
  web: { data: Buffer; contentType: string };
  thumbnail: { data: Buffer; contentType: string };
  mediumThumbnail: { data: Buffer; contentType: string };
  smallThumbnail: { data: Buffer; contentType: string };
  width: number;
  height: number;
}

export interface ProcessOptions {
  maxBytes: number;
  tooLargeMessage: string;
  allowedTypes: readonly ImageType[];
  typeMessage: string;
  /**
   * How long to wait for the pipeline's turn before answering 503 (default IMAGE_QUEUE_WAIT_MS);
   * `Infinity` for work no client waits on with a timeout.
   */
  maxQueueWaitMs?: number;
}

const queueWait = (options: ProcessOptions) => {
  const wait = options.maxQueueWaitMs ?? IMAGE_QUEUE_WAIT_MS;
  return Number.isFinite(wait) ? wait : undefined;
};

function decodeFailed(): Error {
  return badRequest(FILE_TEXT.invalidFile);
}

/**
 * HEIC's codec (HEVC) is not in sharp's prebuilt libvips; libheif compiled to wasm decodes it,
 * once: the pixels are the source every output is made from.
 */
async function heicPixels(data: Buffer): Promise<() => Sharp> {
  // Its wasm decoder loads with the first HEIC, not at start.
  const [{ default: decodeHeic }, sharp] = await Promise.all([import('heic-decode'), loadSharp()]);
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    images = await decodeHeic.all({ buffer: data });
  } catch {
    throw decodeFailed();
  }
  try {
    const primary = images[0] as (typeof images)[number] & { width: number; height: number };
    if (!primary) throw decodeFailed();
    if (primary.width * primary.height > MAX_INPUT_PIXELS)
      throw badRequest(API_TEXT.imageTooManyPixels);
    const { width, height, data: rgba } = await primary.decode();
    const pixels = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
    return () => sharp(pixels, { raw: { width, height, channels: 4 } });
  } finally {
    (images as unknown as { dispose?: () => void }).dispose?.();
  }
}

/**
 * The original's encoding. A JPEG's Huffman tables are the standard ones, not optimised for the
 * photo: optimising needs a second pass over every coefficient, so libjpeg keeps the whole
 * image's coefficients in memory (the upload's largest allocation by far) and takes longer, to
 * save a few per cent of the file.
 */
function encodeLike(type: ImageType, image: Sharp): Sharp {
  switch (type) {
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 92 });
    default:
      return image.jpeg({ quality: 92, optimiseCoding: false });
  }
}

const SHARP_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

/** Size first: every upload path tells an empty or oversized file the same way. */
function checkSize(size: number, options: ProcessOptions): void {
  if (size === 0) throw badRequest(API_TEXT.fileEmpty);
  if (size > options.maxBytes) throw payloadTooLarge(options.tooLargeMessage);
}

function checkType(head: Uint8Array, options: ProcessOptions): ImageType {
  const type = sniffImageType(head);
  if (!type || !options.allowedTypes.includes(type)) {
    throw unsupportedMediaType(options.typeMessage);
  }
  return type;
}

/** Decodes `image` once into raw pixels; each call of the result reads them again, no decode. */
async function decodeOnce(image: Sharp): Promise<() => Sharp> {
  const sharp = await loadSharp();
  const { data, info } = await image.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/**
 * One at a time, each from pixels already decoded and downscaled: one small buffer alive. At the
 * encoder's highest effort: a thumbnail is made once and loaded by every list that shows it, so
 * the slower encode buys fewer bytes on every phone at the same quality.
 */
async function thumbnailOf(
  pixels: Sharp,
  size: number,
): Promise<{ data: Buffer; contentType: string }> {
  const data = await pixels
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80, effort: 6 })
    .toBuffer();
  return { data, contentType: 'image/webp' };
}

/**
 * The thumbnails smaller than the 512 for an image stored before they existed, made from its
 * stored web image (the same downscaled pixels the pipeline makes them from), in the pipeline's
 * turn so a backfill never adds a decode to an upload burst.
 */
export async function smallerThumbnails(
  web: Buffer,
): Promise<Record<Exclude<ThumbnailName, 'thumbnail'>, { data: Buffer; contentType: string }>> {
  const sharp = await loadSharp();
  return imageJobs.run(async () => {
    const decoded = await decodeOnce(sharp(web, SHARP_INPUT));
    return {
      mediumThumbnail: await thumbnailOf(decoded(), THUMBNAIL_PIXELS.medium),
      smallThumbnail: await thumbnailOf(decoded(), THUMBNAIL_PIXELS.small),
    };
  });
}

/**
 * Orients and re-encodes without metadata: sharp drops EXIF (GPS included), XMP and IPTC unless
 * asked to keep them. `writeOriginal` decides where the full-size output goes.
 *
 * One output after the other, so at most one full-size decode is alive: the original streams
 * through libvips (a whole image in memory only when it must be rotated), then one downscaled
 * decode (JPEG shrinks while decoding) becomes raw pixels of at most WEB_SIZE, from which the
 * web image and the thumbnails are made. `source` opens the input afresh for each.
 */
async function derive<Original extends Buffer | ImageFile>(
  type: ImageType,
  openSource: () => Promise<() => Sharp>,
  writeOriginal: (image: Sharp) => Promise<Original>,
): Promise<ProcessedImage<Original>> {
  try {
    const source = await openSource();
    const metadata = await source().metadata();
    const width = metadata.autoOrient?.width ?? metadata.width;
    const height = metadata.autoOrient?.height ?? metadata.height;
    if (width * height > MAX_INPUT_PIXELS) throw badRequest(API_TEXT.imageTooManyPixels);
    const storedType: ImageType = type === 'heic' ? 'jpeg' : type;
    const original = await writeOriginal(encodeLike(storedType, source().rotate()));
    const downscaled = await decodeOnce(
      source().rotate().resize(WEB_SIZE, WEB_SIZE, { fit: 'inside', withoutEnlargement: true }),
    );
    const web = await downscaled().webp({ quality: 85 }).toBuffer();
    const thumbnails = {} as Record<ThumbnailName, { data: Buffer; contentType: string }>;
    for (const [name, size] of THUMBNAILS) thumbnails[name] = await thumbnailOf(downscaled(), size);
    return {
      type,
      original: { data: original, contentType: MIME_TYPES[storedType] },
      web: { data: web, contentType: 'image/webp' },
      ...thumbnails,
      width,
      height,
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw badRequest(API_TEXT.imageTooManyPixels);
    }
    throw decodeFailed();
  }
}

/**
 * Checks the bytes (size, real type by magic bytes, pixel count) and makes the stored original,
 * web image and thumbnails. Every refusal is the client's mistake, with the spec's text.
 */
export async function processImage(data: Buffer, options: ProcessOptions): Promise<ProcessedImage> {
  checkSize(data.length, options);
  const type = checkType(data, options);
  const sharp = await loadSharp();
  return inTurn(
    () =>
      derive(
        type,
        async () => (type === 'heic' ? heicPixels(data) : () => sharp(data, SHARP_INPUT)),
        (image) => image.toBuffer(),
      ),
    queueWait(options),
  );
}

/** The first bytes of a file: enough to sniff its type. */
export async function readHead(path: string, length: number): Promise<Buffer> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * `processImage` for a file already on disk: the type comes from its first bytes, sharp reads the
 * file itself and the original is written to `<path>.original`, so no stage holds the whole file
 * in the JS heap. HEIC is the exception: its decoder needs the whole file in memory.
 */
export async function processImageFile(
  path: string,
  size: number,
  options: ProcessOptions,
): Promise<ProcessedImage<ImageFile>> {
  checkSize(size, options);
  const type = checkType(await readHead(path, 12), options);
  const originalPath = `${path}.original`;
  const sharp = await loadSharp();
  return inTurn(
    () =>
      derive(
        type,
        async () =>
          type === 'heic' ? heicPixels(await readFile(path)) : () => sharp(path, SHARP_INPUT),
        async (image) => ({ path: originalPath, size: (await image.toFile(originalPath)).size }),
      ),
    queueWait(options),
  );
}
