import { expect, test } from '@playwright/test';

test.describe('shell and remotes', () => {
  test('the shell loads with header and bottom navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('app-header')).toContainText('AI Image Studio');
    await expect(page.getByTestId('home-page')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const tab of ['Home', 'Generate', 'Models', 'Profile']) {
      await expect(nav.getByRole('tab', { name: tab })).toBeVisible();
    }
  });

  for (const [path, testId, heading] of [
    ['/dashboard', 'remote-gallery', 'Gallery'],
    ['/generate', 'remote-generate', 'Generate'],
    ['/models', 'remote-models', 'AI Models'],
    ['/profile', 'remote-profile', 'Profile Settings'],
  ] as const) {
    test(`${path} renders its remote`, async ({ page }) => {
      await page.goto(path);
      const remote = page.getByTestId(testId);
      await expect(remote.getByRole('heading', { name: heading })).toBeVisible();
    });
  }

  test('the bottom navigation moves between remotes', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('remote-gallery')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('tab', { name: 'Models' }).click();
    await expect(page).toHaveURL(/\/models$/);
    await expect(page.getByTestId('remote-models')).toBeVisible();
    await expect(nav.getByRole('tab', { name: 'Models' })).toHaveAttribute('aria-selected', 'true');
    await nav.getByRole('tab', { name: 'Profile' }).click();
    await expect(page.getByTestId('remote-profile')).toBeVisible();
  });

  test('/training redirects to /models', async ({ page }) => {
    await page.goto('/training?from=generate');
    await expect(page).toHaveURL(/\/models\?from=generate$/);
    await expect(page.getByTestId('remote-models')).toBeVisible();
  });

  test('/chat is the coming-soon placeholder', async ({ page }) => {
    await page.goto('/chat');
    await expect(page.getByTestId('chat-page')).toContainText('coming soon');
  });

  test('an unknown path redirects to /', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
  });
});
