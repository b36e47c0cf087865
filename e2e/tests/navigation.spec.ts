import { expect, test, type Page } from './support/test';
import { expectScreenChecks } from './support/screen-checks';
import { createConfirmedUser, signInAs, type TestUser } from './support/session';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('signed out', () => {
  test('/ shows the sign-in page without the bottom navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('app-header')).toContainText('AI Image Studio');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
  });

  for (const path of ['/dashboard', '/generate', '/models', '/training', '/profile', '/chat']) {
    test(`${path} sends a signed-out visitor to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('home-page')).toBeVisible();
    });
  }

  test('an unknown path redirects to /', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
  });
});

/**
 * The bottom navigation is a lazily loaded part of the shell, and a remote the inline script
 * preloaded can show before it: keys pressed before it has rendered have no one to hear them.
 */
async function expectNavReady(page: Page) {
  await expect(mainNav(page).getByRole('button', { name: 'Home' })).toHaveAttribute(
    'aria-current',
    'page',
  );
}

test.describe('signed in', () => {
  // These tests only look around: one new user, each test signing in afresh.
  let user: TestUser;
  test.beforeAll(async ({ baseURL }) => {
    user = await createConfirmedUser(baseURL!);
  });
  test.beforeEach(async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, user);
  });

  test('/ goes on to /dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('remote-gallery')).toBeVisible();
  });

  for (const [path, testId, heading] of [
    ['/dashboard', 'remote-gallery', /^Welcome back, /],
    ['/models', 'remote-models', 'AI Models'],
    ['/profile', 'remote-profile', 'Profile Settings'],
  ] as const) {
    test(`${path} renders its remote`, async ({ page }) => {
      await page.goto(path);
      const remote = page.getByTestId(testId);
      await expect(remote.getByRole('heading', { name: heading })).toBeVisible();
    });
  }

  test('the gallery greets the user by first name', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
  });

  test('the bottom navigation moves between remotes', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('remote-gallery')).toBeVisible();
    await mainNav(page).getByRole('button', { name: 'Models' }).click();
    await expect(page).toHaveURL(/\/models$/);
    await expect(page.getByTestId('remote-models')).toBeVisible();
    await expect(mainNav(page).getByRole('button', { name: 'Models' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await mainNav(page).getByRole('button', { name: 'Profile' }).click();
    await expect(page.getByTestId('remote-profile')).toBeVisible();
  });

  test('Generate stays disabled with its tooltip until a model is ready', async ({ page }) => {
    await page.goto('/dashboard');
    const generate = mainNav(page).getByRole('button', { name: 'Generate' });
    await expect(generate).toHaveAttribute('aria-disabled', 'true');
    await generate.hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      'You must train a model first before generating images',
    );
    await generate.click({ force: true });
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("Generate's tooltip: on the keyboard's focus, gone with Escape, and readable on screen", async ({
    page,
  }, testInfo) => {
    await page.goto('/dashboard');
    await expectNavReady(page);
    const generate = mainNav(page).getByRole('button', { name: 'Generate' });
    const tooltip = page.getByRole('tooltip');
    // The tab is described whether or not the tooltip shows.
    await expect(generate).toHaveAccessibleDescription(
      'You must train a model first before generating images',
    );
    for (let press = 0; press < 10; press += 1) {
      if (await generate.evaluate((tab) => tab === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(generate).toBeFocused();
    await expect(tooltip).toBeVisible();
    await expectScreenChecks(page, 'generate tooltip');
    // Above its tab, inside the screen.
    const [tip, tab] = [(await tooltip.boundingBox())!, (await generate.boundingBox())!];
    expect(tip.y + tip.height).toBeLessThanOrEqual(tab.y);
    expect(tip.x).toBeGreaterThanOrEqual(0);
    expect(tip.x + tip.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.screenshot({ path: testInfo.outputPath('generate-tooltip.png') });
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
    await expect(generate).toBeFocused();
  });

  test('arrow keys move between tabs, skipping a disabled Generate', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('remote-gallery')).toBeVisible();
    await expectNavReady(page);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/\/models$/);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/\/profile$/);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/\/profile$/);
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/\/models$/);
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('quick arrow presses each move one tab, even before the last one has rendered', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('remote-gallery')).toBeVisible();
    await expectNavReady(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/\/profile$/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('arrow keys do nothing while a dialog is open', async ({ page }) => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'LOG OUT' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('the header links to the profile', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByTestId('app-header').getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
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
});
