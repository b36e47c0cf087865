import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrecompressPlugin } from '../build/precompress-plugin';

function build(config: Parameters<typeof rspack>[0]): Promise<void> {
  return new Promise((resolve, reject) => {
    rspack(config, (error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    });
  });
}

describe('PrecompressPlugin', () => {
  let dir: string;
  let files: string[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    const words = Array.from({ length: 2000 }, (_, index) => `word${index % 97}`).join(' ');
    await writeFile(join(dir, 'big.js'), `console.log(${JSON.stringify(words)});`);
    await writeFile(join(dir, 'small.js'), 'console.log(1);');
    await build({
      mode: 'production',
      context: dir,
      entry: { big: './big.js', small: './small.js' },
      devtool: 'source-map',
      output: { path: join(dir, 'dist'), filename: '[name].js', clean: true },
      plugins: [new PrecompressPlugin()],
    });
    files = (await readdir(join(dir, 'dist'))).sort();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy beside a text file, each the same bytes', async () => {
    const original = await readFile(join(dir, 'dist', 'big.js'));
    const br = await readFile(join(dir, 'dist', 'big.js.br'));
    const gz = await readFile(join(dir, 'dist', 'big.js.gz'));
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(gunzipSync(gz).equals(original)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
  });

  it('leaves out files too small to gain, and source maps', () => {
    expect(files).toContain('small.js');
    expect(files).not.toContain('small.js.br');
    expect(files.filter((file) => file.endsWith('.map'))).toEqual(['big.js.map', 'small.js.map']);
    expect(files.some((file) => /\.map\.(br|gz)$/.test(file))).toBe(false);
  });

  it('removes an older copy that a build without cleaning would leave behind', async () => {
    await writeFile(join(dir, 'dist', 'small.js.br'), 'stale');
    await build({
      mode: 'production',
      context: dir,
      entry: { small: './small.js' },
      output: { path: join(dir, 'dist'), filename: '[name].js', clean: false },
      plugins: [new PrecompressPlugin()],
    });
    expect(await readdir(join(dir, 'dist'))).not.toContain('small.js.br');
  });
});
