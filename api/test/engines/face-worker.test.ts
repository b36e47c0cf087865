import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { describeFaces, findFaces, SEGMENTATION_SIZE, segmentPerson } from '@app/face-net';
import { decodeForAnalysis } from '../../src/engines/cpu/decode';
import type { RgbImage } from '../../src/engines/cpu/face-api';
import { FaceWorker, faceWorker as sharedFaceWorker } from '../../src/engines/cpu/face-worker';
import { segmentationInput } from '../../src/engines/cpu/person-matte';
import { runEngines } from '../../src/plugins/job-worker';
import { TransientJobError } from '../../src/jobs/job-failures';
import { subjectPhoto } from '../support/images';
import { startStudio } from '../support/studio';

/** What a call came to, its rejection handled at once (so it is not reported as unhandled). */
const outcome = <T>(call: Promise<T>): Promise<{ value: T } | { error: Error }> =>
  call.then(
    (value) => ({ value }),
    (error: Error) => ({ error }),
  );

const portrait = async (subject: string, file: string): Promise<RgbImage> =>
  (await decodeForAnalysis(subjectPhoto(subject, file))).image;

/**
 * The face thread: the same faces as face-api in this thread, ended when idle (its wasm heap
 * given back) and started again on the next call, and failures that reject the calls they hit
 * without stopping the ones after.
 */
describe('FaceWorker', { timeout: 180_000 }, () => {
  const workers: FaceWorker[] = [];
  const faceWorker = (idleMs?: number) => {
    const worker = new FaceWorker(idleMs);
    workers.push(worker);
    return worker;
  };
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
  });

  it('finds the same faces, landmarks and descriptors as this thread finds', async () => {
    const faces = faceWorker();
    for (const [subject, file, count] of [
      ['lisa_debruine', '02.jpg', 1],
      ['_hard_cases', '01_group_obama_biden_situation_room.jpg', 10],
    ] as const) {
      const image = await portrait(subject, file);
      const pixels = Uint8Array.from(image.data);
      const there = await faces.describe(image);
      expect(there).toHaveLength(count);
      expect(there).toEqual(describeFaces(image));
      expect(there[0]!.descriptor).toBeInstanceOf(Float32Array);
      expect(there[0]!.descriptor).toHaveLength(128);
      expect(there[0]!.landmarks).toHaveLength(68);
      const withoutDescriptors = await faces.detect(image);
      expect(withoutDescriptors).toEqual(findFaces(image));
      expect(withoutDescriptors[0]).not.toHaveProperty('descriptor');
      // The caller's pixels stay its own (photo checks align the face from them next).
      expect(image.data).toEqual(pixels);
    }
  });

  it('segments the person as this thread does', async () => {
    const square = await segmentationInput(await portrait('lisa_debruine', '02.jpg'));
    const there = await faceWorker().segment(square);
    expect(there).toHaveLength(SEGMENTATION_SIZE * SEGMENTATION_SIZE);
    expect(there).toEqual(segmentPerson(square));
    // The person fills the middle of the portrait; the room is at its top corners.
    const at = (x: number, y: number) =>
      there[
        Math.floor(y * SEGMENTATION_SIZE) * SEGMENTATION_SIZE + Math.floor(x * SEGMENTATION_SIZE)
      ]!;
    expect(at(0.5, 0.5)).toBeGreaterThan(0.9);
    expect(Math.max(at(0.03, 0.03), at(0.97, 0.03))).toBeLessThan(0.1);
  });

  it('ends its thread after the idle time and starts a new one for the next call', async () => {
    const faces = faceWorker(300);
    const image = await portrait('frl_london_004', '01.jpg');
    const [first] = await faces.detect(image);
    const thread = faces.thread!;
    const { threadId } = thread;
    const [code] = (await once(thread, 'exit')) as [number];
    expect(code).toBe(1); // terminated
    expect(faces.thread).toBeUndefined();

    const [again] = await faces.detect(image);
    expect(again).toEqual(first);
    expect(faces.thread!.threadId).not.toBe(threadId);
  });

  it('keeps the thread while calls keep coming', async () => {
    const faces = faceWorker(2_000);
    const image = await portrait('frl_london_004', '01.jpg');
    await faces.detect(image);
    const { threadId } = faces.thread!;
    await faces.detect(image);
    expect(faces.thread!.threadId).toBe(threadId);
  });

  it('rejects the call a dying thread was running, and the next call gets a new thread', async () => {
    const faces = faceWorker();
    const image = await portrait('lisa_debruine', '02.jpg');
    const expected = await faces.detect(image);
    const running = outcome(faces.detect(image));
    const queued = faces.detect(image);
    const { threadId } = faces.thread!;
    await faces.thread!.terminate();
    const { error } = (await running) as { error: Error };
    expect(error).toBeInstanceOf(TransientJobError);
    expect(error.message).toBe('Face analysis stopped unexpectedly.');
    expect(await queued).toEqual(expected);
    expect(faces.thread!.threadId).not.toBe(threadId);
  });

  it('rejects a failed analysis with its error and keeps the thread for the next', async () => {
    const faces = faceWorker();
    const image = await portrait('lisa_debruine', '02.jpg');
    await faces.detect(image);
    const { threadId } = faces.thread!;
    // Fewer pixels than its size says: the detector refuses the image.
    const broken = { ...image, data: image.data.subarray(0, 30) };
    await expect(faces.detect(broken)).rejects.toThrow(/shape/i);
    expect((await faces.detect(image)).length).toBe(1);
    expect(faces.thread!.threadId).toBe(threadId);
  });

  it('stops waiting when the signal aborts, running or queued; later calls are answered', async () => {
    const faces = faceWorker();
    const image = await portrait('lisa_debruine', '02.jpg');
    const expected = await faces.detect(image);
    const [runningCall, queuedCall] = [new AbortController(), new AbortController()];
    const running = outcome(faces.detect(image, runningCall.signal));
    const queued = outcome(faces.detect(image, queuedCall.signal));
    const after = faces.detect(image);
    queuedCall.abort(new Error('queued call aborted'));
    runningCall.abort(new Error('running call aborted'));
    expect(await queued).toEqual({ error: new Error('queued call aborted') });
    expect(await running).toEqual({ error: new Error('running call aborted') });
    expect(await after).toEqual(expected);
    await expect(faces.detect(image, AbortSignal.abort(new Error('early')))).rejects.toThrow(
      'early',
    );
  });

  it('close ends the thread and fails the calls still open; a later call starts again', async () => {
    const faces = faceWorker();
    const image = await portrait('lisa_debruine', '02.jpg');
    const open = [outcome(faces.detect(image)), outcome(faces.detect(image))];
    const thread = faces.thread!;
    const exited = once(thread, 'exit');
    await faces.close();
    await exited;
    expect(await Promise.all(open)).toEqual([
      { error: new Error('Face analysis was shut down.') },
      { error: new Error('Face analysis was shut down.') },
    ]);
    expect(faces.thread).toBeUndefined();
    expect((await faces.detect(image)).length).toBe(1);
  });
});

describe('the api process', { timeout: 180_000 }, () => {
  it("ends the face thread with the engines (the app's onClose, also on SIGTERM)", async () => {
    const studio = await startStudio();
    try {
      const { app, config } = studio.running;
      const engines = await runEngines(app, config);
      // What an uploaded photo's check does in the api's main thread.
      await sharedFaceWorker.detect(await portrait('lisa_debruine', '02.jpg'));
      const exited = once(sharedFaceWorker.thread!, 'exit');
      await engines.close();
      await exited;
      expect(sharedFaceWorker.thread).toBeUndefined();
    } finally {
      await studio.stop();
    }
  });
});
