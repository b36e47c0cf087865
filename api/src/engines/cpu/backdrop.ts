import type { Layout } from './layout';
import type { Rgb, Scene, Steering } from './prompt-vocabulary';
import { seededRandom } from './random';

/**
 * The clean backdrop behind a generated portrait, drawn from the prompt's scene and colour (see
 * prompt-vocabulary.ts): a studio backdrop lit behind the head, or a place far out of focus, as a
 * portrait lens with a shallow depth of field shows it. Drawn, never copied from the photos.
 * Returns 3 floats per pixel (0..255).
 */
export function renderBackdrop(layout: Layout, steering: Steering, seed: number): Float32Array {
  const random = seededRandom(seed ^ 0x5bd1e995);
  const canvas = new Canvas(layout.width, layout.height);
  const { scale, eyes } = layout;
  const side = random() < 0.5 ? -1 : 1;
  const place = SCENES[steering.scene];
  canvas.gradient(
    steering.colour && steering.scene === 'studio' ? studioStops(steering.colour) : place.stops,
  );
  place.draw?.(canvas, layout, random, side);
  canvas.blur(place.defocus * scale);
  if (steering.scene === 'studio') {
    // The backdrop light: a soft pool behind the head, a little to the key light's side.
    canvas.light(eyes.x + side * 0.9 * scale, eyes.y + 0.8 * scale, 4.5 * scale, 0.3, 0.4);
    canvas.mottle(random, 0.05);
  }
  place.sharp?.(canvas, layout, random);
  if (steering.colour && steering.scene !== 'studio') canvas.tint(steering.colour, 0.6);
  return canvas.data;
}

interface Stop {
  at: number;
  colour: Rgb;
}

interface Place {
  /** Top-to-bottom colours, `at` from 0 (top edge) to 1 (bottom edge). */
  stops: Stop[];
  /** Lights and shapes, drawn before the defocus. */
  draw?(canvas: Canvas, layout: Layout, random: () => number, side: number): void;
  /** Blur radius, in eye distances. */
  defocus: number;
  /** Drawn after the defocus (stars stay points). */
  sharp?(canvas: Canvas, layout: Layout, random: () => number): void;
}

const scaled = ([r, g, b]: Rgb, factor: number): Rgb => [r * factor, g * factor, b * factor];

const studioStops = (colour: Rgb): Stop[] => [
  { at: 0, colour: scaled(colour, 0.92) },
  { at: 1, colour: scaled(colour, 0.78) },
];

const SCENES: Record<Scene, Place> = {
  studio: { stops: studioStops([116, 110, 104]), defocus: 0 },
  outdoors: {
    stops: [
      { at: 0, colour: [196, 212, 186] },
      { at: 0.3, colour: [120, 150, 96] },
      { at: 0.65, colour: [66, 98, 54] },
      { at: 1, colour: [44, 64, 38] },
    ],
    draw(canvas, layout, random) {
      canvas.bokeh(
        random,
        34,
        [0.25, 0.8],
        layout,
        [0, 0.75],
        [
          [236, 244, 196],
          [150, 190, 110],
          [92, 130, 70],
        ],
      );
    },
    defocus: 0.35,
  },
  beach: {
    stops: [
      { at: 0, colour: [132, 182, 226] },
      { at: 0.52, colour: [204, 226, 238] },
      { at: 0.55, colour: [70, 138, 176] },
      { at: 0.68, colour: [96, 160, 186] },
      { at: 0.72, colour: [222, 204, 170] },
      { at: 1, colour: [208, 186, 148] },
    ],
    defocus: 0.25,
  },
  city: {
    stops: [
      { at: 0, colour: [96, 90, 92] },
      { at: 0.55, colour: [74, 68, 68] },
      { at: 1, colour: [46, 42, 44] },
    ],
    draw(canvas, layout, random) {
      canvas.bokeh(
        random,
        46,
        [0.12, 0.42],
        layout,
        [0.05, 0.8],
        [
          [255, 206, 130],
          [255, 238, 214],
          [255, 160, 96],
          [170, 200, 255],
        ],
      );
    },
    defocus: 0.12,
  },
  night: {
    stops: [
      { at: 0, colour: [8, 12, 34] },
      { at: 1, colour: [26, 32, 64] },
    ],
    draw(canvas, layout) {
      canvas.light(layout.eyes.x, layout.eyes.y + layout.scale, 3 * layout.scale, 0.5, 0.5);
    },
    defocus: 0,
    sharp(canvas, layout, random) {
      canvas.stars(random, Math.round((layout.width * layout.height) / 2400));
    },
  },
  snow: {
    stops: [
      { at: 0, colour: [232, 238, 246] },
      { at: 1, colour: [192, 206, 226] },
    ],
    draw(canvas, layout, random) {
      canvas.bokeh(random, 70, [0.04, 0.14], layout, [0, 1], [[255, 255, 255]]);
    },
    defocus: 0.05,
  },
  sunset: {
    stops: [
      { at: 0, colour: [112, 78, 138] },
      { at: 0.4, colour: [226, 124, 112] },
      { at: 0.62, colour: [248, 174, 92] },
      { at: 0.7, colour: [150, 86, 66] },
      { at: 1, colour: [70, 44, 40] },
    ],
    draw(canvas, layout, _random, side) {
      const { width, eyes, scale } = layout;
      canvas.light(
        width / 2 - side * width * 0.3,
        eyes.y + 1.6 * scale,
        1.8 * scale,
        1.1,
        0,
        [255, 226, 160],
      );
    },
    defocus: 0.2,
  },
  interior: {
    stops: [
      { at: 0, colour: [98, 72, 56] },
      { at: 1, colour: [54, 40, 32] },
    ],
    draw(canvas, layout, random) {
      canvas.bokeh(
        random,
        22,
        [0.3, 0.9],
        layout,
        [0, 0.7],
        [
          [255, 196, 124],
          [255, 170, 96],
          [240, 220, 180],
        ],
      );
    },
    defocus: 0.3,
  },
};

class Canvas {
  readonly data: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Float32Array(width * height * 3);
  }

  gradient(stops: Stop[]): void {
    const { width, height, data } = this;
    for (let y = 0; y < height; y += 1) {
      const t = (y + 0.5) / height;
      let next = stops.findIndex((stop) => stop.at >= t);
      if (next < 0) next = stops.length - 1;
      const a = stops[Math.max(0, next - 1)]!;
      const b = stops[next]!;
      const f = b.at > a.at ? Math.min(1, Math.max(0, (t - a.at) / (b.at - a.at))) : 1;
      const smooth = f * f * (3 - 2 * f);
      for (let c = 0; c < 3; c += 1) {
        const value = a.colour[c]! + (b.colour[c]! - a.colour[c]!) * smooth;
        for (let x = 0; x < width; x += 1) data[(y * width + x) * 3 + c] = value;
      }
    }
  }

  /**
   * A pool of light: brightens by `gain` at (cx, cy), falling off over `radius`; `darken` dims
   * what is far from it (0 = not at all). `colour` adds light of that colour instead.
   */
  light(cx: number, cy: number, radius: number, gain: number, darken: number, colour?: Rgb): void {
    const { width, height, data } = this;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const falloff = Math.exp(-(((x - cx) ** 2 + (y - cy) ** 2) / (radius * radius)));
        const at = (y * width + x) * 3;
        for (let c = 0; c < 3; c += 1) {
          if (colour) data[at + c] = data[at + c]! + gain * falloff * (colour[c]! - data[at + c]!);
          else data[at + c]! *= 1 - darken * (1 - falloff) + gain * falloff;
        }
      }
    }
  }

  /** Soft discs of light: the highlights of an out-of-focus background. */
  bokeh(
    random: () => number,
    count: number,
    [small, large]: [number, number],
    { scale, width, height }: Layout,
    [top, bottom]: [number, number],
    colours: Rgb[],
  ): void {
    const { data } = this;
    for (let index = 0; index < count; index += 1) {
      const cx = random() * width;
      const cy = (top + random() * (bottom - top)) * height;
      const radius = (small + random() * (large - small)) * scale;
      const colour = colours[Math.floor(random() * colours.length)]!;
      const strength = 0.25 + 0.45 * random();
      const x0 = Math.max(0, Math.floor(cx - radius - 2));
      const x1 = Math.min(width - 1, Math.ceil(cx + radius + 2));
      const y0 = Math.max(0, Math.floor(cy - radius - 2));
      const y1 = Math.min(height - 1, Math.ceil(cy + radius + 2));
      for (let y = y0; y <= y1; y += 1) {
        for (let x = x0; x <= x1; x += 1) {
          const edge = Math.min(1, Math.max(0, radius - Math.hypot(x - cx, y - cy) + 0.5));
          if (edge <= 0) continue;
          const at = (y * width + x) * 3;
          for (let c = 0; c < 3; c += 1) {
            data[at + c] = data[at + c]! + strength * edge * (colour[c]! - data[at + c]!);
          }
        }
      }
    }
  }

  /** Small sharp points of light. */
  stars(random: () => number, count: number): void {
    const { width, height, data } = this;
    for (let index = 0; index < count; index += 1) {
      const x = Math.floor(random() * width);
      const y = Math.floor(random() * height * 0.85);
      const brightness = 90 + 165 * random() ** 3;
      const at = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) data[at + c] = Math.max(data[at + c]!, brightness - c * 6);
    }
  }

  /** A painted backdrop's slow variations of brightness (seeded, ±amount). */
  mottle(random: () => number, amount: number): void {
    const { width, height, data } = this;
    const grid = 5;
    const cells = Array.from({ length: (grid + 1) * (grid + 1) }, () => 2 * random() - 1);
    for (let y = 0; y < height; y += 1) {
      const gy = (y / height) * grid;
      const y0 = Math.min(grid - 1, Math.floor(gy));
      const fy = gy - y0;
      const sy = fy * fy * (3 - 2 * fy);
      for (let x = 0; x < width; x += 1) {
        const gx = (x / width) * grid;
        const x0 = Math.min(grid - 1, Math.floor(gx));
        const fx = gx - x0;
        const sx = fx * fx * (3 - 2 * fx);
        const top = y0 * (grid + 1) + x0;
        const bottom = top + grid + 1;
        const value =
          (cells[top]! * (1 - sx) + cells[top + 1]! * sx) * (1 - sy) +
          (cells[bottom]! * (1 - sx) + cells[bottom + 1]! * sx) * sy;
        const at = (y * width + x) * 3;
        for (let c = 0; c < 3; c += 1) data[at + c]! *= 1 + amount * value;
      }
    }
  }

  /** Every colour pulled towards `colour` at its own brightness, by `amount`. */
  tint(colour: Rgb, amount: number): void {
    const { data } = this;
    const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
    const own = Math.max(1, luma(colour[0], colour[1], colour[2]));
    for (let at = 0; at < data.length; at += 3) {
      const level = luma(data[at]!, data[at + 1]!, data[at + 2]!) / own;
      for (let c = 0; c < 3; c += 1) {
        data[at + c] = data[at + c]! * (1 - amount) + Math.min(255, colour[c]! * level) * amount;
      }
    }
  }

  /** Approximately Gaussian blur of the given radius (three box passes each way). */
  blur(radius: number): void {
    if (radius < 0.5) return;
    const box = Math.max(1, Math.round(radius / 1.7));
    for (let pass = 0; pass < 3; pass += 1) {
      boxBlurRows(this.data, this.width, this.height, box);
      boxBlurColumns(this.data, this.width, this.height, box);
    }
  }
}

function boxBlurRows(data: Float32Array, width: number, height: number, radius: number) {
  const row = new Float32Array(width * 3);
  for (let y = 0; y < height; y += 1) {
    const offset = y * width * 3;
    row.set(data.subarray(offset, offset + width * 3));
    for (let c = 0; c < 3; c += 1) {
      let sum = 0;
      for (let x = -radius; x <= radius; x += 1)
        sum += row[Math.min(width - 1, Math.max(0, x)) * 3 + c]!;
      for (let x = 0; x < width; x += 1) {
        data[offset + x * 3 + c] = sum / (2 * radius + 1);
        const leaving = Math.max(0, x - radius);
        const entering = Math.min(width - 1, x + radius + 1);
        sum += row[entering * 3 + c]! - row[leaving * 3 + c]!;
      }
    }
  }
}

function boxBlurColumns(data: Float32Array, width: number, height: number, radius: number) {
  const column = new Float32Array(height * 3);
  for (let x = 0; x < width; x += 1) {
    for (let y = 0; y < height; y += 1) {
      for (let c = 0; c < 3; c += 1) column[y * 3 + c] = data[(y * width + x) * 3 + c]!;
    }
    for (let c = 0; c < 3; c += 1) {
      let sum = 0;
      for (let y = -radius; y <= radius; y += 1)
        sum += column[Math.min(height - 1, Math.max(0, y)) * 3 + c]!;
      for (let y = 0; y < height; y += 1) {
        data[(y * width + x) * 3 + c] = sum / (2 * radius + 1);
        const leaving = Math.max(0, y - radius);
        const entering = Math.min(height - 1, y + radius + 1);
        sum += column[entering * 3 + c]! - column[leaving * 3 + c]!;
      }
    }
  }
}
