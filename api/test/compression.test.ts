import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD } from '../src/app';
import { newUser, startStudio, type Studio } from './support/studio';

const ACCEPTS = { 'accept-encoding': 'gzip, deflate, br' };

describe('compression above a size threshold', () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio();
  });
  afterAll(() => studio.stop());

  it('sends a small JSON answer as it is', async () => {
    const answer = await studio.as(newUser(), 'GET', '/api/user', { headers: ACCEPTS });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body).length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(answer.headers.get('content-encoding')).toBeNull();
  });

  it('compresses a large one for a client that accepts it', async () => {
    const response = await fetch(`${studio.running.url}/api/openapi.json`, { headers: ACCEPTS });
    expect(response.headers.get('content-encoding')).toBe('br');
    const text = await response.text();
    expect(text.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(JSON.parse(text)).toMatchObject({ openapi: '3.1.0' });
  });
});
