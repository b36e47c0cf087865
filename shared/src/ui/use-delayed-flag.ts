import { useEffect, useMemo, useState } from 'react';

/** ui-quality: loading states appear only after ~300 ms, so fast answers do not flicker. */
export const LOADING_SHOW_DELAY_MS = 300;

/** True once `active` has stayed true for `delayMs`; false again as soon as it turns false. */
export function useDelayedFlag(active: boolean, delayMs = LOADING_SHOW_DELAY_MS): boolean {
  // A new token per period of activity, so a second period waits its own delay again.
  const period = useMemo(() => (active ? {} : null), [active]);
  const [elapsed, setElapsed] = useState<object | null>(null);
  useEffect(() => {
    if (!period) return;
    const timer = setTimeout(() => setElapsed(period), delayMs);
    return () => clearTimeout(timer);
  }, [period, delayMs]);
  return period !== null && elapsed === period;
}
