import { createCheckoutSession } from '@app/shared/data/billing';

/** Only a web address may take the browser away (never `javascript:` or a data URL). */
function checkoutAddress(url: string): string {
  const parsed = new URL(url, window.location.href);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Refusing to open a checkout at ${parsed.protocol}`);
  }
  return parsed.href;
}

/**
 * POST /create-checkout-session, then the browser goes to the checkout it names (the card
 * provider's, or the API's labelled test checkout); both come back to /profile.
 */
export async function startCheckout(): Promise<void> {
  const { url } = await createCheckoutSession();
  window.location.assign(checkoutAddress(url));
}
