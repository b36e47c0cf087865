import { describe, expect, it } from 'vitest';
import { maskFromPainting, paintedAtPoint, paintedShare, type RgbaPixels } from './mask-pixels';

/** A transparent painting with the given pixels set to the given alpha. */
function painting(width: number, height: number, alphaAt: Record<string, number>): RgbaPixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [key, alpha] of Object.entries(alphaAt)) {
    const [x, y] = key.split(',').map(Number) as [number, number];
    data.set([255, 0, 0, alpha], (y * width + x) * 4);
  }
  return { width, height, data };
}

const isWhite = (mask: RgbaPixels, x: number, y: number) => {
  const at = (y * mask.width + x) * 4;
  const [r, g, b, a] = mask.data.slice(at, at + 4);
  expect(a, `alpha at ${x},${y}`).toBe(255);
  if (r === 255 && g === 255 && b === 255) return true;
  expect([r, g, b], `pixel ${x},${y} is black or white`).toEqual([0, 0, 0]);
  return false;
};

describe('the edit mask of spec §5', () => {
  it('takes painted pixels with alpha above 30, not at 30', () => {
    const { mask } = maskFromPainting(painting(20, 9, { '4,4': 31, '15,4': 30 }), undefined, {
      alphaThreshold: 30,
      dilationPx: 0,
    });
    expect(isWhite(mask, 4, 4)).toBe(true);
    expect(isWhite(mask, 15, 4)).toBe(false);
  });

  it('grows each painted pixel by 2 px in every direction, and no further', () => {
    const { mask, paintedPixels } = maskFromPainting(painting(11, 11, { '5,5': 255 }));
    for (const [x, y] of [
      [5, 5],
      [7, 5],
      [3, 5],
      [5, 7],
      [5, 3],
      [6, 6],
      [4, 4],
    ] as const) {
      expect(isWhite(mask, x, y), `${x},${y}`).toBe(true);
    }
    // Three pixels away, or diagonally beyond 2 px (2.2 and 2.8 px): black.
    for (const [x, y] of [
      [8, 5],
      [5, 2],
      [7, 6],
      [7, 7],
      [0, 0],
    ] as const) {
      expect(isWhite(mask, x, y), `${x},${y}`).toBe(false);
    }
    expect(paintedPixels).toBe(13);
  });

  it('is black everywhere when nothing was painted', () => {
    const { mask, paintedPixels } = maskFromPainting(painting(8, 4, { '1,1': 10 }));
    expect(paintedPixels).toBe(0);
    for (let y = 0; y < 4; y += 1)
      for (let x = 0; x < 8; x += 1) expect(isWhite(mask, x, y)).toBe(false);
  });

  it('maps the painting onto the photo’s size before growing it', () => {
    // A 4×2 painting of a 400×200 photo: its pixel (1,0) covers the photo's x 100-199, y 0-99.
    const { mask } = maskFromPainting(painting(4, 2, { '1,0': 200 }), { width: 400, height: 200 });
    expect(mask.width).toBe(400);
    expect(mask.height).toBe(200);
    expect(isWhite(mask, 100, 0)).toBe(true);
    expect(isWhite(mask, 199, 99)).toBe(true);
    // Grown by 2 px at the photo's resolution, not by 2 painting pixels.
    expect(isWhite(mask, 98, 50)).toBe(true);
    expect(isWhite(mask, 97, 50)).toBe(false);
    expect(isWhite(mask, 201, 50)).toBe(true);
    expect(isWhite(mask, 202, 50)).toBe(false);
    expect(isWhite(mask, 150, 101)).toBe(true);
    expect(isWhite(mask, 150, 102)).toBe(false);
    expect(isWhite(mask, 300, 150)).toBe(false);
  });

  it('scales down as well: a photo smaller than the painting', () => {
    const { mask } = maskFromPainting(
      painting(8, 8, { '6,6': 255, '7,7': 255 }),
      {
        width: 4,
        height: 4,
      },
      { alphaThreshold: 30, dilationPx: 0 },
    );
    expect(isWhite(mask, 3, 3)).toBe(true);
    expect(isWhite(mask, 0, 0)).toBe(false);
  });
});

describe('the painted share', () => {
  it('counts the pixels painted with alpha above 30 over all pixels', () => {
    expect(paintedShare(painting(4, 5, {}))).toBe(0);
    expect(paintedShare(painting(4, 5, { '0,0': 31, '1,0': 255, '2,0': 30, '3,4': 200 }))).toBe(
      3 / 20,
    );
  });
});

describe('where the painting is painted, for the edit-mask rule', () => {
  it('reads a point given in 0-1 of the painting by the same alpha threshold', () => {
    const at = paintedAtPoint(painting(10, 4, { '9,3': 31, '0,0': 30 }), 30);
    expect(at({ x: 0.95, y: 0.9 })).toBe(true);
    expect(at({ x: 1, y: 1 })).toBe(true);
    expect(at({ x: 0, y: 0 })).toBe(false);
    expect(at({ x: 0.5, y: 0.5 })).toBe(false);
  });
});
