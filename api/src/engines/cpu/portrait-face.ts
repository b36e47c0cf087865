import { CANONICAL } from './align-face';
import type { Point } from './face-api';
import { faceOutline, rasterizePolygon } from './face-region';
import { poissonBlend } from './poisson';
import { EYES, FRAME_HEIGHT, FRAME_WIDTH, UNIT } from './portrait-frame';

/**
 * Puts a drawn face (canonical frame, `size` px, RGB) into a portrait's person (RGBA in the
 * portrait frame) over the photo's face outline, in the gradient domain: the drawn face's
 * features inside, the photo's skin tone and light where it meets the forehead, cheeks and jaw,
 * so the seam does not show. Both frames put the eyes in the same place, so the features line up.
 */
export function blendFaceIntoPortrait(
  person: Uint8Array,
  landmarks: Point[],
  face: Uint8Array,
  size: number,
): void {
  const outline = faceOutline(landmarks);
  const region = rasterizePolygon(outline, FRAME_WIDTH, FRAME_HEIGHT);
  const left = Math.max(0, Math.floor(Math.min(...outline.map((p) => p.x))) - 1);
  const top = Math.max(0, Math.floor(Math.min(...outline.map((p) => p.y))) - 1);
  const right = Math.min(FRAME_WIDTH, Math.ceil(Math.max(...outline.map((p) => p.x))) + 2);
  const bottom = Math.min(FRAME_HEIGHT, Math.ceil(Math.max(...outline.map((p) => p.y))) + 2);
  const width = right - left;
  const height = bottom - top;
  const eyeDistance = (CANONICAL.rightEye.x - CANONICAL.leftEye.x) * size;
  const centre = {
    x: ((CANONICAL.leftEye.x + CANONICAL.rightEye.x) / 2) * size,
    y: CANONICAL.leftEye.y * size,
  };
  const values = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const cx = centre.x + ((left + x - EYES.x) / UNIT) * eyeDistance;
      const cy = centre.y + ((top + y - EYES.y) / UNIT) * eyeDistance;
      const x0 = Math.min(size - 2, Math.max(0, Math.floor(cx)));
      const y0 = Math.min(size - 2, Math.max(0, Math.floor(cy)));
      const fx = Math.min(1, Math.max(0, cx - x0));
      const fy = Math.min(1, Math.max(0, cy - y0));
      const upper = (y0 * size + x0) * 3;
      const below = upper + size * 3;
      for (let c = 0; c < 3; c += 1) {
        values[(y * width + x) * 3 + c] =
          (face[upper + c]! * (1 - fx) + face[upper + 3 + c]! * fx) * (1 - fy) +
          (face[below + c]! * (1 - fx) + face[below + 3 + c]! * fx) * fy;
      }
    }
  }
  const rgb = new Uint8Array(FRAME_WIDTH * FRAME_HEIGHT * 3);
  for (let at = 0; at < FRAME_WIDTH * FRAME_HEIGHT; at += 1) {
    for (let c = 0; c < 3; c += 1) rgb[at * 3 + c] = person[at * 4 + c]!;
  }
  const image = { data: rgb, width: FRAME_WIDTH, height: FRAME_HEIGHT };
  poissonBlend(image, region, { left, top, width, height, values });
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) {
      const at = y * FRAME_WIDTH + x;
      if (!region[at]) continue;
      for (let c = 0; c < 3; c += 1) person[at * 4 + c] = rgb[at * 3 + c]!;
      person[at * 4 + 3] = 255;
    }
  }
}
