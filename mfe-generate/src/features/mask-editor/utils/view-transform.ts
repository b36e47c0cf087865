/** How far a photo can be zoomed in the mask editor, beyond fitting it on screen. */
export const MAX_ZOOM = 5;

/** The photo's zoom (1 = fitted) and its offset in screen pixels within the visible box. */
export interface ViewTransform {
  zoom: number;
  x: number;
  y: number;
}

export const FITTED: ViewTransform = { zoom: 1, x: 0, y: 0 };

export interface Point {
  x: number;
  y: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Keeps the zoomed photo covering the box: no empty edge can be dragged into view. */
export function clampTransform(
  view: ViewTransform,
  box: { width: number; height: number },
): ViewTransform {
  const zoom = clamp(view.zoom, 1, MAX_ZOOM);
  return {
    zoom,
    x: clamp(view.x, box.width - box.width * zoom, 0),
    y: clamp(view.y, box.height - box.height * zoom, 0),
  };
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Two fingers moved from `start` to `now`: the photo scales by how much they spread and follows
 * their midpoint, so the spot under the fingers stays under them (pinch-zoom and pan in one).
 */
export function pinch(
  from: ViewTransform,
  start: readonly [Point, Point],
  now: readonly [Point, Point],
  box: { width: number; height: number },
): ViewTransform {
  const startSpread = Math.max(1, distance(start[0], start[1]));
  const zoom = clamp(from.zoom * (distance(now[0], now[1]) / startSpread), 1, MAX_ZOOM);
  const startMid = midpoint(start[0], start[1]);
  const mid = midpoint(now[0], now[1]);
  // The photo point (in fitted pixels) that was under the fingers' midpoint.
  const anchorX = (startMid.x - from.x) / from.zoom;
  const anchorY = (startMid.y - from.y) / from.zoom;
  return clampTransform({ zoom, x: mid.x - anchorX * zoom, y: mid.y - anchorY * zoom }, box);
}

/** Zooms by `factor` around a point of the box (a mouse wheel with Ctrl, a trackpad pinch). */
export function zoomAround(
  from: ViewTransform,
  at: Point,
  factor: number,
  box: { width: number; height: number },
): ViewTransform {
  const zoom = clamp(from.zoom * factor, 1, MAX_ZOOM);
  const anchorX = (at.x - from.x) / from.zoom;
  const anchorY = (at.y - from.y) / from.zoom;
  return clampTransform({ zoom, x: at.x - anchorX * zoom, y: at.y - anchorY * zoom }, box);
}
