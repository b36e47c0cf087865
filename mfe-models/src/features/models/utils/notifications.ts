import { trainingDoneNotice } from '@app/shared/spec';

/**
 * Spec beyond: a training that ends while the app is in the background is told by a system
 * notification. Permission is asked when the user starts a training (a tap, as browsers require),
 * never before; a refusal changes nothing else.
 */
export function askNotificationPermission(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  Notification.requestPermission().catch((error: unknown) =>
    console.warn('Notification permission could not be asked', error),
  );
}

/** Through the service worker, so a tap can open the app (its notificationclick handler). */
export async function notifyTrainingEnded(
  model: { modelId: string; name: string },
  ready: boolean,
): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const title = trainingDoneNotice(model.name, ready);
  const options: NotificationOptions = {
    tag: `training-${model.modelId}`,
    icon: '/icons/icon-192.png',
    data: { url: '/models' },
  };
  const registration = await navigator.serviceWorker?.getRegistration();
  if (registration) await registration.showNotification(title, options);
  else new Notification(title, options);
}
