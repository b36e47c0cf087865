import { describe, expect, it, vi } from 'vitest';

describe('reportApiUnauthorized', () => {
  it('tells every listener, and keeps a refusal from before the first one for it', async () => {
    vi.resetModules();
    const { onApiUnauthorized, reportApiUnauthorized } = await import('./api-unauthorized');
    reportApiUnauthorized();
    const first = vi.fn();
    const stop = onApiUnauthorized(first);
    expect(first).toHaveBeenCalledTimes(1);

    const second = vi.fn();
    onApiUnauthorized(second);
    expect(second).not.toHaveBeenCalled();
    reportApiUnauthorized();
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(1);

    stop();
    reportApiUnauthorized();
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(2);
  });
});
