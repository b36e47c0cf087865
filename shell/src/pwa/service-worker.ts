import type { Workbox } from 'workbox-window';

/** Switches to the version that waits and reloads the page; null while none waits. */
type TakeUpdate = () => void;

let waiting: TakeUpdate | null = null;
const listeners = new Set<() => void>();

/**
 * Registers the service worker (production builds only). A new version waits until the user
 * accepts the update prompt: taking over silently could swap bundles under an open dialog.
 * Registration waits for the page's load event anyway (so the worker's precaching never competes
 * with the start), so workbox-window is loaded then too, when the main thread is idle: it is
 * not part of the modules evaluated before the first render.
 */
export function registerServiceWorker() {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  afterLoadWhenIdle(() => {
    import('workbox-window').then(
      ({ Workbox }) => register(new Workbox('/sw.js')),
      (error: unknown) => console.error('Service worker registration failed', error),
    );
  });
}

function afterLoadWhenIdle(task: () => void) {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 2000 });
    else setTimeout(task, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

function register(workbox: Workbox) {
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
