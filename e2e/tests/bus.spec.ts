import { expect, test } from './support/test';
import { signInNewUser } from './support/session';

test('the logout request sent by the profile remote reaches the shell', async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  await page.goto('/profile');
  await expect(page.getByTestId('remote-profile')).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('ai-image-studio:gallery-cache', '[]');
    localStorage.setItem('unrelated-preference', 'kept');
  });

  await page.getByRole('button', { name: 'LOG OUT' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Log out' }).click();

  // The shell, not the remote, carries out the logout: it signs out, clears the storage, goes home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  expect(keys).toEqual(['unrelated-preference']);
});

test('signing out in one tab signs out the others', async ({ page, context, baseURL }) => {
  await signInNewUser(page, baseURL!);
  await page.goto('/dashboard');
  await expect(page.getByTestId('remote-gallery')).toBeVisible();
  const other = await context.newPage();
  await other.goto('/profile');
  await expect(other.getByTestId('remote-profile')).toBeVisible();

  await other.getByRole('button', { name: 'LOG OUT' }).click();
  await other.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(other).toHaveURL(/\/$/);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
});
