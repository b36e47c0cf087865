import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from '../src/lazy-child-logger';

/** A Fastify app logging through the lazy factory into memory, one JSON object per line. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyChildLoggerFactory });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.warn({ detail: 42 }, 'something to look at');
    request.log.child({ component: 'inner' }).error('inner trouble');
    request.log.debug('not at this level');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('request loggers made on first use', () => {
  it('writes a request’s lines with its id, at the levels that are on', async () => {
    const { app, lines } = await appLoggingAt('warn');
    const response = await app.inject({ url: '/loud' });
    expect(response.statusCode).toBe(200);
    const reqId = lines[0]?.reqId;
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, detail: 42, msg: 'something to look at', reqId }),
      expect.objectContaining({ level: 50, component: 'inner', msg: 'inner trouble', reqId }),
    ]);
    expect(reqId).toEqual(expect.any(String));
    await app.close();
  });

  it('logs requests at info as Fastify does, and nothing below the level', async () => {
    const info = await appLoggingAt('info');
    await info.app.inject({ url: '/quiet' });
    expect(info.lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(new Set(info.lines.map((line) => line.reqId)).size).toBe(1);
    await info.app.close();

    const warn = await appLoggingAt('warn');
    await warn.app.inject({ url: '/quiet' });
    expect(warn.lines).toEqual([]);
    await warn.app.close();
  });
});
