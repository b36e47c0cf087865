import { expect, test } from '@playwright/test';

test('the logout request sent by the profile remote reaches the shell', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByTestId('remote-profile')).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('ai-image-studio:gallery-cache', '[]');
    localStorage.setItem('CognitoIdentityServiceProvider.x.auth_state', 'x');
    localStorage.setItem('unrelated-preference', 'kept');
  });

  await page.getByRole('button', { name: 'LOG OUT' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Log out' }).click();

  // The shell, not the remote, carries out the logout: it clears the storage and goes home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  expect(keys).toEqual(['unrelated-preference']);
});
