import type { Page } from '@playwright/test';

export interface AuthErrorScreenSeen {
  /** The error screen's text when it first showed. */
  text: string;
  /** Page time (ms) when the error screen showed, and when the app had left it for `/`. */
  shownAt: number;
  leftAt: number | null;
}

/**
 * Records, in the page itself, what the OAuth return's error screen said and when the app left it
 * for the sign-in card. The screen goes away by itself after 3 s: a test polling from outside can
 * miss it on a busy machine, the page's own observer cannot. Call before the page opens.
 */
export async function watchAuthErrorScreen(
  page: Page,
): Promise<() => Promise<AuthErrorScreenSeen | null>> {
  await page.addInitScript(() => {
    const record = { text: '', shownAt: -1, leftAt: null as number | null };
    (window as unknown as { authErrorScreen: typeof record }).authErrorScreen = record;
    new MutationObserver(() => {
      const screen = Array.from(document.querySelectorAll('[role="alert"]')).find((element) =>
        element.textContent?.includes('Authentication Error'),
      );
      if (record.shownAt < 0 && screen) {
        record.shownAt = performance.now();
        record.text = screen.textContent ?? '';
      } else if (record.shownAt >= 0 && record.leftAt === null && location.pathname === '/') {
        record.leftAt = performance.now();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () =>
    page
      .evaluate(() => {
        const record = (window as unknown as { authErrorScreen?: AuthErrorScreenSeen })
          .authErrorScreen;
        return record && record.shownAt >= 0 ? { ...record } : null;
      })
      // Asked while a new page loads (on the way back from the hosted UI): nothing seen yet.
      .catch(() => null);
}
