import { API_TEXT } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainReadyModel, userIdOf } from './support/fixtures';
import { newUser, startStudio, type Studio } from './support/studio';

/** Issue #40: a failed or canceled generation never counts toward a limit, per minute included. */
describe('the per-minute write limit of generations', { timeout: 60_000 }, () => {
  let studio: Studio;
  beforeAll(async () => {
    // No worker in this process: every generation stays queued until the test ends it.
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => studio.stop());

  it('gives the turn of a failed or canceled generation back; others still count', async () => {
    const user = newUser('Katherine Johnson');
    const model = await trainReadyModel(studio, user);
    const generate = () =>
      studio.as(user, 'POST', '/api/generate/text-to-image', {
        json: { prompt: 'me on the moon', model_ids: [model] },
      });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await generate();
      expect(answer.status).toBe(202);
      ids.push(answer.body.id);
    }
    const refused = await generate();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'TooManyRequests', message: API_TEXT.tooManyRequests });

    // One canceled by the user, one failed at the engine: two turns back.
    expect((await studio.as(user, 'POST', `/api/generate/cancel/${ids[0]}`)).status).toBe(200);
    await studio.running.app.db
      .updateTable('jobs')
      .set({ status: 'failed', error: 'The engine failed.' })
      .where('id', '=', ids[1]!)
      .execute();
    expect((await generate()).status).toBe(202);
    expect((await generate()).status).toBe(202);
    // The queued one and the two new ones count: the limit holds.
    expect((await generate()).status).toBe(429);

    // Another user's limit is their own.
    const other = newUser('Dorothy Vaughan');
    const otherModel = await trainReadyModel(studio, other);
    const theirs = await studio.as(other, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'a portrait', model_ids: [otherModel] },
    });
    expect(theirs.status).toBe(202);
    expect(await userIdOf(studio, other)).not.toBe(await userIdOf(studio, user));
  });
});
