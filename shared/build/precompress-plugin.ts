import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compiler } from '@rspack/core';

const PLUGIN = 'PrecompressPlugin';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the server sends as text (scripts, styles, manifests, the page); never source maps. */
const COMPRESSIBLE = /\.(js|css|json|html|svg|webmanifest)$/;

/** Below this a file is one packet either way. */
const MIN_BYTES = 1024;

/** A copy that saves less than this share of the file is not worth the second file. */
const MIN_SAVING = 0.1;

/** Encodings the api's static file server looks for beside a file (@fastify/static preCompressed). */
const ENCODINGS = [
  {
    suffix: '.br',
    compress: (data: Buffer) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { suffix: '.gz', compress: (data: Buffer) => gzipAsync(data, { level: 9 }) },
] as const;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file a production build
 * emits, for the server to send as they are. Compressing at request time has to be fast, so it
 * uses brotli's quality 4, whose scripts are noticeably larger: bytes a phone's first visit waits
 * for before the app can start. Written after emit, so the copies are no assets of the build:
 * the service worker's precache list and the federation manifest never name them.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise(PLUGIN, async (compilation) => {
      const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
      const writes = compilation
        .getAssets()
        .filter(({ name }) => COMPRESSIBLE.test(name))
        .flatMap(({ name, source }) => {
          const data = Buffer.from(source.buffer());
          return ENCODINGS.map(async ({ suffix, compress }) => {
            const copy = join(outputPath, name + suffix);
            const compressed = data.length >= MIN_BYTES ? await compress(data) : undefined;
            if (compressed && compressed.length <= data.length * (1 - MIN_SAVING)) {
              await writeFile(copy, compressed);
            } else {
              // A build that does not clean its folder must not leave an older copy to be served.
              await rm(copy, { force: true });
            }
          });
        });
      await Promise.all(writes);
    });
  }
}
