import { bus } from '@app/shared/bus';
import { invalidateUser } from '@app/shared/data/user';
import { useSearchParams } from '@app/shared/navigation';
import { useEffect, useState } from 'react';
import { PROFILE_UI_TEXT } from '../../../texts';

/** The query the checkout sends the browser back with (the api's `checkoutReturnUrls`). */
const CHECKOUT_PARAM = 'checkout';
/** After a payment, the profile is read again this often until it is paid... */
const PLAN_READ_MS = 2000;
/** ...at most this many times. */
const PLAN_READS = 15;

/**
 * Back from the checkout (`/profile?checkout=success` or `canceled`, a new page load that reads
 * the profile afresh): says what happened, and takes the query out of the address, so a reload or
 * a shared link does not say it again. The paid plan arrives by Stripe's webhook, which may come
 * after the browser is back: until the profile says `active`, it is read again for a while.
 */
export function useCheckoutReturn(subscriptionStatus: string | undefined): void {
  const [params, setParams] = useSearchParams();
  const outcome = params.get(CHECKOUT_PARAM);
  // The page opens with the query, which then leaves the address.
  const [awaitingPaidPlan] = useState(() => outcome === 'success');

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

  const paid = subscriptionStatus === 'active';
  useEffect(() => {
    if (!awaitingPaidPlan || paid) return;
    let reads = 0;
    const timer = setInterval(() => {
      reads += 1;
      if (reads >= PLAN_READS) clearInterval(timer);
      void invalidateUser();
    }, PLAN_READ_MS);
    return () => clearInterval(timer);
  }, [awaitingPaidPlan, paid]);
}
