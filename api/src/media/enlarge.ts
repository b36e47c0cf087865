import { loadSharp } from './load-sharp';

/**
 * Twice the size each way, as a PNG: a Lanczos resample with a light sharpen, which restores some
 * of the edge contrast the interpolation softens. The built-in engine's "enlarged" version.
 */
export async function resampleTwice(
  image: Buffer,
  { signal, onProgress }: { signal: AbortSignal; onProgress(progress: number): void },
): Promise<Buffer> {
  signal.throwIfAborted();
  const sharp = await loadSharp();
  const { width, height } = await sharp(image).metadata();
  if (!width || !height) throw new Error('not an image');
  const enlarged = await sharp(image)
    .resize(width * 2, height * 2, { kernel: 'lanczos3' })
    .sharpen({ sigma: 0.6 })
    .png()
    .toBuffer();
  onProgress(1);
  return enlarged;
}

/** An upscaler's output as the PNG stored (a provider may answer in another format). */
export async function asPng(image: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const { format } = await sharp(image).metadata();
  return format === 'png' ? image : sharp(image).png().toBuffer();
}
