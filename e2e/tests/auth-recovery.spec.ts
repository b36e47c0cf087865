import { AUTH_ERROR_REDIRECT_DELAY_MS } from '@app/shared/spec';
import { expect, test, type Page } from './support/test';
import { watchAuthErrorScreen } from './support/auth-error-screen';
import { signInNewUser } from './support/session';

const loginCard = (page: Page) => page.getByTestId('login-card');

/** Full page loads and API 401 answers, to tell one redirect from a loop. */
function countLoadsAnd401s(page: Page) {
  const counts = { documents: 0, unauthorized: 0 };
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) {
      counts.documents += 1;
    }
  });
  page.on('response', (response) => {
    if (response.status() === 401 && new URL(response.url()).pathname.startsWith('/api/')) {
      counts.unauthorized += 1;
    }
  });
  return counts;
}

test('tokens the API refuses sign the user out once, onto the sign-in card', async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  // Still readable and unexpired, so the app trusts them; the API checks the signature and refuses.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.endsWith('.idToken') || key.endsWith('.accessToken')) {
        const token = localStorage.getItem(key)!;
        localStorage.setItem(key, `${token.slice(0, -6)}AAAAAA`);
      }
    }
  });
  const counts = countLoadsAnd401s(page);

  await page.goto('/models');
  await expect(
    loginCard(page).getByRole('heading', { name: 'Sign in to your account' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Signed out for real: the refused tokens are gone, so nothing can be refused again.
  const sessionKeys = () =>
    page.evaluate(() =>
      Object.keys(localStorage).filter((key) => /\.(idToken|accessToken|LastAuthUser)$/.test(key)),
    );
  await expect.poll(sessionKeys).toEqual([]);
  await expect(loginCard(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // One load, and the first calls refused together (the shell's /user and the page's own first
  // call go out at once): no request after the sign-out, so no loop.
  expect(counts.documents).toBe(1);
  expect(counts.unauthorized).toBeGreaterThanOrEqual(1);
  expect(counts.unauthorized).toBeLessThanOrEqual(2);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test.describe('/callback that cannot complete', () => {
  for (const [search, message] of [
    ['', 'Invalid callback - missing OAuth parameters'],
    ['?error=access_denied', 'Authentication failed: access_denied'],
    // A state this browser never stored (spec §5: the returned state must equal the stored one).
    ['?code=abc&state=xyz', 'Authentication failed. Please try again.'],
  ] as const) {
    test(`/callback${search} says why and goes to the sign-in card after 3 s`, async ({ page }) => {
      const seen = await watchAuthErrorScreen(page);
      await page.clock.install();
      await page.goto(`/callback${search}`);
      // What the screen said, as the page saw it.
      await expect.poll(async () => (await seen())?.text).toContain('Authentication Error');
      const screen = await seen();
      expect(screen?.text).toContain(message);
      expect(screen?.text).toContain('Redirecting to login page...');
      // Its 3 s (to the millisecond in auth-error-screen.test.tsx) pass at once on the page's clock.
      await page.clock.runFor(AUTH_ERROR_REDIRECT_DELAY_MS);
      await expect(page).toHaveURL(/\/$/);
      await expect(
        loginCard(page).getByRole('heading', { name: 'Sign in to your account' }),
      ).toBeVisible();
    });
  }

  test('a reload of a foreign return does not wait for ever either', async ({ page }) => {
    await page.goto('/callback?code=abc&state=xyz');
    await page.reload();
    await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
    await expect(page.getByText('Completing Google authentication')).toHaveCount(0);
  });

  test('a signed-in user who lands on a broken return goes back to the app', async ({
    page,
    baseURL,
  }) => {
    await signInNewUser(page, baseURL!);
    await page.goto('/callback?code=abc&state=xyz');
    await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6000 });
    await expect(page.getByTestId('remote-gallery')).toBeVisible();
  });
});
