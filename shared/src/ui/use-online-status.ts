import { isOnline, subscribeOnline } from '@app/shared/api-client';
import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the network: false when the browser says so, or when the app's last
 * request failed at the network and nothing has answered since (see `isOnline`).
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
