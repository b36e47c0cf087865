import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

interface ZipEntry {
  filename: string;
  data: Buffer;
}

/** Entry names the trainer can open on any file system: numbered, so equal names cannot clash. */
function entryName(index: number, filename: string): string {
  const extension =
    extname(filename)
      .toLowerCase()
      .replace(/[^.a-z0-9]/g, '') || '.jpg';
  const stem = filename
    .slice(0, filename.length - extname(filename).length)
    .replace(/[^\w-]+/g, '_')
    .slice(0, 60);
  return `${String(index + 1).padStart(2, '0')}-${stem || 'photo'}${extension}`;
}

/**
 * The training photos as one zip (the trainer's `input_images`), streamed to a temporary file
 * and handed back as a file-backed File (named photos.zip), so neither building nor uploading it holds a second copy
 * of every photo in memory. Entries are stored, not deflated: JPEG, PNG and WebP are compressed
 * already. `use` runs while the file exists; it is removed afterwards.
 */
export async function withTrainingZip<T>(
  photos: readonly ZipEntry[],
  use: (zip: File) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'studio-training-'));
  try {
    const path = join(dir, 'photos.zip');
    const zip = new ZipFile();
    for (const [index, photo] of photos.entries()) {
      zip.addBuffer(photo.data, entryName(index, photo.filename), { compress: false });
    }
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(path));
    const type = 'application/zip';
    return await use(new File([await openAsBlob(path, { type })], 'photos.zip', { type }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
