const listeners = new Set<() => void>();

/**
 * The API client's 401 handler (spec §8). The auth provider listens and signs out (§4), and the
 * routes then send the user to the sign-in card: a reload of / would find the same refused tokens
 * and go round again.
 */
export function reportApiUnauthorized() {
  for (const listener of listeners) listener();
}

/** Returns an unsubscribe function. */
export function onApiUnauthorized(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
