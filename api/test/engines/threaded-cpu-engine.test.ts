import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CallContext, GenerateRequest } from '../../src/engines/engine';
import { CpuEngine } from '../../src/engines/cpu/cpu-engine';
import { ThreadedCpuEngine } from '../../src/engines/cpu/threaded-cpu-engine';
import { JobFailure } from '../../src/jobs/job-failures';
import { LocalStorage } from '../../src/storage/local-storage';
import { makeTempDir, removeDir } from '../helpers';
import { smallSubjectPhoto, solidPng } from '../support/images';

const SECRET = 'test-secret';
const context: CallContext = {
  signal: new AbortController().signal,
  onProgress: () => undefined,
};
const lisa = async (file: string) => ({
  id: file,
  filename: file,
  data: await smallSubjectPhoto('lisa_debruine', file),
});

/**
 * The CPU engine in a worker thread: same results as in this thread, progress, failures and
 * aborts carried across, and the point of it: the training runs in the engine's thread, so the
 * main event loop keeps answering during it.
 */
describe('ThreadedCpuEngine', { timeout: 60_000 }, () => {
  let dir: string;
  let threaded: ThreadedCpuEngine;
  let direct: CpuEngine;
  beforeAll(async () => {
    dir = await makeTempDir();
    threaded = new ThreadedCpuEngine({ dataDir: dir, urlSigningSecret: SECRET });
    direct = new CpuEngine(new LocalStorage(dir, SECRET));
  });
  afterAll(async () => {
    await threaded.close();
    await removeDir(dir);
  });

  it('trains off the main thread: this thread runs none of it, progress comes back', async () => {
    const photos = await Promise.all(['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg'].map(lisa));
    const progress: number[] = [];
    const inThisThread = vi.spyOn(CpuEngine.prototype, 'train');
    let running = false;
    try {
      const result = await threaded.train(
        { userId: 'u', modelId: 'lisa', triggerWord: 'lisa', photos },
        {
          ...context,
          onProgress: (value) => {
            running ||= threaded.threadRunning;
            progress.push(value);
          },
        },
      );
      expect(result).toEqual({ photoIssues: [] });
    } finally {
      inThisThread.mockRestore();
    }
    // The engine's own thread did the work: CpuEngine's train never ran in this one.
    expect(inThisThread).not.toHaveBeenCalled();
    expect(running).toBe(true);
    expect(progress.length).toBeGreaterThanOrEqual(photos.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it('draws the same bytes as the in-thread engine for the same seed, one image or a batch', async () => {
    const request: GenerateRequest = {
      userId: 'u',
      prompt: 'warm portrait',
      aspectRatio: '4:5',
      modelIds: ['lisa'],
      seed: 11,
    };
    const [fromThread, inThread] = await Promise.all([
      threaded.generate(request, context),
      direct.generate(request, context),
    ]);
    expect(Buffer.isBuffer(fromThread.data)).toBe(true);
    expect(fromThread.data.equals(inThread.data)).toBe(true);
    expect(fromThread.identityScore).toBe(inThread.identityScore);

    const [batchFromThread, batchInThread] = await Promise.all([
      threaded.generateMany(request, 2, context),
      direct.generateMany(request, 2, context),
    ]);
    expect(batchFromThread).toHaveLength(2);
    batchFromThread.forEach((image, index) => {
      expect(Buffer.isBuffer(image.data)).toBe(true);
      expect(image.data.equals(batchInThread[index]!.data)).toBe(true);
    });
  });

  it('edits like the in-thread engine', async () => {
    const image = await solidPng(160, 120);
    const box = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const mask = await sharp({
      create: { width: 160, height: 120, channels: 3, background: '#000000' },
    })
      .composite([{ input: box, left: 60, top: 45 }])
      .png()
      .toBuffer();
    const request = { userId: 'u', prompt: '', aspectRatio: '1:1' as const, modelIds: ['lisa'] };
    const [fromThread, inThread] = await Promise.all([
      threaded.edit({ ...request, seed: 1, image, mask }, context),
      direct.edit({ ...request, seed: 1, image, mask }, context),
    ]);
    expect(fromThread.data.equals(inThread.data)).toBe(true);
    // Inputs are copied to the thread, never taken from the caller.
    expect(image.length).toBeGreaterThan(0);
  });

  it('fails a training with too few usable photos as a JobFailure, message intact', async () => {
    const photos = [
      await lisa('01.jpg'),
      await lisa('02.jpg'),
      { id: 'x', filename: 'blank.png', data: await solidPng(300, 300) },
    ];
    const training = threaded.train(
      { userId: 'u', modelId: 'few', triggerWord: 'x', photos },
      context,
    );
    await expect(training).rejects.toThrow(JobFailure);
    await expect(training).rejects.toThrow(/Only 2 of the photos.*blank\.png: no face found/);
  });

  it('stops an aborted call with the signal’s reason, and keeps working after', async () => {
    const photos = await Promise.all(['06.jpg', '07.jpg', '08.jpg', '01.jpg', '02.jpg'].map(lisa));
    const controller = new AbortController();
    const reason = new Error('stop');
    const training = threaded.train(
      { userId: 'u', modelId: 'aborted', triggerWord: 'x', photos },
      { signal: controller.signal, onProgress: () => controller.abort(reason) },
    );
    await expect(training).rejects.toBe(reason);
    await expect(
      threaded.train(
        { userId: 'u', modelId: 'never', triggerWord: 'x', photos },
        { ...context, signal: controller.signal },
      ),
    ).rejects.toBe(reason);
    const image = await threaded.generate(
      { userId: 'u', prompt: '', aspectRatio: '1:1', modelIds: ['lisa'], seed: 2 },
      context,
    );
    expect(image.data.length).toBeGreaterThan(0);
  });

  it('ends its thread after the idle time and starts one for the next call', async () => {
    const idling = new ThreadedCpuEngine({ dataDir: dir, urlSigningSecret: SECRET }, 300);
    const request: GenerateRequest = {
      userId: 'u',
      prompt: 'warm portrait',
      aspectRatio: '1:1',
      modelIds: ['lisa'],
      seed: 5,
    };
    try {
      const first = await idling.generate(request, context);
      expect(idling.threadRunning).toBe(true);
      await expect.poll(() => idling.threadRunning, { timeout: 10_000 }).toBe(false);
      const again = await idling.generate(request, context);
      expect(again.data.equals(first.data)).toBe(true);
    } finally {
      await idling.close();
    }
  });

  it('refuses calls once closed', async () => {
    await threaded.close();
    await expect(
      threaded.generate(
        { userId: 'u', prompt: '', aspectRatio: '1:1', modelIds: ['lisa'], seed: 3 },
        context,
      ),
    ).rejects.toThrow(/closed/);
  });
});
