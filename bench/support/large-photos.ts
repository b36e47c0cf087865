/**
 * Photos the size a phone's largest JPEGs reach (~9.5 MB, 24 MP), made once from the licensed
 * test portraits (upscaled, with sensor-like noise so JPEG cannot squeeze them) and kept in
 * the system's temp folder for later runs.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const FACES = fileURLToPath(new URL('../../testdata/faces/', import.meta.url));
const CACHE = join(tmpdir(), 'studio-bench-photos-v1');
const SIZE = { width: 4000, height: 6000 };
const TARGET_BYTES = 9.5 * 1024 * 1024;
/** Under the api's 10 MiB upload limit, with room to spare. */
const MAX_BYTES = 10_000_000;
/** Distinct photos made; the rest repeat them (making one takes a while). */
const DISTINCT = 5;

async function portraits(): Promise<string[]> {
  const folders = (await readdir(FACES)).filter((name) => !name.startsWith('_'));
  const files: string[] = [];
  for (const folder of folders) {
    for (const name of await readdir(join(FACES, folder))) {
      if (/\.jpe?g$/i.test(name)) files.push(join(FACES, folder, name));
    }
  }
  return files.sort();
}

async function largePhoto(source: string): Promise<Buffer> {
  const base = await sharp(source)
    .rotate()
    .resize({ ...SIZE, fit: 'cover' })
    .toBuffer();
  let best = Buffer.alloc(0);
  // More noise, more bytes: the strength that lands nearest the target size.
  for (const sigma of [6, 9, 12, 16, 20, 25, 30]) {
    const noise = await sharp({
      create: {
        ...SIZE,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .png()
      .toBuffer();
    const photo = await sharp(base)
      .composite([{ input: noise, blend: 'overlay' }])
      .jpeg({ quality: 92 })
      .toBuffer();
    if (photo.length > MAX_BYTES) break;
    if (Math.abs(photo.length - TARGET_BYTES) < Math.abs(best.length - TARGET_BYTES)) best = photo;
    if (photo.length > TARGET_BYTES) break;
  }
  return best;
}

/** The paths of `count` photos, cycling through the distinct ones made from the portraits. */
export async function largePhotoFiles(count: number): Promise<string[]> {
  await mkdir(CACHE, { recursive: true });
  const files: string[] = [];
  for (const [index, source] of (await portraits()).slice(0, DISTINCT).entries()) {
    const file = join(CACHE, `photo-${index}.jpg`);
    if (!existsSync(file)) await writeFile(file, await largePhoto(source));
    files.push(file);
  }
  return Array.from({ length: count }, (_, index) => files[index % files.length]!);
}

/** `count` photos' bytes, cycling through the distinct ones made from the portraits. */
export async function largePhotos(count: number): Promise<Buffer[]> {
  const files = await largePhotoFiles(count);
  const bytes = new Map<string, Buffer>();
  for (const file of new Set(files)) bytes.set(file, await readFile(file));
  return files.map((file) => bytes.get(file)!);
}
