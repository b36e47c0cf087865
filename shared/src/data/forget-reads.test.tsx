// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import useSWR from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiKey } from './api-key';
import { forgetAllReads } from './forget-reads';
import { preloadRead } from './preload-read';

const key: ApiKey = ['/user'];

/** The API as one account after another sees it: each read answers with who is signed in. */
function accountApi() {
  const api = {
    signedIn: 'Ada',
    requests: [] as string[],
    pending: new Map<string, () => void>(),
    holdAnswers: false,
    read: () => {
      const account = api.signedIn;
      api.requests.push(account);
      if (!api.holdAnswers) return Promise.resolve(account);
      return new Promise<string>((resolve) => api.pending.set(account, () => resolve(account)));
    },
  };
  return api;
}

/** Mounts a reader of the key and records every answer it shows. */
function reader(fetcher: () => Promise<string>) {
  const shown: (string | undefined)[] = [];
  const hook = renderHook(() => {
    const { data } = useSWR(key, fetcher);
    shown.push(data);
    return data;
  });
  return { hook, shown };
}

describe('forgetting the reads of an account that signed out', () => {
  afterEach(() => forgetAllReads());

  it('makes the next reader ask, right after the previous answer came in', async () => {
    const api = accountApi();
    const ada = reader(api.read);
    await waitFor(() => expect(ada.hook.result.current).toBe('Ada'));
    ada.hook.unmount();

    forgetAllReads();
    api.signedIn = 'Bob';
    const bob = reader(api.read);

    await waitFor(() => expect(bob.hook.result.current).toBe('Bob'));
    expect(api.requests).toEqual(['Ada', 'Bob']);
    expect(bob.shown).not.toContain('Ada');
  });

  it('never hands the next reader a read still on its way for the previous account', async () => {
    const api = accountApi();
    api.holdAnswers = true;
    const ada = reader(api.read);
    await waitFor(() => expect(api.requests).toEqual(['Ada']));
    ada.hook.unmount();

    forgetAllReads();
    api.signedIn = 'Bob';
    const bob = reader(api.read);
    await waitFor(() => expect(api.requests).toEqual(['Ada', 'Bob']));
    api.pending.get('Ada')!();
    api.pending.get('Bob')!();

    await waitFor(() => expect(bob.hook.result.current).toBe('Bob'));
    expect(bob.shown).not.toContain('Ada');
  });

  it('drops a read started early for the previous account that no page took', async () => {
    const api = accountApi();
    preloadRead(key, api.read());

    forgetAllReads();
    api.signedIn = 'Bob';
    const bob = reader(api.read);

    await waitFor(() => expect(bob.hook.result.current).toBe('Bob'));
    expect(bob.shown).not.toContain('Ada');
  });
});
