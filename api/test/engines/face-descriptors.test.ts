import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { describeFaces, findFaces, recognitionNetLoaded } from '@app/face-net';
import { alignFace } from '../../src/engines/cpu/align-face';
import { decodeForAnalysis } from '../../src/engines/cpu/decode';
import type { FaceFinding, RgbImage } from '../../src/engines/cpu/face-api';
import { FaceWorker, faceWorker } from '../../src/engines/cpu/face-worker';
import { photoProblem } from '../../src/engines/cpu/photo-checks';
import { checkPhoto } from '../../src/engines/photo-review';
import { facePhotoPaths, subjectPhoto } from '../support/images';

/** A face as the photo checks see it: box, score and landmarks, no descriptor. */
const located = ({ box, score, landmarks }: FaceFinding): FaceFinding => ({
  box,
  score,
  landmarks,
});

const verdict = (faces: FaceFinding[], image: RgbImage, scale: number) =>
  photoProblem(faces, image, scale, faces[0] && alignFace(image, faces[0].landmarks));

/** Whether tfjs is loaded in this thread: its engine is a global of its own. */
const tfjsLoaded = () => '_tfengine' in globalThis;

/**
 * An uploaded photo's check asks for no descriptor: its face thread never loads or runs the
 * face-recognition net, and it finds exactly the faces, landmarks and verdicts a training's
 * review (which makes descriptors) finds. Neither loads tfjs.
 */
describe('faces with and without descriptors', { timeout: 180_000 }, () => {
  // This file's module state is its own (vitest isolates test files): no net is loaded yet.
  it('loads the face-recognition net only when a descriptor is first asked for, and never tfjs', async () => {
    const { image } = await decodeForAnalysis(subjectPhoto('lisa_debruine', '02.jpg'));
    const detected = findFaces(image);
    expect(detected).toHaveLength(1);
    expect(detected[0]).not.toHaveProperty('descriptor');
    expect(recognitionNetLoaded()).toBe(false);

    const described = describeFaces(image);
    expect(recognitionNetLoaded()).toBe(true);
    expect(described[0]!.descriptor).toHaveLength(128);
    expect(described.map(located)).toEqual(detected);
    expect(tfjsLoaded()).toBe(false);
  });

  const faces = new FaceWorker();
  // checkPhoto runs on this thread's shared face worker.
  afterAll(() => Promise.all([faces.close(), faceWorker.close()]));

  it('gives every test photo the same boxes, landmarks and check verdict', async () => {
    const verdicts = new Map<string, number>();
    for (const path of facePhotoPaths()) {
      const photo = readFileSync(path);
      const { image, scale } = await decodeForAnalysis(photo);
      const detected = await faces.detect(image);
      const described = await faces.describe(image);
      expect(described.map(located), path).toEqual(detected);
      const found = verdict(detected, image, scale);
      expect(verdict(described, image, scale), path).toBe(found);
      expect((await checkPhoto(photo)).problem, path).toBe(found);
      verdicts.set(String(found), (verdicts.get(String(found)) ?? 0) + 1);
    }
    // The photos cover usable ones and each kind of detection-based problem.
    expect(Object.fromEntries(verdicts)).toEqual({
      null: expect.any(Number),
      'several-faces': expect.any(Number),
      'face-too-small': expect.any(Number),
    });
  });
});
