import { expect, test } from './support/test';
import { signInNewUser } from './support/session';

// Requests a service worker answers bypass page.route and the network measurements.
test.use({ serviceWorkers: 'block' });

test('an unreachable remote shows a Retry card while the rest keeps working', async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  let galleryDown = true;
  await page.route('**/remotes/gallery/**', (route) =>
    galleryDown ? route.abort('connectionrefused') : route.continue(),
  );

  await page.goto('/dashboard');
  const card = page.getByRole('alert').filter({ hasText: 'This section could not be loaded' });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('app-header')).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Models' }).click();
  await expect(page.getByTestId('remote-models')).toBeVisible();

  await nav.getByRole('button', { name: 'Home' }).click();
  await expect(card).toBeVisible();

  galleryDown = false;
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('remote-gallery')).toBeVisible();
  await expect(card).toHaveCount(0);
});
