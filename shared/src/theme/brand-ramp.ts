import type { BrandVariants } from '@fluentui/react-components';

type Rgb = readonly [number, number, number];

function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => from[i]! + (to[i]! - from[i]!) * amount) as unknown as Rgb;
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const STOPS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

/**
 * Fluent has no palette-from-one-colour API: it wants 16 brand stops, and its components use
 * stop 80 as the primary colour. We put the brand colour exactly at 80 and shade towards black
 * below and tint towards white above, so buttons and links render the exact spec colour.
 */
export function brandRamp(primaryHex: string): BrandVariants {
  const primary = hexToRgb(primaryHex);
  const ramp = {} as Record<(typeof STOPS)[number], string>;
  for (const stop of STOPS) {
    if (stop === 80) ramp[stop] = rgbToHex(primary);
    else if (stop < 80) ramp[stop] = rgbToHex(mix(primary, BLACK, ((80 - stop) / 70) * 0.8));
    else ramp[stop] = rgbToHex(mix(primary, WHITE, ((stop - 80) / 80) * 0.9));
  }
  return ramp as BrandVariants;
}
