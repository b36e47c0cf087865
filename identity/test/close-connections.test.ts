import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { closeConnectionsOnceAnswered } from '../src/close-connections';

describe('closing while a request is answered', () => {
  it('answers it, then closes its keep-alive connection instead of waiting out the timeout', async () => {
    const app = Fastify({ keepAliveTimeout: 10 * 60_000 });
    closeConnectionsOnceAnswered(app);
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async () => {
      entered();
      await released;
      return 'answered';
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    // fetch keeps its connection alive, as browsers and proxies do: busy when the close starts.
    const answer = fetch(`${url}/slow`).then((response) => response.text());
    await inside;
    const closed = app.close();
    // The server takes no new connection from here; the answer comes after that.
    await vi.waitUntil(() => !app.server.listening);
    release();
    expect(await answer).toBe('answered');
    await closed;
  });
});
