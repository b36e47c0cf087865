import { describe, expect, it } from 'vitest';
import { poissonBlend } from '../../src/engines/cpu/poisson';

function image(width: number, height: number, value: (x: number, y: number) => number) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      data.fill(value(x, y), at, at + 3);
    }
  }
  return { data, width, height };
}

function disc(width: number, height: number, cx: number, cy: number, radius: number) {
  return Uint8Array.from({ length: width * height }, (_, at) =>
    Math.hypot((at % width) - cx, Math.floor(at / width) - cy) < radius ? 1 : 0,
  );
}

describe('poissonBlend', () => {
  it('pastes a flat patch into a ramp as the ramp itself (the membrane of a linear border)', () => {
    // Large enough for the coarse-to-fine path (more than 4096 unknown pixels).
    const [width, height] = [160, 120];
    const ramp = (x: number, y: number) => 40 + x + 0.5 * y;
    const target = image(width, height, (x, y) => Math.round(ramp(x, y)));
    const region = disc(width, height, 80, 60, 50);
    // A flat source has no gradients: the result is the harmonic fill, here the ramp.
    const values = new Float32Array(width * height * 3).fill(200);
    poissonBlend(target, region, { left: 0, top: 0, width, height, values });
    let worst = 0;
    region.forEach((inside, at) => {
      if (!inside) return;
      const x = at % width;
      const y = Math.floor(at / width);
      worst = Math.max(worst, Math.abs(target.data[at * 3]! - ramp(x, y)));
    });
    expect(worst).toBeLessThan(2);
  });

  it("keeps the source's detail and shifts it to meet the surroundings", () => {
    const [width, height] = [64, 64];
    const target = image(width, height, () => 100);
    const region = disc(width, height, 32, 32, 20);
    // A source 60 levels brighter than the target, with a stripe pattern.
    const values = new Float32Array(width * height * 3);
    for (let at = 0; at < width * height; at += 1)
      values.fill(160 + ((at % width) % 4 < 2 ? 10 : -10), at * 3, at * 3 + 3);
    poissonBlend(target, region, { left: 0, top: 0, width, height, values });
    const at = 32 * width + 32;
    // The stripes survive (neighbouring columns differ by the source's 20 levels)...
    expect(Math.abs(target.data[at * 3]! - target.data[(at + 2) * 3]!)).toBeGreaterThan(15);
    // ...around the target's level, not the source's.
    const mean = (target.data[at * 3]! + target.data[(at + 2) * 3]!) / 2;
    expect(Math.abs(mean - 100)).toBeLessThan(6);
  });

  it('never writes outside the region', () => {
    const [width, height] = [40, 30];
    const target = image(width, height, (x) => x * 5);
    const before = Uint8Array.from(target.data);
    const region = disc(width, height, 20, 15, 8);
    const values = new Float32Array(width * height * 3).fill(255);
    poissonBlend(target, region, { left: 0, top: 0, width, height, values });
    region.forEach((inside, at) => {
      if (inside) return;
      expect(target.data.subarray(at * 3, at * 3 + 3)).toEqual(before.subarray(at * 3, at * 3 + 3));
    });
  });
});
