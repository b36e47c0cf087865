import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Compiler } from '@rspack/core';
import subsetFont from 'subset-font';

/**
 * Roboto (the design card's font, bundled so the app renders offline) in two files per weight:
 * `core`, every character the app's own texts use, which every start loads, and `rest`, the
 * remainder of @fontsource's latin subset (accented letters of names and prompts, rarer
 * punctuation), which the browser fetches only for a page that draws one of them (unicode-range).
 * A start's two preloaded faces then carry only the characters the app draws.
 *
 * Without TrueType hinting: its instructions were a third of each file, and the screens the app
 * is for do not run them (Android and Apple platforms draw fonts unhinted; only Windows at low
 * pixel densities uses them, for slightly crisper stems).
 */

/** ASCII and the punctuation of the spec's texts (shell/test/roboto-subsets.test.ts checks). */
export const CORE_RANGE =
  'U+0020-007E,U+00A0,U+00B7,U+00D7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+20AC';

/** Regular, medium and bold; Fluent's semibold (600) is drawn by the bold face. */
const ROBOTO_WEIGHTS = [400, 500, 700] as const;

export type RobotoSubset = 'core' | 'rest';

/** subset-font's options as its README documents them; @types/subset-font predates `noHinting`. */
type SubsetOptions = NonNullable<Parameters<typeof subsetFont>[2]> & { noHinting?: boolean };
const subsetWithOptions = subsetFont as (
  font: Buffer,
  text: string,
  options: SubsetOptions,
) => Promise<Buffer>;

const require = createRequire(import.meta.url);
const FONTSOURCE_DIR = dirname(require.resolve('@fontsource/roboto/package.json'));

/** `U+0000-00FF,U+0131,…` as code points. */
export function codePointsOf(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const match = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    if (!match) throw new Error(`Not a unicode-range part: ${part}`);
    const first = parseInt(match[1]!, 16);
    const last = match[2] === undefined ? first : parseInt(match[2], 16);
    for (let point = first; point <= last; point += 1) points.add(point);
  }
  return points;
}

/** Code points back to the shortest unicode-range that names them. */
export function rangeOf(points: Iterable<number>): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0');
  const parts: string[] = [];
  for (let index = 0; index < sorted.length;) {
    const first = sorted[index]!;
    let last = first;
    while (sorted[index + 1] === last + 1) last = sorted[++index]!;
    index += 1;
    parts.push(first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`);
  }
  return parts.join(',');
}

/** The code points of @fontsource's latin files, as its unicode.json names them. */
export async function latinCodePoints(): Promise<Set<number>> {
  const ranges = JSON.parse(await readFile(join(FONTSOURCE_DIR, 'unicode.json'), 'utf8')) as {
    latin: string;
  };
  return codePointsOf(ranges.latin);
}

/** Each subset's code points: the core within latin, and the rest of latin. */
export async function robotoSubsets(): Promise<Record<RobotoSubset, Set<number>>> {
  const latin = await latinCodePoints();
  const core = new Set([...codePointsOf(CORE_RANGE)].filter((point) => latin.has(point)));
  const rest = new Set([...latin].filter((point) => !core.has(point)));
  return { core, rest };
}

const fileName = (weight: number, subset: RobotoSubset) => `roboto-${weight}-${subset}.woff2`;

/** The emitted name of a subset file, as rspack hashes it: `roboto-400-core.<hash>.woff2`. */
export const EMITTED_SUBSET = /(?:^|\/)roboto-(\d{3})-(core|rest)\.[0-9a-f]+\.woff2$/;

/**
 * Writes the subset files and `roboto.css`, their @font-face rules, into `outDir`, unless the
 * files there were made from the same fonts by this same code.
 */
async function writeRobotoSubsets(outDir: string): Promise<void> {
  const { version } = JSON.parse(await readFile(join(FONTSOURCE_DIR, 'package.json'), 'utf8')) as {
    version: string;
  };
  const code = createHash('sha256')
    .update(await readFile(fileURLToPath(import.meta.url)))
    .digest('hex');
  const stamp = JSON.stringify({ version, code });
  const stampFile = join(outDir, 'made-from.json');
  if (existsSync(stampFile) && (await readFile(stampFile, 'utf8')) === stamp) return;

  await mkdir(outDir, { recursive: true });
  const subsets = await robotoSubsets();
  const rules: string[] = [];
  for (const weight of ROBOTO_WEIGHTS) {
    const font = await readFile(
      join(FONTSOURCE_DIR, 'files', `roboto-latin-${weight}-normal.woff2`),
    );
    for (const subset of ['core', 'rest'] as const) {
      const text = String.fromCodePoint(...subsets[subset]);
      await writeFile(
        join(outDir, fileName(weight, subset)),
        await subsetWithOptions(font, text, { targetFormat: 'woff2', noHinting: true }),
      );
      rules.push(
        `@font-face{font-family:Roboto;font-style:normal;font-display:swap;font-weight:${weight};` +
          `src:url(./${fileName(weight, subset)}) format("woff2");` +
          `unicode-range:${rangeOf(subsets[subset])}}`,
      );
    }
  }
  await writeFile(join(outDir, 'roboto.css'), `${rules.join('\n')}\n`);
  await writeFile(stampFile, stamp);
}

/** Makes the subsets before each compilation, which imports them from `outDir`. */
export class RobotoSubsetsPlugin {
  constructor(private readonly outDir: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.beforeCompile.tapPromise('RobotoSubsetsPlugin', () =>
      writeRobotoSubsets(this.outDir),
    );
  }
}
