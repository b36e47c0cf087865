import { preload } from 'swr';
import type { ApiKey } from './api-key';

/**
 * Hands SWR a read of `key` that is already on its way (`request`, as `fetchApiKey(key)` makes
 * it): the first hook that reads the key takes its answer, or its failure, instead of asking
 * again once its page has rendered.
 */
export function preloadRead<T>(key: ApiKey, request: Promise<T>): void {
  preload(key, () => request).catch(() => {
    // The hook that reads the key gets the same failure and shows it as usual.
  });
}
