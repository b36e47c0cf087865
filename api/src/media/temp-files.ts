import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { payloadTooLarge } from '../http-errors';

/** A received body on disk; `dispose` removes it and whatever was written beside it. */
export interface TempFile {
  path: string;
  size: number;
  dispose(): Promise<void>;
}

/** Left behind only by a crash mid-write; nothing legitimate runs this long. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * Removes what a crashed process left in a folder of temporary files: every entry untouched for
 * longer than any write runs. Younger entries may be another process's writes in progress (a
 * shared data directory), so they stay.
 */
export async function sweepStale(root: string): Promise<void> {
  await mkdir(root, { recursive: true });
  const now = Date.now();
  for (const name of await readdir(root)) {
    const path = join(root, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_AFTER_MS) {
      await rm(path, { recursive: true, force: true });
    }
  }
}

/**
 * Upload bodies go to disk, not to the heap: a folder per body under `root`, so the pipeline's
 * outputs written beside the body are removed with it.
 */
export class TempFiles {
  constructor(private readonly root: string) {}

  /** Removes folders a crashed process left behind. */
  sweep(): Promise<void> {
    return sweepStale(this.root);
  }

  /**
   * Streams `source` into a new file, counting bytes: past `maxBytes` it stops with a 413 and
   * removes the file. The source is unpiped, not destroyed, so the client still gets the 413
   * (Node discards the rest of an unread request body once the response is sent).
   */
  async receive(
    source: Readable,
    {
      maxBytes,
      tooLargeMessage,
      signal,
    }: {
      maxBytes: number;
      tooLargeMessage: string;
      /** Stops the transfer with the signal's reason (a body that stopped arriving). */
      signal?: AbortSignal;
    },
  ): Promise<TempFile> {
    await mkdir(this.root, { recursive: true });
    const dir = await mkdtemp(join(this.root, 'upload-'));
    const dispose = () => rm(dir, { recursive: true, force: true });
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) callback(payloadTooLarge(tooLargeMessage));
        else callback(null, chunk);
      },
    });
    const path = join(dir, 'body');
    // pipe() does not forward a source's failure (a client that hangs up, a multipart body cut
    // off inside this part): pass it on. finished() also reports a failure that happened before
    // this call, while the folder was being made; an 'error' listener added now would wait forever.
    const stopWatching = finished(source, { writable: false }, (error) => {
      if (error) counter.destroy(error);
    });
    const abort = () => counter.destroy(signal?.reason as Error);
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort);
    source.pipe(counter);
    try {
      await pipeline(counter, createWriteStream(path));
    } catch (error) {
      source.unpipe(counter);
      await dispose();
      throw error;
    } finally {
      stopWatching();
      signal?.removeEventListener('abort', abort);
    }
    return { path, size, dispose };
  }
}
