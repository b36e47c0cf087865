import { loadSharp } from './load-sharp';

/**
 * The painted mask at the upright photo's size. A phone draws the mask of a large photo smaller
 * than the photo (a browser canvas has a size limit), and remote models expect a mask of the
 * image's own size. Nearest-neighbour scaling keeps it black and white, each photo pixel taking
 * the mask pixel it falls in, so the painted region neither grows nor shifts.
 */
export async function maskAtPhotoSize(photo: Buffer, mask: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const [{ autoOrient: upright }, painted] = await Promise.all([
    sharp(photo).metadata(),
    sharp(mask).metadata(),
  ]);
  if (painted.width === upright.width && painted.height === upright.height) return mask;
  return sharp(mask)
    .resize(upright.width, upright.height, { fit: 'fill', kernel: 'nearest' })
    .png()
    .toBuffer();
}
