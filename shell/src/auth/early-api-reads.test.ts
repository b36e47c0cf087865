// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_API_READS_GLOBAL,
  fetchTakingEarlyReads,
  type EarlyApiRead,
} from './early-api-reads';

const holder = window as unknown as Record<string, EarlyApiRead[] | undefined>;
const GET = (token: string, signal?: AbortSignal): RequestInit => ({
  method: 'GET',
  headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  signal,
});

let network: string[];

/** Leaves reads as the inline script does; each answers with its own text. */
function sendEarly(...reads: { url: string; token: string; response?: Promise<Response> }[]) {
  holder[EARLY_API_READS_GLOBAL] = reads.map(({ url, token, response }) => ({
    url,
    token,
    response: response ?? Promise.resolve(new Response(`early ${url}`)),
  }));
}

describe("the API client's fetch", () => {
  beforeEach(() => {
    network = [];
    vi.stubGlobal('fetch', (url: string) => {
      network.push(url);
      return Promise.resolve(new Response(`network ${url}`));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete holder[EARLY_API_READS_GLOBAL];
  });

  it('answers a read the inline script sent with its answer, once', async () => {
    sendEarly({ url: '/api/user', token: 't1' }, { url: '/api/media?limit=10', token: 't1' });
    const user = await fetchTakingEarlyReads('/api/user', GET('t1'));
    expect(await user.text()).toBe('early /api/user');
    const again = await fetchTakingEarlyReads('/api/user', GET('t1'));
    expect(await again.text()).toBe('network /api/user');
    expect(network).toEqual(['/api/user']);
  });

  it('asks the network for another URL or another token', async () => {
    sendEarly({ url: '/api/user', token: 't1' });
    await fetchTakingEarlyReads('/api/user?x=1', GET('t1'));
    await fetchTakingEarlyReads('/api/user', GET('t2'));
    expect(network).toEqual(['/api/user?x=1', '/api/user']);
    expect(holder[EARLY_API_READS_GLOBAL]).toHaveLength(1);
  });

  it('forgets every early answer once the app writes', async () => {
    sendEarly({ url: '/api/user', token: 't1' });
    await fetchTakingEarlyReads('/api/user', { ...GET('t1'), method: 'PUT' });
    const user = await fetchTakingEarlyReads('/api/user', GET('t1'));
    expect(await user.text()).toBe('network /api/user');
  });

  it('sends the read again when the early request failed', async () => {
    sendEarly({
      url: '/api/user',
      token: 't1',
      response: Promise.reject(new TypeError('offline')),
    });
    const user = await fetchTakingEarlyReads('/api/user', GET('t1'));
    expect(await user.text()).toBe('network /api/user');
  });

  it("gives up on an early answer when the caller aborts (the client's timeout)", async () => {
    sendEarly({ url: '/api/user', token: 't1', response: new Promise(() => undefined) });
    const controller = new AbortController();
    const read = fetchTakingEarlyReads('/api/user', GET('t1', controller.signal));
    controller.abort(new DOMException('timed out', 'AbortError'));
    await expect(read).rejects.toThrow('timed out');
  });

  it('no longer stands in for reads long after the start', async () => {
    sendEarly({ url: '/api/user', token: 't1' });
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    const user = await fetchTakingEarlyReads('/api/user', GET('t1'));
    expect(await user.text()).toBe('network /api/user');
    expect(holder[EARLY_API_READS_GLOBAL]).toBeUndefined();
  });
});
