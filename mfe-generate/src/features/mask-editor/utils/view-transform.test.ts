import { describe, expect, it } from 'vitest';
import { clampTransform, FITTED, MAX_ZOOM, pinch, zoomAround } from './view-transform';

const box = { width: 400, height: 300 };

describe('pinch-zoom and pan of the mask editor', () => {
  it('zooms by how far the fingers spread, keeping the spot under them in place', () => {
    const view = pinch(
      FITTED,
      [
        { x: 150, y: 150 },
        { x: 250, y: 150 },
      ],
      [
        { x: 100, y: 150 },
        { x: 300, y: 150 },
      ],
      box,
    );
    expect(view.zoom).toBe(2);
    // The midpoint (200, 150) was photo point (200, 150) and still is: 200 = x + 200 * 2.
    expect(view).toEqual({ zoom: 2, x: -200, y: -150 });
  });

  it('pans with two fingers moving together', () => {
    const zoomed = { zoom: 2, x: -200, y: -150 };
    const view = pinch(
      zoomed,
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 150, y: 120 },
        { x: 250, y: 120 },
      ],
      box,
    );
    expect(view).toEqual({ zoom: 2, x: -150, y: -130 });
  });

  it('never zooms out beyond fitting nor past the maximum, and keeps the photo covering the box', () => {
    expect(clampTransform({ zoom: 0.5, x: 40, y: 40 }, box)).toEqual(FITTED);
    expect(clampTransform({ zoom: 9, x: 0, y: 0 }, box).zoom).toBe(MAX_ZOOM);
    expect(clampTransform({ zoom: 2, x: 50, y: -1000 }, box)).toEqual({ zoom: 2, x: 0, y: -300 });
  });

  it('zooms around the pointer (Ctrl + wheel)', () => {
    expect(zoomAround(FITTED, { x: 0, y: 0 }, 2, box)).toEqual({ zoom: 2, x: 0, y: 0 });
    expect(zoomAround({ zoom: 2, x: -400, y: -300 }, { x: 400, y: 300 }, 0.5, box)).toEqual(FITTED);
  });
});
