import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, trainToEnd, uploadJpegs } from '../support/fixtures';
import { smallSubjectPhoto } from '../support/images';
import { DOUBLE_OWNER, ReplicateDouble, UPSCALER } from '../support/replicate-double';
import { startReplicateStudio, startReplicateWorker } from '../support/replicate-studio';
import { newUser, type Studio } from '../support/studio';

const LISA = ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg', '06.jpg'];

/**
 * The whole path through our API with Replicate selected, against the HTTP double of Replicate's
 * documented API and the real `replicate` client: upload, train (ready through the signed
 * webhook), text-to-image with one and two models, an edit with a mask, and the gallery.
 */
describe('Replicate engine through the API', { timeout: 90_000 }, () => {
  let double: ReplicateDouble;
  let studio: Studio;
  let worker: { stop(): Promise<void> };
  const user = newUser('Lisa Example');

  beforeAll(async () => {
    double = await ReplicateDouble.start();
    // A slow poll: only the webhook can finish these jobs in time.
    studio = await startReplicateStudio(double, { REPLICATE_POLL_SECONDS: '600' });
    worker = await startReplicateWorker(studio);
  });
  afterAll(async () => {
    await studio.stop();
    await worker.stop();
    await double.close();
  });

  async function train(name: string, photoIds: string[]): Promise<string> {
    const { modelId, status } = await trainToEnd(studio, user, name, photoIds);
    expect(status).toMatchObject({ status: 'ready', jobStatus: 'succeeded', failureReason: null });
    return modelId;
  }

  it('trains on Replicate, generates with one and two models, edits, lists the images and makes an HD version', async () => {
    await makeAdmin(studio, user);
    const photos = await Promise.all(
      LISA.map(async (filename) => ({
        data: await smallSubjectPhoto('lisa_debruine', filename),
        filename,
      })),
    );
    const ids = await uploadJpegs(studio, user, photos);
    const first = await train('Lisa', ids);

    const [training] = double.trainings();
    expect(training?.input).toMatchObject({
      trigger_word: 'lisa',
      steps: 1000,
      lora_rank: 16,
      learning_rate: 0.0004,
      resolution: '512,768,1024',
      autocaption: true,
    });
    const trainJob = await studio.running.app.db
      .selectFrom('jobs')
      .innerJoin('provider_calls', 'provider_calls.job_id', 'jobs.id')
      .select(['jobs.id', 'provider_calls.provider_job_id'])
      .where('model_id', '=', first)
      .where('kind', '=', 'train')
      .executeTakeFirstOrThrow();
    // Our job id rides along, so the training can be found from our job without our database.
    expect(training?.webhook).toBe(
      `${studio.running.config.publicUrl}/api/webhooks/replicate?job=${trainJob.id}`,
    );
    expect(trainJob.provider_job_id).toBe(training?.id);
    expect(double.models.has(`${DOUBLE_OWNER}/studio-${first}`)).toBe(true);
    expect(double.deliveries).toEqual([{ jobId: training?.id, status: 'succeeded', answer: 200 }]);
    const row = await studio.running.app.db
      .selectFrom('models')
      .select(['engine', 'replicate_version'])
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    expect(row.engine).toBe('replicate');
    expect(row.replicate_version).toMatch(
      new RegExp(`^${DOUBLE_OWNER}/studio-${first}:[0-9a-f]{64}$`),
    );

    const generated = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'a natural portrait', aspect_ratio: '4:5', model_ids: [first] },
    });
    expect(generated.status).toBe(200);
    expect(generated.body).toMatchObject({ status: 'succeeded', error: null });
    const single = double.predictions().at(-1);
    expect(single?.input).toMatchObject({
      prompt: 'lisa, a natural portrait',
      aspect_ratio: '4:5',
      output_format: 'png',
      num_outputs: 1,
    });
    expect(Number.isInteger(single?.input.seed)).toBe(true);
    expect(single?.input).not.toHaveProperty('extra_lora');
    expect(single?.version).toBe(row.replicate_version?.split(':')[1]);
    expect(single?.webhook).toBe(
      `${studio.running.config.publicUrl}/api/webhooks/replicate?job=${generated.body.id}`,
    );

    // Several images of one prompt are one prediction; a pack's prompts one each.
    const before = double.predictions().length;
    const batch = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompts: ['in a cafe', 'in a park'], count: 2, model_ids: [first] },
    });
    expect(batch.body).toMatchObject({ status: 'succeeded', error: null });
    expect(batch.body.output).toHaveLength(4);
    const made = double.predictions().slice(before);
    expect(
      made.map((prediction) => [prediction.input.prompt, prediction.input.num_outputs]),
    ).toEqual([
      ['lisa, in a cafe', 2],
      ['lisa, in a park', 2],
    ]);
    expect(made.map((prediction) => prediction.webhook?.split('job=')[1])).toEqual([
      batch.body.id,
      `${batch.body.id}.1`,
    ]);

    const second = await train('Lisa two', ids.slice(0, 5).reverse());
    const secondVersion = (
      await studio.running.app.db
        .selectFrom('models')
        .select('replicate_version')
        .where('id', '=', second)
        .executeTakeFirstOrThrow()
    ).replicate_version;
    const pair = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: {
        prompt: 'lisa and lisatwo on a beach',
        aspect_ratio: '16:9',
        model_ids: [first, second],
      },
    });
    expect(pair.body).toMatchObject({ status: 'succeeded' });
    expect(double.predictions().at(-1)?.input).toMatchObject({
      prompt: 'lisa and lisatwo on a beach',
      extra_lora: secondVersion?.replace(':', '/'),
    });

    const image = await sharp(photos[5]!.data).resize(480, 600, { fit: 'cover' }).jpeg().toBuffer();
    const mask = await sharp({
      create: { width: 480, height: 600, channels: 3, background: '#000' },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 480, height: 200, channels: 3, background: '#fff' },
          })
            .png()
            .toBuffer(),
          top: 400,
          left: 0,
        },
      ])
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('prompt', 'a red scarf');
    form.set('aspect_ratio', '1:1');
    form.set('model_ids', JSON.stringify([first]));
    form.set('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'me.jpg');
    form.set('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
    const edited = await studio.as(user, 'POST', '/api/generate/edit-image', { body: form });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'succeeded' });
    const edit = double.predictions().at(-1);
    // The client uploaded both through the files API and passed their URLs.
    expect(edit?.input.image).toMatch(/\/v1\/files\/\w+\/download$/);
    expect(edit?.input.mask).toMatch(/\/v1\/files\/\w+\/download$/);
    expect(edit?.input.prompt).toBe('lisa, a red scarf');

    const gallery = await studio.as(user, 'GET', '/api/media?type=generated');
    const items = [generated, pair, edited].map((response) =>
      gallery.body.items.find(
        (item: { imageId: string }) => item.imageId === response.body.output[0],
      ),
    );
    expect(items.map((item) => [item.engine, item.mode])).toEqual([
      ['replicate', 'text-to-image'],
      ['replicate', 'text-to-image'],
      ['replicate', 'edit'],
    ]);
    expect(items[0]).toMatchObject({ width: 512, height: 640, modelIds: [first] });
    expect(items[1]).toMatchObject({ width: 912, height: 512, modelIds: [first, second] });
    expect(items[2]).toMatchObject({ width: 480, height: 600 });
    // Real faces of the person: recognised against the model's reference descriptors.
    for (const item of items) expect(item.identityScore).toBeGreaterThan(0.4);
    // No REPLICATE_WEBHOOK_SECRET: the account's secret was fetched once, then reused.
    expect(
      double.requests.filter((line) => line.endsWith('/webhooks/default/secret')),
    ).toHaveLength(1);

    // HD: the pinned upscaler gets the image (through the files API) and scale 2.
    const hd = await studio.as(user, 'POST', `/api/media/${items[0].imageId}/hd`);
    expect(hd.status).toBe(200);
    expect(hd.body.hd).toMatchObject({ quality: 'hd', ready: true });
    const upscale = double.predictions().at(-1);
    expect(upscale?.version).toBe(UPSCALER.version);
    expect(upscale?.input).toEqual({
      image: expect.stringMatching(/\/v1\/files\/\w+\/download$/),
      scale: 2,
    });
    expect(upscale?.webhook).toBe(
      `${studio.running.config.publicUrl}/api/webhooks/replicate?job=${hd.body.job.id}`,
    );
    const hdFile = Buffer.from(await (await fetch(hd.body.hd.downloadUrl)).arrayBuffer());
    expect(await sharp(hdFile).metadata()).toMatchObject({
      format: 'png',
      width: 1024,
      height: 1280,
    });
  });
});
