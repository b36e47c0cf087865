import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each script of a built app (its path under `distDir`) with the source files its map names. */
export function bundledSources(distDir: string): { chunk: string; sources: string[] }[] {
  return readdirSync(distDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js.map'))
    .map((file) => ({
      chunk: file.replace(/\.map$/, ''),
      sources: (JSON.parse(readFileSync(join(distDir, file), 'utf8')) as { sources: string[] })
        .sources,
    }));
}
