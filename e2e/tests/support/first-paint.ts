import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has taken over the prerendered sign-in card (shell/src/first-paint/). The
 * card is visible before any script runs, so a test that talks to the app itself (dispatching
 * events, expecting what only the app can show) must wait for this, not for the card.
 */
export async function expectAppStarted(page: Page): Promise<void> {
  await expect(page.locator('#prerendered-home')).toHaveCount(0);
}
