const listeners = new Set<() => void>();
/** A refusal reported before anyone listened: bootstrap's early reads answer before the app renders. */
let unheard = false;

/**
 * The API client's 401 handler (spec §8). The auth provider listens and signs out (§4), and the
 * routes then send the user to the sign-in card: a reload of / would find the same refused tokens
 * and go round again. A refusal that arrives before the provider listens is kept for it: the
 * pages take over the early reads' failures without asking again, so nothing else would tell it.
 */
export function reportApiUnauthorized() {
  if (listeners.size === 0) {
    unheard = true;
    return;
  }
  for (const listener of listeners) listener();
}

/** Returns an unsubscribe function. */
export function onApiUnauthorized(listener: () => void): () => void {
  listeners.add(listener);
  if (unheard) {
    unheard = false;
    listener();
  }
  return () => listeners.delete(listener);
}
