import Replicate, { type Prediction } from 'replicate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_MODEL, ReplicateDouble } from '../support/replicate-double';

/**
 * The double's FLUX.1 Kontext [pro], as the real `replicate` client runs an official model by
 * name (`POST /v1/models/{owner}/{name}/predictions`): its documented inputs are checked and its
 * output is one image URL.
 */
describe('the Replicate double runs FLUX.1 Kontext [pro] by name', () => {
  let double: ReplicateDouble;
  let client: Replicate;
  let photo: Buffer;

  beforeAll(async () => {
    double = await ReplicateDouble.start();
    const env = double.env();
    client = new Replicate({
      auth: env.REPLICATE_API_TOKEN,
      baseUrl: env.REPLICATE_API_URL,
      fileEncodingStrategy: 'upload',
    });
    photo = await sharp({
      create: { width: 300, height: 400, channels: 3, background: '#c08060' },
    })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await double.close();
  });

  const run = (input: Record<string, unknown>, model = PREVIEW_MODEL.model) =>
    client.predictions.create({ model, input });

  async function settled(prediction: Prediction): Promise<Prediction> {
    for (;;) {
      const current = await client.predictions.get(prediction.id);
      if (['succeeded', 'failed', 'canceled'].includes(current.status)) return current;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('edits the uploaded photo into one image URL at the asked aspect ratio', async () => {
    const started = await run({
      prompt: 'Make a photo of this person: studio portrait.',
      input_image: photo,
      aspect_ratio: '3:4',
      output_format: 'png',
      safety_tolerance: 2,
      seed: 7,
    });
    expect(started).toMatchObject({ model: PREVIEW_MODEL.model, version: 'hidden' });
    expect(double.requests).toContain(`POST /v1/models/${PREVIEW_MODEL.model}/predictions`);
    const done = await settled(started);
    expect(done.status).toBe('succeeded');
    expect(typeof done.output).toBe('string');
    const image = Buffer.from(await (await fetch(done.output as string)).arrayBuffer());
    const { format, width = 0, height = 0 } = await sharp(image).metadata();
    expect(format).toBe('png');
    expect(width / height).toBeCloseTo(3 / 4, 1);
  });

  it('refuses what Kontext documents as invalid', async () => {
    const base = { prompt: 'Make a photo of this person.', input_image: photo };
    for (const [input, field] of [
      [{ ...base, safety_tolerance: 3 }, 'safety_tolerance'],
      [{ ...base, aspect_ratio: '7:3' }, 'aspect_ratio'],
      [{ ...base, output_format: 'webp' }, 'output_format'],
      [{ ...base, seed: 1.5 }, 'seed'],
      [{ ...base, main_face_image: photo }, 'main_face_image'],
      [{ ...base, input_image: Buffer.from('not an image') }, 'input_image'],
      [{ input_image: photo }, 'prompt'],
    ] as const) {
      await expect(run(input)).rejects.toMatchObject({
        response: { status: 422 },
        message: expect.stringContaining(`input.${field}`),
      });
    }
    // Without an input image the whole range is allowed.
    await expect(
      run({ prompt: 'A lighthouse at dusk', safety_tolerance: 6 }),
    ).resolves.toMatchObject({ version: 'hidden' });
  });

  it('runs only official models by name', async () => {
    await expect(
      run({ prompt: 'x', input_image: photo }, 'someone/community-model'),
    ).rejects.toMatchObject({ response: { status: 404 } });
  });
});
