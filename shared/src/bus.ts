import mitt from 'mitt';
import { claimSingleton } from './singleton-guard';

claimSingleton('@app/shared/bus');

/**
 * Every event that crosses a remote boundary, with its payload. Remotes and the shell only talk
 * through these; adding an event means adding it here, so both sides are type-checked.
 */
export type BusEvents = {
  /** A remote (the profile's LOG OUT) asks the shell, which owns auth, to sign the user out. */
  'auth:logout-requested': { source: string };
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

export type BusEventName = keyof BusEvents;

/**
 * The one bus of the app. `@app/shared` is a Module Federation singleton, so every remote that
 * imports this module gets this same instance; a copy per bundle would silently drop the logout
 * broadcast.
 */
export const bus = mitt<BusEvents>();
