import type { Point, RgbImage } from './face-api';
import { exemplarFill } from './patch-match';
import { grabCutMatte } from './grabcut-matte';
import {
  FRAME_HEIGHT,
  FRAME_WIDTH,
  decodeForFrame,
  frameMapping,
  framePhoto,
} from './portrait-frame';

/** What a photo pixel shows, by the person matte of its portrait frame. */
export const PERSON = 1;
export const ROOM = 2;
/** Beyond the frame (far below or beside the head) the matte says nothing. */
export const UNKNOWN = 0;

/**
 * Per pixel of an upright photo (`width` × `height`, the face's `landmarks` in its pixels):
 * PERSON, ROOM or UNKNOWN. The matte is cut in the portrait frame at about 1.3 frame units per
 * eye distance, as the training photos' are, and read back at each photo pixel's frame position.
 */
export async function personOrRoom(
  photo: Buffer,
  width: number,
  height: number,
  landmarks: Point[],
): Promise<Uint8Array> {
  const mapping = frameMapping(landmarks);
  const { image, factor } = await decodeForFrame(photo, mapping.eyeDistance, width);
  const framed = framePhoto(
    image,
    landmarks.map(({ x, y }) => ({ x: x * factor, y: y * factor })),
  );
  const alpha = grabCutMatte(framed.image, framed.inside, framed.landmarks);
  const labels = new Uint8Array(width * height);
  // The frame is the same whatever the photo's scale: its mapping from full-size landmarks
  // places each full-size pixel. It is affine, so each row steps by a constant.
  const origin = mapping.toFrame({ x: 0, y: 0 });
  const right = mapping.toFrame({ x: 1, y: 0 });
  const down = mapping.toFrame({ x: 0, y: 1 });
  const step = { x: right.x - origin.x, y: right.y - origin.y };
  const rowStep = { x: down.x - origin.x, y: down.y - origin.y };
  for (let y = 0; y < height; y += 1) {
    let fx = origin.x + y * rowStep.x;
    let fy = origin.y + y * rowStep.y;
    for (let x = 0; x < width; x += 1, fx += step.x, fy += step.y) {
      const column = Math.round(fx);
      const row = Math.round(fy);
      if (column < 0 || row < 0 || column >= FRAME_WIDTH || row >= FRAME_HEIGHT) continue;
      const at = row * FRAME_WIDTH + column;
      if (!framed.inside[at]) continue;
      labels[y * width + x] = alpha[at]! >= 0.5 ? PERSON : ROOM;
    }
  }
  return labels;
}

/**
 * Exemplar fill (patch-match.ts) of `hole` in two parts: where the photo showed its person, from
 * the person's pixels; where it showed the room, from the room's. A stroke across the hairline
 * then carries the hair on instead of pasting the door behind it into the head. Pixels beyond
 * the frame are filled with the room and may serve either part.
 */
export function fillPersonThenRoom(
  image: RgbImage,
  hole: Uint8Array,
  sources: Uint8Array,
  labels: Uint8Array,
  seed: number,
): RgbImage {
  let result = image;
  for (const side of [PERSON, ROOM]) {
    const part = new Uint8Array(hole.length);
    const from = new Uint8Array(hole.length);
    let any = 0;
    for (let at = 0; at < hole.length; at += 1) {
      const label = labels[at]!;
      const onSide = label === side || (side === ROOM && label === UNKNOWN);
      part[at] = hole[at]! & (onSide ? 1 : 0);
      any |= part[at]!;
      from[at] = sources[at]! & (label === side || label === UNKNOWN ? 1 : 0);
    }
    if (any) result = exemplarFill(result, part, { seed, sources: from });
  }
  return result;
}
