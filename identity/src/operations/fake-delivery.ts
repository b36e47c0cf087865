import { emailDelivery } from '../codes/deliver-code';

/**
 * PreventUserExistenceErrors: an unknown username gets the answer a real one would, with the
 * destination made from what was typed, so the response does not reveal whether it exists.
 */
export function fakeEmailDelivery(username: string) {
  return { CodeDeliveryDetails: emailDelivery(username.trim().toLowerCase()) };
}
