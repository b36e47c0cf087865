import { api } from '@app/shared/api-client';
import { mutate } from 'swr';
import type { CheckoutSession, Subscription } from '../contract/billing';
import type { UserProfile } from '../contract/user';
import { userKeys } from './user';

/** POST /create-checkout-session: the caller then navigates the browser to `url`. */
export function createCheckoutSession(): Promise<CheckoutSession> {
  return api.post<CheckoutSession>('/create-checkout-session');
}

/** Pro stays until subscriptionEnd; the profile shows the new status at once. */
export async function cancelSubscription(): Promise<Subscription> {
  const subscription = await api.post<Subscription>('/cancel-subscription');
  await mutate<UserProfile>(
    userKeys.profile(),
    (profile) => profile && { ...profile, ...subscription },
  );
  return subscription;
}
