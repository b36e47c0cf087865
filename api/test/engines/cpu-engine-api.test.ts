import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuEngine } from '../../src/engines/cpu/cpu-engine';
import { engineRunners } from '../../src/engines/engine-runners';
import { startJobWorker } from '../../src/jobs/start-worker';
import { makeAdmin } from '../support/fixtures';
import { smallSubjectPhoto } from '../support/images';
import { newUser, startStudio, type Studio } from '../support/studio';

const LISA = ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg', '06.jpg'];
const GROUP = ['_hard_cases', '01_group_obama_biden_situation_room.jpg'] as const;

/**
 * The whole path through the API with the built-in engine on real portraits: upload, train
 * (with one unusable photo), generate with one and two models, images listed with their scores.
 */
describe('built-in engine through the API', { timeout: 60_000 }, () => {
  let studio: Studio;
  const user = newUser('Lisa Example');
  beforeAll(async () => {
    studio = await startStudio();
    const { app } = studio.running;
    await startJobWorker(app, engineRunners(app, new CpuEngine(app.storage)));
  });
  afterAll(() => studio.stop());

  async function upload(files: { data: Buffer; filename: string }[]): Promise<string[]> {
    const ids: string[] = [];
    for (const file of files) {
      const response = await studio.as(user, 'POST', '/api/media/upload', {
        json: {
          photos: [
            {
              imageBase64: file.data.toString('base64'),
              filename: file.filename,
              contentType: 'image/jpeg',
              caption: '',
            },
          ],
        },
      });
      expect(response.status).toBe(200);
      ids.push(response.body.items[0].imageId);
    }
    return ids;
  }

  async function train(name: string, photoIds: string[]): Promise<string> {
    const started = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: name, triggerWord: '', photoIds },
    });
    expect(started.status).toBe(202);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const status = await studio.as(user, 'GET', '/api/user/training-status');
      const model = status.body.models.find(
        (entry: { modelId: string }) => entry.modelId === started.body.modelId,
      );
      if (model.status !== 'training') {
        expect(model).toMatchObject({
          status: 'ready',
          jobStatus: 'succeeded',
          progress: 1,
          failureReason: null,
        });
        expect(model.elapsedSeconds).toBeGreaterThanOrEqual(0);
        return started.body.modelId as string;
      }
      if (Date.now() > deadline) throw new Error('training did not finish');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
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
    const ids = await upload([...photos, group]);
    const first = await train('Lisa', ids);

    const models = await studio.as(user, 'GET', '/api/user');
    const model = models.body.models.find((entry: { modelId: string }) => entry.modelId === first);
    expect(model.photoIssues).toEqual([
      { photoId: ids[6], filename: 'group.jpg', problem: 'several-faces' },
    ]);

    const generated = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'lisa, natural portrait', aspect_ratio: '16:9', model_ids: [first] },
    });
    expect(generated.status).toBe(200);
    expect(generated.body).toMatchObject({ status: 'succeeded', error: null });
    const [imageId] = generated.body.output;

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
    expect(pair).toMatchObject({ modelIds: [first, second], width: 512, height: 640 });
  });
});
