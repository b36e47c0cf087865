import type { PhotoProblem } from '@app/shared/contract/models';
import { eyeCentres } from './align-face';
import type { FaceFinding, Point, RgbImage } from './face-api';

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
 * How far the whole face reaches from the midpoint of the eyes, in eye distances, with a margin:
 * sideways past the jaw, up past the brows, down past the chin. On the test portraits the jaw
 * ends 1.0-1.25 eye distances to either side, the brows 0.4-0.6 above, the chin 1.45-1.9 below.
 * The eyes are found reliably even in a crop that cuts the rest off, while the detector then
 * squeezes the jaw and chin landmarks into the picture: the eyes are what the frame is built on.
 */
const WHOLE_FACE = { side: 1.3, above: 0.8, below: 1.95 } as const;

/** Whether the frame of the whole face (WHOLE_FACE, turned with the eye line) leaves the photo. */
export function faceCutOff(landmarks: Point[], width: number, height: number): boolean {
  const { left, right } = eyeCentres(landmarks);
  const across = { x: right.x - left.x, y: right.y - left.y };
  // Down the face: the eye line turned a quarter (y grows downwards).
  const down = { x: -across.y, y: across.x };
  const middle = { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2 };
  for (const sideways of [-WHOLE_FACE.side, WHOLE_FACE.side]) {
    for (const downwards of [-WHOLE_FACE.above, WHOLE_FACE.below]) {
      const x = middle.x + sideways * across.x + downwards * down.x;
      const y = middle.y + sideways * across.y + downwards * down.y;
      if (x < 0 || y < 0 || x > width || y > height) return true;
    }
  }
  return false;
}

/**
 * The first problem that makes a photo unusable for training, or null. `image` is the analysed
 * copy the faces were found in; `scale` converts its pixels back to the original photo's (the
 * detector sees a downsized copy).
 */
export function photoProblem(
  faces: FaceFinding[],
  image: Pick<RgbImage, 'width' | 'height'>,
  scale: number,
  aligned: RgbImage | undefined,
): PhotoProblem | null {
  const [first, second] = faces;
  if (!first) return 'no-face';
  if (second && second.box.width >= first.box.width * SECOND_FACE_RATIO) return 'several-faces';
  if (first.box.width * scale < MIN_FACE_WIDTH_PX) return 'face-too-small';
  if (faceCutOff(first.landmarks, image.width, image.height)) return 'face-cut-off';
  if (aligned && sharpness(aligned) < MIN_SHARPNESS) return 'too-blurry';
  return null;
}
