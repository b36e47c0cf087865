import { Workbox } from 'workbox-window';

/** Switches to the version that waits and reloads the page; null while none waits. */
type TakeUpdate = () => void;

let waiting: TakeUpdate | null = null;
const listeners = new Set<() => void>();

/**
 * Registers the service worker (production builds only). A new version waits until the user
 * accepts the update prompt: taking over silently could swap bundles under an open dialog.
 */
export function registerServiceWorker() {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    waiting = () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    for (const listener of listeners) listener();
  });
  void workbox.register().catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });
}

/** For useSyncExternalStore: the waiting version's switch, if one waits. */
export function waitingUpdate(): TakeUpdate | null {
  return waiting;
}

export function onUpdateWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
