import * as spec from '@app/shared/spec';
import { describe, expect, it } from 'vitest';
import {
  codePointsOf,
  CORE_RANGE,
  latinCodePoints,
  rangeOf,
  robotoSubsets,
} from '../build/roboto-subsets';

/** Every string the spec module exports, however deeply nested. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

describe('the Roboto subsets', () => {
  it('draw every character of the spec’s texts from the file every start loads', async () => {
    const { core } = await robotoSubsets();
    const latin = await latinCodePoints();
    const used = new Set(
      textsOf(spec).flatMap((text) => [...text].map((char) => char.codePointAt(0)!)),
    );
    // Characters outside the latin files (an emoji in a hint) come from the system's fonts anyway.
    const missing = [...used].filter((point) => latin.has(point) && !core.has(point));
    expect(missing.map((point) => String.fromCodePoint(point))).toEqual([]);
    expect(used.size).toBeGreaterThan(80);
  });

  it('split the latin files without a gap or an overlap', async () => {
    const { core, rest } = await robotoSubsets();
    const latin = await latinCodePoints();
    expect([...core].filter((point) => rest.has(point))).toEqual([]);
    expect(new Set([...core, ...rest])).toEqual(latin);
    expect(core.has('é'.codePointAt(0)!)).toBe(false);
    expect(rest.has('é'.codePointAt(0)!)).toBe(true);
  });

  it('write unicode ranges back as they were read', () => {
    expect(rangeOf(codePointsOf(CORE_RANGE))).toBe(CORE_RANGE);
    expect(rangeOf([0x41, 0x42, 0x43, 0x45, 0x2026])).toBe('U+0041-0043,U+0045,U+2026');
    expect(() => codePointsOf('U+00ZZ')).toThrow('Not a unicode-range part');
  });
});
