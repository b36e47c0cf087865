import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobWorker } from '../../src/plugins/job-worker';
import { makeAdmin, trainToEnd, uploadJpegs } from '../support/fixtures';
import { smallSubjectPhoto } from '../support/images';
import { newUser, startStudio, type Studio } from '../support/studio';
import { cpuEngineRunners } from '../support/workers';

const LISA = ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg', '06.jpg'];
const GROUP = ['_hard_cases', '01_group_obama_biden_situation_room.jpg'] as const;

/**
 * The whole path through the API with the built-in engine on real portraits: upload, train
 * (with one unusable photo), generate with one and two models, images listed with their scores.
 */
describe('built-in engine through the API', { timeout: 240_000 }, () => {
  let studio: Studio;
  const user = newUser('Lisa Example');
  beforeAll(async () => {
    studio = await startStudio();
    const { app } = studio.running;
    await runJobWorker(app, cpuEngineRunners(app));
  });
  afterAll(() => studio.stop());

  async function train(name: string, photoIds: string[]): Promise<string> {
    const { modelId, status } = await trainToEnd(studio, user, name, photoIds);
    expect(status).toMatchObject({
      status: 'ready',
      jobStatus: 'succeeded',
      progress: 1,
      failureReason: null,
    });
    expect(status.elapsedSeconds).toBeGreaterThanOrEqual(0);
    return modelId;
  }

  it('trains, reports the unusable photo, and generates images with identity scores', async () => {
    await makeAdmin(studio, user);
    const photos = await Promise.all(
      LISA.map(async (filename) => ({
        data: await smallSubjectPhoto('lisa_debruine', filename),
        filename,
      })),
    );
    const group = { data: await smallSubjectPhoto(...GROUP), filename: 'group.jpg' };
    const ids = await uploadJpegs(studio, user, [...photos, group]);
    const first = await train('Lisa', ids);

    const models = await studio.as(user, 'GET', '/api/user');
    const model = models.body.models.find((entry: { modelId: string }) => entry.modelId === first);
    expect(model.photoIssues).toEqual([
      { photoId: ids[6], filename: 'group.jpg', problem: 'several-faces' },
    ]);
    expect(model).toMatchObject({
      engine: 'builtin-cpu',
      capabilities: { textConditioned: false, editFollowsPrompt: false },
    });

    const generated = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'lisa, natural portrait', aspect_ratio: '16:9', model_ids: [first] },
    });
    expect(generated.status).toBe(200);
    expect(generated.body).toMatchObject({ status: 'succeeded', error: null });
    const [imageId] = generated.body.output;

    // Several images: one job, each led by another of the model's photos, each with a likeness.
    const batch = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'studio light', count: 3, model_ids: [first] },
    });
    expect(batch.body).toMatchObject({ status: 'succeeded', error: null });
    expect(batch.body.output).toHaveLength(3);
    const listed = await studio.as(user, 'GET', '/api/media?type=generated');
    const images = batch.body.output.map((id: string) =>
      listed.body.items.find((entry: { imageId: string }) => entry.imageId === id),
    );
    const seeds = images.map((entry: { seed: number }) => entry.seed);
    expect(seeds).toEqual([seeds[0], seeds[0] + 1, seeds[0] + 2]);
    for (const entry of images) {
      expect(entry).toMatchObject({ prompt: 'studio light', engine: 'builtin-cpu' });
      expect(entry.likeness).toEqual({ score: expect.any(Number), verdict: expect.any(String) });
    }

    const second = await train('Lisa two', ids.slice(0, 6).reverse());
    const blended = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'black and white', aspect_ratio: '4:5', model_ids: [first, second] },
    });
    expect(blended.status).toBe(200);
    expect(
      (await studio.as(user, 'GET', `/api/generate/status/${blended.body.id}`)).body.status,
    ).toBe('succeeded');

    const gallery = await studio.as(user, 'GET', '/api/media?type=generated');
    const item = gallery.body.items.find((entry: { imageId: string }) => entry.imageId === imageId);
    expect(item).toMatchObject({
      type: 'generated',
      prompt: 'lisa, natural portrait',
      aspectRatio: '16:9',
      mode: 'text-to-image',
      modelIds: [first],
      engine: 'builtin-cpu',
      width: 912,
      height: 512,
    });
    expect(Number.isInteger(item.seed)).toBe(true);
    // The sampled face is recognised as the person (face-api: distance < 0.6, score > 0.4).
    expect(item.identityScore).toBeGreaterThan(0.4);
    const pair = gallery.body.items.find(
      (entry: { imageId: string }) => entry.imageId === blended.body.output[0],
    );
    expect(pair).toMatchObject({ modelIds: [first, second], width: 460, height: 576 });
  });
});
