import { API_TEXT, FILE_TEXT, MAX_UPLOAD_BYTES } from '@app/shared/spec';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../src/media/image-type';
import { processImage, type ProcessOptions } from '../src/media/pipeline';
import {
  facePhoto,
  heicFixture,
  jpegWithGpsAndRotation,
  pngBomb,
  solidPng,
} from './support/images';

const options: ProcessOptions = {
  maxBytes: MAX_UPLOAD_BYTES,
  tooLargeMessage: FILE_TEXT.tooLarge,
  allowedTypes: ['jpeg', 'png', 'webp', 'heic'],
  typeMessage: FILE_TEXT.generalTypeNotAllowed,
};

async function rejection(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as { statusCode?: number; message?: string } | undefined;
  return { statusCode: error?.statusCode, message: error?.message };
}

describe('image type sniffing', { timeout: 30_000 }, () => {
  it('knows JPEG, PNG, WebP and HEIC by their bytes', async () => {
    expect(sniffImageType(facePhoto())).toBe('jpeg');
    expect(sniffImageType(await solidPng())).toBe('png');
    expect(
      sniffImageType(
        await sharp(await solidPng())
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(sniffImageType(heicFixture())).toBe('heic');
    expect(sniffImageType(Buffer.from('GIF89a......'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('processImage', { timeout: 30_000 }, () => {
  it('turns a real portrait into an original, a web image and three thumbnails', async () => {
    const image = await processImage(facePhoto(), options);
    expect(image.type).toBe('jpeg');
    expect(image.original.contentType).toBe('image/jpeg');
    const thumb = await sharp(image.thumbnail.data).metadata();
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width, thumb.height)).toBeLessThanOrEqual(512);
    let larger = image.thumbnail.data;
    for (const [smaller, size] of [
      [image.mediumThumbnail.data, 384],
      [image.smallThumbnail.data, 256],
    ] as const) {
      const metadata = await sharp(smaller).metadata();
      expect(metadata.format).toBe('webp');
      expect(Math.max(metadata.width, metadata.height)).toBe(
        Math.min(size, Math.max(thumb.width, thumb.height)),
      );
      // The same picture: its aspect ratio, to the pixel.
      expect(Math.abs(metadata.width / metadata.height - thumb.width / thumb.height)).toBeLessThan(
        0.02,
      );
      expect(smaller.length).toBeLessThan(larger.length);
      larger = smaller;
    }
    const web = await sharp(image.web.data).metadata();
    expect(Math.max(web.width, web.height)).toBeLessThanOrEqual(2048);
  });

  it('applies the EXIF orientation and strips EXIF, GPS included', async () => {
    const image = await processImage(await jpegWithGpsAndRotation(), options);
    expect([image.width, image.height]).toEqual([40, 80]);
    for (const output of [
      image.original,
      image.web,
      image.thumbnail,
      image.mediumThumbnail,
      image.smallThumbnail,
    ]) {
      const metadata = await sharp(output.data).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
      expect(output.data.includes('TestCam')).toBe(false);
    }
    expect((await sharp(image.original.data).metadata()).width).toBe(40);
  });

  it('decodes HEIC (not in sharp prebuilt libvips) and stores it as JPEG', async () => {
    const image = await processImage(heicFixture(), options);
    expect(image.type).toBe('heic');
    expect(image.original.contentType).toBe('image/jpeg');
    expect([image.width, image.height]).toEqual([96, 64]);
    // Left half blue, right half orange, as encoded.
    const { data } = await sharp(image.original.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(150);
  });

  it('refuses wrong bytes whatever the declared type, and types not allowed here', async () => {
    expect(await rejection(processImage(Buffer.from('%PDF-1.7 not an image'), options))).toEqual({
      statusCode: 415,
      message: FILE_TEXT.generalTypeNotAllowed,
    });
    const pngOnly = { ...options, allowedTypes: ['png'] as const, typeMessage: 'png only' };
    expect(await rejection(processImage(facePhoto(), pngOnly))).toEqual({
      statusCode: 415,
      message: 'png only',
    });
  });

  it('refuses files over the limit', async () => {
    const big = Buffer.concat([facePhoto(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    expect(await rejection(processImage(big, options))).toEqual({
      statusCode: 413,
      message: FILE_TEXT.tooLarge,
    });
  });

  it('refuses a decompression bomb from its header', async () => {
    expect(await rejection(processImage(pngBomb(), options))).toEqual({
      statusCode: 400,
      message: API_TEXT.imageTooManyPixels,
    });
  });

  it('refuses a truncated image as an invalid file', async () => {
    const truncated = facePhoto().subarray(0, 2000);
    expect(await rejection(processImage(truncated, options))).toEqual({
      statusCode: 400,
      message: FILE_TEXT.invalidFile,
    });
  });
});
