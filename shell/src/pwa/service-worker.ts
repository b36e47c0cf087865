import { APP_TEXT } from '@app/shared/spec';
import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (production builds only) and, when a new version is waiting,
 * asks the user before switching: taking over silently could swap bundles under an open dialog.
 */
export function registerServiceWorker() {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    if (!window.confirm(APP_TEXT.updateAvailable)) return;
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  });
  void workbox.register().catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });
}
