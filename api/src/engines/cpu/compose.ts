import sharp from 'sharp';
import { renderBackdrop } from './backdrop';
import type { Layout } from './layout';
import { EYES, FRAME_HEIGHT, FRAME_WIDTH, UNIT } from './portrait-frame';
import type { Steering } from './prompt-vocabulary';
import { seededRandom } from './random';

/**
 * A generated portrait: the person (RGBA in the portrait frame, the drawn face already in it)
 * placed by the layout over the prompt's backdrop, lit as the prompt asks, graded, as a PNG.
 */
export async function composePortrait(
  person: Uint8Array,
  layout: Layout,
  steering: Steering,
  seed: number,
): Promise<Buffer> {
  const { width, height, scale, eyes } = layout;
  const backdrop = renderBackdrop(layout, steering, seed);
  const layer = await placePerson(person, layout);
  const random = seededRandom(seed ^ 0x27d4eb2f);
  const side = random() < 0.5 ? -1 : 1;

  // Light that wraps around the person's edge from the backdrop, so the cut-out sits in it.
  const soft = Float32Array.from(layer.alpha);
  blurPlane(soft, width, height, 0.12 * scale);
  const mean = meanColour(backdrop);
  const meanLevel = Math.max(1, (mean[0] + mean[1] + mean[2]) / 3);
  const spill = mean.map((value) => 0.93 + (0.07 * value) / meanLevel);

  const image = backdrop;
  for (let y = 0; y < height; y += 1) {
    const v = (y - eyes.y) / scale;
    const fall = 0.03 * steering.contrast * Math.max(0, v - 2);
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      const a = layer.alpha[at]!;
      if (a <= 0) continue;
      const u = (x - eyes.x) / scale;
      // Key light from one side, dimming the far side of the face and body.
      const key = 1 + 0.08 * steering.contrast * Math.max(-1.5, Math.min(1.5, side * u)) - fall;
      const edge = Math.min(1, 2.5 * a * (1 - soft[at]!));
      for (let c = 0; c < 3; c += 1) {
        const i = at * 3 + c;
        // The room's colour spills a little onto the person, and its light wraps the edges.
        let lit = layer.colour[i]! * key * spill[c]!;
        lit += 0.45 * edge * Math.max(0, backdrop[i]! - lit);
        image[i] = a * lit + (1 - a) * backdrop[i]!;
      }
    }
  }
  const bytes = grade(image, layout, steering, random);
  return sharp(bytes, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The person's RGBA resized to the layout and put where it says: colour and alpha planes. */
async function placePerson(person: Uint8Array, { width, height, scale, eyes }: Layout) {
  const factor = scale / UNIT;
  const resizedWidth = Math.round(FRAME_WIDTH * factor);
  const resizedHeight = Math.round(FRAME_HEIGHT * factor);
  const resized = await sharp(person, {
    raw: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 4 },
  })
    .resize(resizedWidth, resizedHeight, { kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const left = Math.round(eyes.x - EYES.x * (resizedWidth / FRAME_WIDTH));
  const top = Math.round(eyes.y - EYES.y * (resizedHeight / FRAME_HEIGHT));
  const colour = new Float32Array(width * height * 3);
  const alpha = new Float32Array(width * height);
  for (let y = Math.max(0, top); y < Math.min(height, top + resizedHeight); y += 1) {
    for (let x = Math.max(0, left); x < Math.min(width, left + resizedWidth); x += 1) {
      const from = ((y - top) * resizedWidth + x - left) * 4;
      const at = y * width + x;
      alpha[at] = resized[from + 3]! / 255;
      for (let c = 0; c < 3; c += 1) colour[at * 3 + c] = resized[from + c]!;
    }
  }
  return { colour, alpha };
}

/** Approximately Gaussian blur of one plane (three box passes each way). */
function blurPlane(data: Float32Array, width: number, height: number, radius: number): void {
  const box = Math.max(1, Math.round(radius / 1.7));
  const line = new Float32Array(Math.max(width, height));
  for (let pass = 0; pass < 3; pass += 1) {
    for (let y = 0; y < height; y += 1) boxLine(data, y * width, 1, width, box, line);
    for (let x = 0; x < width; x += 1) boxLine(data, x, width, height, box, line);
  }
}

function boxLine(
  data: Float32Array,
  start: number,
  stride: number,
  length: number,
  radius: number,
  line: Float32Array,
): void {
  for (let i = 0; i < length; i += 1) line[i] = data[start + i * stride]!;
  let sum = 0;
  for (let i = -radius; i <= radius; i += 1) sum += line[Math.min(length - 1, Math.max(0, i))]!;
  for (let i = 0; i < length; i += 1) {
    data[start + i * stride] = sum / (2 * radius + 1);
    sum += line[Math.min(length - 1, i + radius + 1)]! - line[Math.max(0, i - radius)]!;
  }
}

function meanColour(data: Float32Array): [number, number, number] {
  const sum = [0, 0, 0];
  for (let at = 0; at < data.length; at += 3)
    for (let c = 0; c < 3; c += 1) sum[c]! += data[at + c]!;
  const count = data.length / 3;
  return [sum[0]! / count, sum[1]! / count, sum[2]! / count];
}

/**
 * Exposure, warmth, palette, vignette, film look and a fine grain, over the whole picture; the
 * result as bytes.
 */
function grade(
  image: Float32Array,
  layout: Layout,
  steering: Steering,
  random: () => number,
): Uint8Array {
  const { width, height } = layout;
  const gain = 2 ** (0.5 * steering.exposure);
  const warm = steering.warmth;
  const [mr, mg, mb] = [1 + 0.08 * warm, 1 + 0.01 * warm, 1 - 0.1 * warm];
  const vignette = 0.1 + (steering.contrast > 1 ? 0.22 : 0) + (steering.film ? 0.15 : 0);
  const grain = steering.film ? 7 : 1.5;
  const cx = width / 2;
  const cy = height / 2;
  const reach = cx * cx + cy * cy;
  const bytes = new Uint8Array(width * height * 3);
  const byte = (value: number) => Math.min(255, Math.max(0, Math.round(value)));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const r2 = ((x - cx) ** 2 + (y - cy) ** 2) / reach;
      const shade = (1 - vignette * r2 * r2) * gain;
      let r = image[at]! * shade * mr;
      let g = image[at + 1]! * shade * mg;
      let b = image[at + 2]! * shade * mb;
      if (steering.palette !== 'colour') {
        const grey = 0.299 * r + 0.587 * g + 0.114 * b;
        const sepia = steering.palette === 'sepia';
        r = sepia ? grey * 1.08 : grey;
        g = sepia ? grey * 0.9 : grey;
        b = sepia ? grey * 0.7 : grey;
      }
      if (steering.film) {
        const grey = (r + g + b) / 3;
        r = 16 + 0.86 * (0.85 * r + 0.15 * grey);
        g = 16 + 0.86 * (0.85 * g + 0.15 * grey);
        b = 16 + 0.86 * (0.85 * b + 0.15 * grey);
      }
      const noise = (random() - 0.5) * 2 * grain;
      bytes[at] = byte(r + noise);
      bytes[at + 1] = byte(g + noise);
      bytes[at + 2] = byte(b + noise);
    }
  }
  return bytes;
}
