import { afterEach, describe, expect, it } from 'vitest';
import { askShell, bus, type BusEvents } from '@app/shared/bus';

type NameRequest = BusEvents['auth:update-name-requested'];

describe('askShell', () => {
  afterEach(() => bus.all.clear());

  it('passes the request to the shell and resolves when the shell reports success', async () => {
    const seen: string[] = [];
    bus.on('auth:update-name-requested', ({ name, reply }: NameRequest) => {
      seen.push(name);
      reply({ ok: true });
    });
    await expect(askShell('auth:update-name-requested', { name: 'Grace' })).resolves.toBe(
      undefined,
    );
    expect(seen).toEqual(['Grace']);
  });

  it("rejects with the shell's error when the shell reports a failure", async () => {
    const failure = new Error('NotAuthorizedException');
    bus.on('auth:logout-requested', ({ reply }) => reply?.({ ok: false, error: failure }));
    await expect(askShell('auth:logout-requested', { source: 'profile' })).rejects.toBe(failure);
  });

  it('rejects at once when nothing carries the request out', async () => {
    await expect(askShell('auth:update-name-requested', { name: 'Grace' })).rejects.toThrow(
      'Nothing carries out auth:update-name-requested',
    );
  });

  it('settles when the shell replies later, after its own asynchronous work', async () => {
    bus.on('auth:update-name-requested', ({ reply }: NameRequest) => {
      void Promise.resolve().then(() => reply({ ok: true }));
    });
    await expect(askShell('auth:update-name-requested', { name: 'Grace' })).resolves.toBe(
      undefined,
    );
  });
});
