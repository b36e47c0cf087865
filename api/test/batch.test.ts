import { API_TEXT, GENERATE_TEXT } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, trainReadyModel } from './support/fixtures';
import { newUser, startStudio, type Studio } from './support/studio';
import type { TestUser } from './support/tokens';

/** Several images per run: the count, a pack's prompts, and the write limit counting images. */
describe('text-to-image batches', { timeout: 30_000 }, () => {
  let studio: Studio;
  let user: TestUser;
  let model: string;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '6' });
    user = newUser();
    await makeAdmin(studio, user);
    model = await trainReadyModel(studio, user, 'Me');
  }, 30_000);
  afterAll(() => studio.stop());

  const run = (json: Record<string, unknown>, who: TestUser = user) =>
    studio.as(who, 'POST', '/api/generate/text-to-image', {
      json: { model_ids: [model], ...json },
    });

  it('refuses a count outside 1-4 and a run past 8 images with clear texts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ prompt: 'x', count: 0 }, 'count must be at least 1'],
      [{ prompt: 'x', count: 5 }, 'count must be at most 4'],
      [{ prompt: 'x', count: 1.5 }, 'count must be a whole number, not a number'],
      [{ prompts: ['a', 'b', 'c'], count: 3 }, GENERATE_TEXT.tooManyImages],
      [{ prompts: Array.from({ length: 9 }, () => 'a') }, GENERATE_TEXT.tooManyImages],
      [{ prompts: ['a', '  '] }, GENERATE_TEXT.enterPrompt],
      [{ prompts: [] }, GENERATE_TEXT.enterPrompt],
    ];
    for (const [json, message] of cases) {
      const response = await run(json);
      expect({ status: response.status, message: response.body.message }).toEqual({
        status: 400,
        message,
      });
    }
  });

  it('checks the models are the caller’s before queueing a pack', async () => {
    const stranger = newUser();
    const response = await run({ prompts: ['a', 'b'], count: 2 }, stranger);
    expect({ status: response.status, message: response.body.message }).toEqual({
      status: 404,
      message: API_TEXT.modelNotFound,
    });
  });

  it('queues a pack with a count as one job and counts its images against the write limit', async () => {
    const pack = await run({ prompts: [' lisa, studio light ', 'lisa, golden hour'], count: 2 });
    expect(pack.status).toBe(202);
    const row = await studio.running.app.db
      .selectFrom('jobs')
      .select('input')
      .where('id', '=', pack.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.input)).toEqual({
      prompt: 'lisa, studio light',
      prompts: ['lisa, studio light', 'lisa, golden hour'],
      count: 2,
      aspectRatio: '1:1',
      modelIds: [model],
    });
    // 4 of the 6 images a minute are taken: 3 more are too many, 2 fit; then not even 1.
    const tooMany = await run({ prompt: 'x', count: 3 });
    expect({ status: tooMany.status, message: tooMany.body.message }).toEqual({
      status: 429,
      message: API_TEXT.tooManyRequests,
    });
    expect((await run({ prompt: 'x', count: 2 })).status).toBe(202);
    expect((await run({ prompt: 'x' })).status).toBe(429);
  });
});
