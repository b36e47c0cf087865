import { SEGMENTATION_SIZE, segmentPerson } from '@app/face-net';
import sharp from 'sharp';
import type { RgbImage } from './face-api';
import type { FramedPhoto } from './portrait-frame';

/**
 * Which pixels are the person (hair, face, neck, shoulders, clothes) and which the room behind:
 * MediaPipe's selfie segmentation network (`@app/face-net`, on the weights its npm package
 * ships) on the picture stretched to its 256 × 256 input, as MediaPipe feeds it. Its answer is
 * coarse (a few pixels of the input per hair strand), so a portrait's matte is then refined
 * along the photo's own edges at full size by a guided filter.
 */

/** `input` (an upright picture of any size) stretched to the network's square input. */
export async function segmentationInput(input: RgbImage): Promise<RgbImage> {
  const { width, height } = input;
  const pixels = await sharp(input.data, { raw: { width, height, channels: 3 } })
    .resize(SEGMENTATION_SIZE, SEGMENTATION_SIZE, { fit: 'fill' })
    .raw()
    .toBuffer();
  const data = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  return { data, width: SEGMENTATION_SIZE, height: SEGMENTATION_SIZE };
}

/**
 * The probability at (u, v), each 0..1 across the picture (pixel centres at (i + 0.5) / n),
 * bilinear between the network's pixels.
 */
function probabilityAt(probability: Float32Array, size: number, u: number, v: number) {
  const fx = Math.min(size - 1, Math.max(0, u * size - 0.5));
  const fy = Math.min(size - 1, Math.max(0, v * size - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(size - 1, x0 + 1);
  const y1 = Math.min(size - 1, y0 + 1);
  const lx = fx - x0;
  const ly = fy - y0;
  const top = probability[y0 * size + x0]! * (1 - lx) + probability[y0 * size + x1]! * lx;
  const bottom = probability[y1 * size + x0]! * (1 - lx) + probability[y1 * size + x1]! * lx;
  return top * (1 - ly) + bottom * ly;
}

const GUIDED_RADIUS = 4;
const GUIDED_EPSILON = 0.004;
/**
 * Where the network is unsure (a clock's hands beside the neck) it answers about a half: alpha
 * rises from nothing to full over this range, so such places drop out instead of showing through.
 */
const UNSURE = [0.35, 0.75] as const;

/**
 * Alpha per frame pixel of a photo warped into the portrait frame, 0..1; 0 outside the photo.
 * The network sees the photo as it was taken (a selfie, which it was made for), and its answer
 * is warped into the frame like the photo.
 */
export async function personMatte(photo: RgbImage, framed: FramedPhoto): Promise<Float32Array> {
  const { image, inside, mapping } = framed;
  const { width, height } = image;
  const probability = segmentPerson(await segmentationInput(photo));
  const size = SEGMENTATION_SIZE;
  const rough = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!inside[y * width + x]) continue;
      const p = mapping.toPhoto(x, y);
      const u = (p.x + 0.5) / photo.width;
      rough[y * width + x] = probabilityAt(probability, size, u, (p.y + 0.5) / photo.height);
    }
  }
  const [low, high] = UNSURE;
  // Outside the photo the filter answers 0, which maps to 0 here as well.
  return guidedFilter(image, inside, rough).map((value) => {
    const t = Math.min(1, Math.max(0, (value - low) / (high - low)));
    return t * t * (3 - 2 * t);
  });
}

/**
 * `rough` softened along the photo's edges: a guided filter (He et al. 2010) with the photo's
 * grey levels as the guide, over the photo's pixels only (what lies beyond its edge is no
 * evidence). Answers the filter's raw output (0 outside the photo); callers map it to alpha.
 */
export function guidedFilter(
  image: RgbImage,
  inside: Uint8Array,
  rough: Float32Array,
): Float32Array {
  const { width, height, data } = image;
  const count = width * height;
  const guide = new Float32Array(count);
  for (let at = 0; at < count; at += 1) {
    guide[at] =
      (0.299 * data[at * 3]! + 0.587 * data[at * 3 + 1]! + 0.114 * data[at * 3 + 2]!) / 255;
  }
  const coverage = boxMean(Float32Array.from(inside), width, height, GUIDED_RADIUS);
  const mean = (values: Float32Array) => {
    const masked = new Float32Array(count);
    for (let at = 0; at < count; at += 1) masked[at] = inside[at] ? values[at]! : 0;
    const sums = boxMean(masked, width, height, GUIDED_RADIUS);
    for (let at = 0; at < count; at += 1)
      sums[at] = coverage[at]! > 0 ? sums[at]! / coverage[at]! : 0;
    return sums;
  };
  const squared = new Float32Array(count);
  const product = new Float32Array(count);
  for (let at = 0; at < count; at += 1) {
    squared[at] = guide[at]! * guide[at]!;
    product[at] = guide[at]! * rough[at]!;
  }
  const meanGuide = mean(guide);
  const meanRough = mean(rough);
  const guideSquared = mean(squared);
  const guideRough = mean(product);
  const a = new Float32Array(count);
  const b = new Float32Array(count);
  for (let at = 0; at < count; at += 1) {
    const variance = guideSquared[at]! - meanGuide[at]! ** 2;
    a[at] = (guideRough[at]! - meanGuide[at]! * meanRough[at]!) / (variance + GUIDED_EPSILON);
    b[at] = meanRough[at]! - a[at]! * meanGuide[at]!;
  }
  const meanA = mean(a);
  const meanB = mean(b);
  return Float32Array.from({ length: count }, (_, at) =>
    inside[at] ? meanA[at]! * guide[at]! + meanB[at]! : 0,
  );
}

/** Mean over a (2r+1)² box, clipped at the image's edge: running sums along rows, then columns. */
export function boxMean(
  values: Float32Array,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  const rows = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const offset = y * width;
    let sum = 0;
    for (let x = 0; x < Math.min(width, radius); x += 1) sum += values[offset + x]!;
    for (let x = 0; x < width; x += 1) {
      if (x + radius < width) sum += values[offset + x + radius]!;
      if (x - radius - 1 >= 0) sum -= values[offset + x - radius - 1]!;
      rows[offset + x] = sum / (Math.min(width - 1, x + radius) - Math.max(0, x - radius) + 1);
    }
  }
  const out = new Float32Array(width * height);
  for (let x = 0; x < width; x += 1) {
    let sum = 0;
    for (let y = 0; y < Math.min(height, radius); y += 1) sum += rows[y * width + x]!;
    for (let y = 0; y < height; y += 1) {
      if (y + radius < height) sum += rows[(y + radius) * width + x]!;
      if (y - radius - 1 >= 0) sum -= rows[(y - radius - 1) * width + x]!;
      out[y * width + x] = sum / (Math.min(height - 1, y + radius) - Math.max(0, y - radius) + 1);
    }
  }
  return out;
}
