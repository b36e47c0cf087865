import type { PhotoProblem } from '@app/shared/contract/models';
import type { FaceFinding, RgbImage } from './face-api';

/** A face narrower than this in the original photo has too little detail to learn from. */
const MIN_FACE_WIDTH_PX = 100;
/** A second face at least this fraction of the first's width makes it a group photo. */
const SECOND_FACE_RATIO = 0.4;
/**
 * Variance of the Laplacian over the aligned face's centre; below it the photo is too blurry.
 * Measured in the 256 px canonical frame on the test portraits: sharp photos 33-580 (33 is a
 * 190 px wide face), the same photos blurred by 1 % of the face width 13-24.
 */
const MIN_SHARPNESS = 27;

/** Edge energy of the central half of an aligned (canonical-frame) face, in grey levels². */
function sharpness(aligned: RgbImage): number {
  const { width, height, data } = aligned;
  const grey = (x: number, y: number) => {
    const at = (y * width + x) * 3;
    return 0.299 * (data[at] ?? 0) + 0.587 * (data[at + 1] ?? 0) + 0.114 * (data[at + 2] ?? 0);
  };
  const values: number[] = [];
  for (let y = Math.floor(height / 4); y < Math.floor((height * 3) / 4); y += 1) {
    for (let x = Math.floor(width / 4); x < Math.floor((width * 3) / 4); x += 1) {
      values.push(
        4 * grey(x, y) - grey(x - 1, y) - grey(x + 1, y) - grey(x, y - 1) - grey(x, y + 1),
      );
    }
  }
  const average = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - average) ** 2, 0) / values.length;
}

/**
 * The first problem that makes a photo unusable for training, or null. `scale` converts the
 * analysed image's pixels back to the original photo's (the detector sees a downsized copy).
 */
export function photoProblem(
  faces: FaceFinding[],
  scale: number,
  aligned: RgbImage | undefined,
): PhotoProblem | null {
  const [first, second] = faces;
  if (!first) return 'no-face';
  if (second && second.box.width >= first.box.width * SECOND_FACE_RATIO) return 'several-faces';
  if (first.box.width * scale < MIN_FACE_WIDTH_PX) return 'face-too-small';
  if (aligned && sharpness(aligned) < MIN_SHARPNESS) return 'too-blurry';
  return null;
}
