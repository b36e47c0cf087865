import mitt from 'mitt';
import { claimSingleton } from './singleton-guard';

claimSingleton('@app/shared/bus');

/** How the shell answers a request it carries out for a remote: done, or why not. */
type ShellReply = (outcome: { ok: true } | { ok: false; error: unknown }) => void;

/**
 * Every event that crosses a remote boundary, with its payload. Remotes and the shell only talk
 * through these; adding an event means adding it here, so both sides are type-checked.
 */
export type BusEvents = {
  /** A remote (the profile's LOG OUT) asks the shell, which owns auth, to sign the user out. */
  'auth:logout-requested': { source: string; reply?: ShellReply };
  /** The profile renamed the user: the shell sets the identity service's `name` attribute too. */
  'auth:update-name-requested': { name: string; reply: ShellReply };
  /**
   * The api accepted the account's deletion: the shell deletes the identity where only the
   * browser can (Amazon Cognito's DeleteUser, with the user's token); a no-op elsewhere.
   */
  'auth:delete-identity-requested': { reply: ShellReply };
  /** The user signed out (here or in another tab): every remote drops its state and caches. */
  'auth:logout': { reason: 'user' | 'session-expired' | 'other-tab' };
  /** A model finished training or was deleted: navigation and pickers re-read the user. */
  'models:changed': { readyModelCount: number };
  /** Generated images were added or removed: the gallery re-reads its first page. */
  'gallery:invalidate': { reason: 'generated' | 'deleted' | 'refresh' };
  /** A remote asks the shell to show a short message. */
  'toast:show': { intent: 'success' | 'info' | 'warning' | 'error'; text: string };
  /** A remote asks the shell to navigate (remotes never import the shell's router). */
  'nav:go': { to: string; replace?: boolean };
};

type BusEventName = keyof BusEvents;

/**
 * The one bus of the app. `@app/shared` is a Module Federation singleton, so every remote that
 * imports this module gets this same instance; a copy per bundle would silently drop the logout
 * broadcast.
 */
export const bus = mitt<BusEvents>();

/** The events a remote sends as requests: the shell settles each through its `reply`. */
export type ShellRequestName = {
  [K in BusEventName]: 'reply' extends keyof BusEvents[K] ? K : never;
}[BusEventName];

/**
 * Sends a request the shell carries out and settles with the shell's reply. Rejects at once when
 * nothing listens (a remote served on its own, without the shell) instead of waiting for ever.
 */
export function askShell<K extends ShellRequestName>(
  type: K,
  request: Omit<BusEvents[K], 'reply'>,
): Promise<void> {
  if (!bus.all.get(type)?.length) {
    return Promise.reject(new Error(`Nothing carries out ${type}`));
  }
  return new Promise((resolve, reject) => {
    const reply: ShellReply = (outcome) => (outcome.ok ? resolve() : reject(outcome.error));
    // Object.assign rather than a spread: the apps compile to ES5, where a spread costs helpers.
    bus.emit(type, Object.assign({ reply }, request) as BusEvents[K]);
  });
}
