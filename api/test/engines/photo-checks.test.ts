import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { alignFace, CANONICAL, eyeCentres } from '../../src/engines/cpu/align-face';
import { decodeForAnalysis } from '../../src/engines/cpu/decode';
import { detectFaces } from '../../src/engines/cpu/face-api';
import { photoProblem } from '../../src/engines/cpu/photo-checks';
import { solidPng, subjectPhoto } from '../support/images';

async function check(photo: Buffer) {
  const { image, scale } = await decodeForAnalysis(photo);
  const faces = await detectFaces(image);
  const aligned = faces[0] && alignFace(image, faces[0].landmarks);
  return photoProblem(faces, image, scale, aligned);
}

/** Real detection on the shared test portraits (about 0.3 s per photo on the wasm backend). */
describe('photo checks', { timeout: 30_000 }, () => {
  it('accepts a clear single portrait', async () => {
    expect(await check(subjectPhoto('lisa_debruine', '02.jpg'))).toBeNull();
    expect(await check(subjectPhoto('frl_london_004', '01.jpg'))).toBeNull();
  });

  it('names what is wrong with unusable photos', async () => {
    expect(await check(await solidPng(400, 300))).toBe('no-face');
    expect(
      await check(subjectPhoto('_hard_cases', '01_group_obama_biden_situation_room.jpg')),
    ).toBe('several-faces');
    expect(await check(subjectPhoto('_hard_cases', '02_obama_small_face_rose_garden.jpg'))).toBe(
      'face-too-small',
    );
  });

  it('refuses a crop that cuts the face off, and keeps one that shows it whole', async () => {
    for (const file of ['01.jpg', '06.jpg', '08.jpg']) {
      const photo = subjectPhoto('lisa_debruine', file);
      const { image, scale } = await decodeForAnalysis(photo);
      const [face] = await detectFaces(image);
      const { left, right } = eyeCentres(face!.landmarks);
      const eyes = { x: ((left.x + right.x) / 2) * scale, y: ((left.y + right.y) / 2) * scale };
      const distance = (right.x - left.x) * scale;
      // A square from above the brows to just under the nose: the face check's detector still
      // finds a face in it.
      const side = Math.round(distance * 2.5);
      const eyesAndNose = await sharp(photo)
        .extract({
          left: Math.round(eyes.x - side / 2),
          top: Math.round(eyes.y - side * 0.45),
          width: side,
          height: side,
        })
        .jpeg({ quality: 95 })
        .toBuffer();
      expect(await check(eyesAndNose), file).toBe('face-cut-off');
      // The crop dialog's 'Fit': the photo's centre square, the whole face in it.
      const { width = 0, height = 0 } = await sharp(photo).metadata();
      const square = Math.min(width, height);
      const fit = await sharp(photo)
        .extract({
          left: Math.round((width - square) / 2),
          top: Math.round((height - square) / 2),
          width: square,
          height: square,
        })
        .jpeg({ quality: 95 })
        .toBuffer();
      expect(await check(fit), file).toBeNull();
    }
  });

  it('finds a blur of 1 % of the face width too blurry', async () => {
    const photo = subjectPhoto('lisa_debruine', '08.jpg');
    const { width = 0 } = await sharp(photo).metadata();
    // The face is about half the photo's width here.
    const blurred = await sharp(photo)
      .blur(Math.max(1, width * 0.5 * 0.01))
      .jpeg()
      .toBuffer();
    expect(await check(blurred)).toBe('too-blurry');
  });

  it('aligns the face so that its eyes land on the canonical positions', async () => {
    const { image } = await decodeForAnalysis(subjectPhoto('frl_london_005', '02.jpg'));
    const [face] = await detectFaces(image);
    const aligned = alignFace(image, face!.landmarks);
    // Detection again inside the aligned frame: the eyes must be where the frame puts them.
    const [again] = await detectFaces(aligned);
    const { left, right } = eyeCentres(again!.landmarks);
    const size = CANONICAL.size;
    expect(Math.abs(left.x - CANONICAL.leftEye.x * size)).toBeLessThan(5);
    expect(Math.abs(right.x - CANONICAL.rightEye.x * size)).toBeLessThan(5);
    expect(Math.abs(left.y - CANONICAL.leftEye.y * size)).toBeLessThan(5);
    expect(Math.abs(right.y - CANONICAL.rightEye.y * size)).toBeLessThan(5);
  });
});
