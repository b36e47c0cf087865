import { MAX_QUEUED_GENERATIONS, tooManyQueuedGenerations } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainReadyModel, userIdOf } from './support/fixtures';
import { newUser, startStudio, type Studio } from './support/studio';

describe('generations one user may have queued', { timeout: 60_000 }, () => {
  let studio: Studio;
  beforeAll(async () => {
    // No worker in this process: every generation stays queued.
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  });
  afterAll(() => studio.stop());

  it('refuses the one beyond the limit with 429 and says why; others are not held up', async () => {
    const busy = newUser('Busy Bee');
    const model = await trainReadyModel(studio, busy);
    const generate = (user = busy, modelId = model) =>
      studio.as(user, 'POST', '/api/generate/text-to-image', {
        json: { prompt: 'me again', model_ids: [modelId] },
      });
    for (let i = 0; i < MAX_QUEUED_GENERATIONS; i += 1) {
      expect((await generate()).status).toBe(202);
    }
    const refused = await generate();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'TooManyRequests',
      message: tooManyQueuedGenerations(MAX_QUEUED_GENERATIONS),
    });

    const other = newUser('Someone Else');
    expect((await generate(other, await trainReadyModel(studio, other))).status).toBe(202);

    // One finished (here: canceled) makes room again.
    const [job] = await studio.running.app.db
      .selectFrom('jobs')
      .select('id')
      .where('user_id', '=', await userIdOf(studio, busy))
      .where('kind', '=', 'generate')
      .where('status', '=', 'queued')
      .limit(1)
      .execute();
    expect((await studio.as(busy, 'POST', `/api/generate/cancel/${job!.id}`)).status).toBe(200);
    expect((await generate()).status).toBe(202);
  });
});
