import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { RgbImage } from '../../src';

/**
 * The repository's licensed test portraits (testdata/SOURCES.md); FACES_DIR points at another
 * folder of the same layout.
 */
const FACES_DIR =
  process.env.FACES_DIR ?? fileURLToPath(new URL('../../../../testdata/faces/', import.meta.url));

/** Every portrait JPEG, in a stable order. */
export function facePhotoPaths(): string[] {
  return readdirSync(FACES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(FACES_DIR, dir.name))
        .filter((name) => name.endsWith('.jpg'))
        .map((name) => join(FACES_DIR, dir.name, name)),
    )
    .sort();
}

/** A photo as the api analyses it: upright RGB, at most 640 px on the long side. */
export async function analysedPhoto(path: string): Promise<RgbImage> {
  const { data, info } = await sharp(readFileSync(path))
    .rotate()
    .resize(640, 640, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}
