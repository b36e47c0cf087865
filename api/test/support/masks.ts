import sharp from 'sharp';

/** A PNG mask of the given size, white inside the rectangles [x0, y0, x1, y1], black elsewhere. */
export function rectanglesMask(
  width: number,
  height: number,
  rectangles: number[][],
): Promise<Buffer> {
  const shapes = rectangles
    .map(([x0, y0, x1, y1]) => {
      const [left, top] = [Math.round(x0!), Math.round(y0!)];
      const size = `width="${Math.round(x1!) - left}" height="${Math.round(y1!) - top}"`;
      return `<rect x="${left}" y="${top}" ${size} fill="#fff"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The box around some points, padded on every side by a share of its width. */
export function boxAround(points: { x: number; y: number }[], pad: number): number[] {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const margin = (Math.max(...xs) - Math.min(...xs)) * pad;
  return [
    Math.min(...xs) - margin,
    Math.min(...ys) - margin,
    Math.max(...xs) + margin,
    Math.max(...ys) + margin,
  ];
}
