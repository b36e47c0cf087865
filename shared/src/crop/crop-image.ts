/**
 * Cuts the chosen area out of an image and encodes it as JPEG in the browser, so the bytes that
 * are uploaded are the cropped ones (spec §9: 0.95 for training photos, 0.9 for the profile
 * picture). Kept apart from the crop dialog so it can be used and tested without react-easy-crop.
 */

import { fetchBlob } from '../data/fetch-blob';

/** An area in the image's own pixels, as react-easy-crop's `croppedAreaPixels` reports it. */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Loads the image as the cropper showed it: an <img> applies the EXIF orientation, so the area's
 * coordinates match what is drawn here.
 */
function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be loaded for cropping'));
    image.src = src;
  });
}

/**
 * The area of `source` (a URL, or a Blob such as the chosen File) as a JPEG Blob of exactly the
 * area's pixel size. Transparent pixels become white, as JPEG has no transparency.
 */
export async function cropToJpeg(
  source: Blob | string,
  area: PixelArea,
  quality: number,
): Promise<Blob> {
  const objectUrl = URL.createObjectURL(await bytesOf(source));
  try {
    const image = await loadImage(objectUrl);
    const width = Math.max(1, Math.round(area.width));
    const height = Math.max(1, Math.round(area.height));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(
      image,
      Math.round(area.x),
      Math.round(area.y),
      width,
      height,
      0,
      0,
      width,
      height,
    );
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The crop could not be encoded'))),
        'image/jpeg',
        quality,
      ),
    );
  } finally {
    URL.revokeObjectURL(objectUrl);
  }
}

/**
 * A stored photo's bytes, read with CORS: drawn from its URL, a photo on another origin (S3)
 * would taint the canvas and the crop could not be exported. Read afresh, so a copy the HTTP
 * cache kept from an <img> (without CORS headers) is not used for it.
 */
function bytesOf(source: Blob | string): Promise<Blob> {
  return typeof source === 'string'
    ? fetchBlob(source, { mode: 'cors', cache: 'no-store' })
    : Promise.resolve(source);
}

/** 'holiday.png' -> 'holiday.jpg': the crop is always a JPEG, and the upload says so. */
export function croppedFileName(originalName: string): string {
  const base = originalName.replace(/\.[^./\\]*$/, '');
  return `${base || 'photo'}.jpg`;
}
