import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eyeCentres } from '../../src/engines/cpu/align-face';
import { decodeForAnalysis } from '../../src/engines/cpu/decode';
import { detectFaces } from '../../src/engines/cpu/face-api';
import { PERSON, ROOM, UNKNOWN, personOrRoom } from '../../src/engines/cpu/person-or-room';
import { smallSubjectPhoto } from '../support/images';

describe('personOrRoom', { timeout: 60_000 }, () => {
  it("labels a photo's pixels by its portrait frame's matte: face and hair, the room beside them, nothing far below", async () => {
    // She stands before a door, a tiled wall to her left (the photo's right).
    const photo = await smallSubjectPhoto('lisa_debruine', '07.jpg');
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    const { image, scale } = await decodeForAnalysis(photo);
    const [face] = await detectFaces(image);
    const landmarks = face!.landmarks.map(({ x, y }) => ({ x: x * scale, y: y * scale }));
    const labels = await personOrRoom(photo, width, height, landmarks);

    const { left, right } = eyeCentres(landmarks);
    const eyes = { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2 };
    const unit = Math.hypot(right.x - left.x, right.y - left.y);
    /** The label `dx`, `dy` eye distances from the eyes' midpoint. */
    const at = (dx: number, dy: number) =>
      labels[Math.round(eyes.y + dy * unit) * width + Math.round(eyes.x + dx * unit)];

    expect(at(0, 1)).toBe(PERSON); // the nose
    expect(at(0, -1)).toBe(PERSON); // the forehead
    expect(at(0, -1.75)).toBe(PERSON); // the hair on top of the head
    expect(at(-3, 0)).toBe(ROOM); // beside the head, at eye height
    expect(at(3, -1)).toBe(ROOM);
    expect(labels[(height - 1) * width]).toBe(UNKNOWN); // beyond the frame
  });
});
