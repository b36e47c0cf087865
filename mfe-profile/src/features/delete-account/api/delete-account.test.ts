import { bus, type BusEvents } from '@app/shared/bus';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountDeletion } from './delete-account';

const steps: string[] = [];
vi.mock('@app/shared/data/user', () => ({
  deleteAccount: vi.fn(async () => {
    steps.push('api');
  }),
}));

describe('deleting the account from the browser', () => {
  afterEach(() => {
    bus.all.clear();
    steps.length = 0;
  });

  it('asks the api first, then the identity, then signs out; a retry does not ask the api again', async () => {
    let identityFails = true;
    bus.on(
      'auth:delete-identity-requested',
      ({ reply }: BusEvents['auth:delete-identity-requested']) => {
        steps.push('identity');
        if (identityFails) reply({ ok: false, error: new Error('network') });
        else reply({ ok: true });
      },
    );
    bus.on('auth:logout-requested', ({ reply }: BusEvents['auth:logout-requested']) => {
      steps.push('logout');
      reply?.({ ok: true });
    });

    const run = accountDeletion();
    await expect(run()).rejects.toThrow('network');
    expect(steps).toEqual(['api', 'identity']);
    identityFails = false;
    await run();
    expect(steps).toEqual(['api', 'identity', 'identity', 'logout']);
  });
});
