import { ROUTES } from '@app/shared/spec';

/**
 * Where a tap on one of the app's notifications leads: the path it names, on this origin only
 * (a notification can never send the user elsewhere), else the models page.
 */
export function notificationTarget(data: { url?: unknown } | undefined, origin: string): string {
  const fallback = new URL(ROUTES.models, origin).href;
  if (typeof data?.url !== 'string' || !data.url.startsWith('/') || data.url.startsWith('//')) {
    return fallback;
  }
  const url = new URL(data.url, origin);
  return url.origin === origin ? url.href : fallback;
}
