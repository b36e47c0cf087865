/**
 * Runs inside the generated service worker (imported by sw.js, built with sw-warm-start.ts in
 * rspack.config.ts). A tap on one of the app's notifications (a training that finished while the
 * app was in the background) brings the app forward on the page the notification names: an open
 * window is focused (and moved there), else a new one is opened.
 */
import { notificationTarget } from './notification-target';

interface NotificationClickEvent extends Event {
  notification: { data?: { url?: unknown }; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
const worker = self as unknown as {
  location: Location;
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationClickEvent) => void,
  ): void;
};

async function show(target: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
  if (!open) {
    await worker.clients.openWindow(target);
    return;
  }
  const there =
    new URL(open.url).pathname === new URL(target).pathname
      ? open
      : ((await open.navigate(target)) ?? open);
  // Focusing needs the user's tap, which a real notification click carries.
  await there.focus().catch(() => undefined);
}

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data, worker.location.origin);
  event.waitUntil(show(target).catch((error: unknown) => console.warn('Notification tap', error)));
});
