import { bus } from '@app/shared/bus';
import { useSearchParams } from '@app/shared/navigation';
import { useEffect } from 'react';
import { PROFILE_UI_TEXT } from '../../../texts';

/** The query the checkout sends the browser back with (the api's `checkoutReturnUrls`). */
const CHECKOUT_PARAM = 'checkout';

/**
 * Back from the checkout (`/profile?checkout=success` or `canceled`, a new page load that reads
 * the profile afresh): says what happened, and takes the query out of the address, so a reload or
 * a shared link does not say it again.
 */
export function useCheckoutReturn(): void {
  const [params, setParams] = useSearchParams();
  const outcome = params.get(CHECKOUT_PARAM);

  useEffect(() => {
    if (outcome === null) return;
    if (outcome === 'success') {
      bus.emit('toast:show', { intent: 'success', text: PROFILE_UI_TEXT.checkoutSucceeded });
    } else if (outcome === 'canceled') {
      bus.emit('toast:show', { intent: 'info', text: PROFILE_UI_TEXT.checkoutCanceled });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHECKOUT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams]);
}
