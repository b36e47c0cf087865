import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * The repository's licensed test portraits (testdata/SOURCES.md), so the tests run from a clone
 * alone; FACES_DIR points at another folder of the same layout.
 */
const FACES_DIR =
  process.env.FACES_DIR ?? fileURLToPath(new URL('../../../testdata/faces/', import.meta.url));
const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Every portrait JPEG, in a stable order (14 files). */
export function facePhotoPaths(): string[] {
  return readdirSync(FACES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(FACES_DIR, dir.name))
        .filter((name) => name.endsWith('.jpg'))
        .sort()
        .map((name) => join(FACES_DIR, dir.name, name)),
    )
    .sort();
}

export function facePhoto(index = 0): Buffer {
  const path = facePhotoPaths()[index];
  if (!path) throw new Error(`no face photo #${index}`);
  return readFileSync(path);
}

/** One subject's photo, e.g. ('lisa_debruine', '01.jpg') or ('_hard_cases', ...). */
export function subjectPhoto(subject: string, file: string): Buffer {
  return readFileSync(join(FACES_DIR, subject, file));
}

/**
 * A subject's photo at 960 px on the long side: engine tests run faster, and every test face
 * stays wider than the engine's 100 px minimum.
 */
export function smallSubjectPhoto(subject: string, file: string): Promise<Buffer> {
  return sharp(subjectPhoto(subject, file))
    .rotate()
    .resize(960, 960, { fit: 'inside' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A real HEIC (HEVC) still made with libheif's heif-enc from a 96x64 two-tone picture. */
export function heicFixture(): Buffer {
  return readFileSync(join(FIXTURES_DIR, 'two-tone.heic'));
}

export function solidPng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#1976d2' } })
    .png()
    .toBuffer();
}

/** A JPEG carrying GPS coordinates and orientation 6 (rotate 90° clockwise to display). */
export function jpegWithGpsAndRotation(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 40, channels: 3, background: '#9c27b0' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a few hundred bytes that declare 100 000 x 100 000 pixels (40 GB of
 * RGBA once decoded). The server must refuse it from the header alone.
 */
export function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(100_000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function dataUrl(bytes: Buffer, type: string): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}
