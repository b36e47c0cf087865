import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { expectAppStarted } from './support/first-paint';
import { expectNoSeriousA11yViolations, expectScreenChecks } from './support/screen-checks';
import { holdToastClearOf, toastOf } from './support/toasts';
import { createConfirmedUser, signInNewUser, TEST_PASSWORD } from './support/session';
import { saveScreenshot } from './support/screenshots';

// Every screen the shell draws, checked as a phone user and a screen-reader user meet it: axe-core
// finds no serious or critical violation, controls are thumb-sized and inputs do not zoom iOS.

const loginCard = (page: Page) => page.getByTestId('login-card');
const field = (page: Page, name: string) =>
  loginCard(page).getByRole('textbox', { name, exact: true });

async function openSignIn(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expectAppStarted(page);
}

test.describe('signed out', () => {
  test('sign in, before and after a submit with nothing filled in', async ({ page }) => {
    await openSignIn(page);
    await expectScreenChecks(page, 'sign in');
    await loginCard(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(loginCard(page).getByText('This field is required')).toHaveCount(2);
    await expectScreenChecks(page, 'sign in with messages');
  });

  test('sign up, its messages and the confirm step', async ({ page }) => {
    await openSignIn(page);
    await loginCard(page).getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Create a new account' })).toBeVisible();
    await expectScreenChecks(page, 'sign up');
    await loginCard(page).getByRole('button', { name: 'Create Account' }).click();
    await expect(
      loginCard(page).getByText('You must agree to the Terms and Conditions'),
    ).toBeVisible();
    await expectScreenChecks(page, 'sign up with messages');

    await field(page, 'Full Name').fill('Grace Hopper');
    await field(page, 'Email').fill(`e2e-${randomUUID()}@example.com`);
    await field(page, 'Password').fill(TEST_PASSWORD);
    await field(page, 'Confirm Password').fill(TEST_PASSWORD);
    await loginCard(page).getByRole('checkbox').check();
    await loginCard(page).getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'We Emailed You' })).toBeVisible();
    await expectScreenChecks(page, 'confirm sign up');
  });

  test('forgot password and the confirm step', async ({ page, baseURL }) => {
    const user = await createConfirmedUser(baseURL!);
    await openSignIn(page);
    await loginCard(page).getByRole('button', { name: 'Forgot Your Password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password:' })).toBeVisible();
    await expectScreenChecks(page, 'forgot password');
    await field(page, 'Email').fill(user.email);
    await loginCard(page).getByRole('button', { name: 'Send code' }).click();
    await expect(field(page, 'Code')).toBeVisible();
    await expectScreenChecks(page, 'confirm reset password');
  });

  test('the callback error screen', async ({ page }) => {
    await page.goto('/callback?error=access_denied');
    await expect(page.getByText('Authentication failed: access_denied')).toBeVisible();
    await expectScreenChecks(page, 'callback error');
  });

  test('the install banner', async ({ page }) => {
    await openSignIn(page);
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(event);
    });
    await expect(page.getByRole('region', { name: 'Install app' })).toBeVisible({ timeout: 6000 });
    await expectScreenChecks(page, 'install banner');
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInNewUser(page, baseURL!);
  });

  test('header, bottom navigation and the chat placeholder', async ({ page }) => {
    await page.goto('/chat');
    await expect(page.getByTestId('chat-page')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectScreenChecks(page, 'chat with header and navigation');
  });

  test('the header stays 40 px; its title and picture are 44×44 targets', async ({ page }) => {
    await page.goto('/models');
    const header = page.getByTestId('app-header');
    await expect(header.getByRole('link', { name: 'Profile' })).toBeVisible();
    expect((await header.boundingBox())!.height).toBe(40);
    for (const name of ['AI Image Studio', 'Profile']) {
      const box = (await header.getByRole('link', { name }).boundingBox())!;
      expect(box.width, name).toBeGreaterThanOrEqual(44);
      expect(box.height, name).toBeGreaterThanOrEqual(44);
      expect(box.y, name).toBe(0);
    }
    // A tap just under the header, on the picture's column, still opens the profile.
    const picture = (await header.getByRole('link', { name: 'Profile' }).boundingBox())!;
    await page.mouse.click(picture.x + picture.width / 2, 42);
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a toast: above the navigation, clear of the heading and its buttons; axe clean', async ({
    page,
  }) => {
    await page.goto('/models');
    const heading = page.getByRole('heading', { name: 'AI Models' });
    await expect(heading).toBeVisible();
    const refresh = page.getByRole('button', { name: 'Refresh models and photos' });
    const toast = toastOf(page, 'Models and photos refreshed successfully');
    await holdToastClearOf(toast, () => refresh.click(), {
      'the header': page.getByTestId('app-header'),
      'the bottom navigation': page.getByRole('navigation', { name: 'Main' }),
      'the heading': heading,
      'the refresh button': refresh,
      'Add Model': page.getByRole('button', { name: 'Add Model' }),
    });
    await saveScreenshot(page, 'models-toast');
    await expectNoSeriousA11yViolations(page, 'models page with a toast');
    // Not even focus sentinels hidden from assistive technology in the toast's region (the
    // page-wide check above leaves those of Fluent's focus manager out).
    const inToast = await new AxeBuilder({ page })
      .include('[role="status"]:has([data-testid="toast"])')
      .withRules(['aria-hidden-focus'])
      .analyze();
    expect(inToast.violations).toEqual([]);
    await expect(toast).toBeVisible();
  });

  test('the logout confirmation: a bottom sheet on phones, centred on desktop', async ({
    page,
  }) => {
    await page.goto('/profile');
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
    await page.getByRole('button', { name: 'LOG OUT' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectScreenChecks(page, 'logout dialog');

    const viewport = page.viewportSize()!;
    // The surface, not the dialog role's element, carries the layout.
    const box = (await page.locator('.fui-DialogSurface').boundingBox())!;
    // While a dialog locks a long page's scrolling, Fluent keeps a scrollbar's room beside the
    // page (scrollbar-gutter), so it does not jump sideways: centred means in the page's width.
    const shownWidth = await page.evaluate(() => document.body.getBoundingClientRect().width);
    if (viewport.width < 480) {
      expect(box.x).toBe(0);
      expect(box.width).toBe(viewport.width);
      expect(box.y + box.height).toBeCloseTo(viewport.height, 0);
    } else {
      expect(box.width).toBeLessThan(viewport.width / 2);
      expect(Math.abs(box.x + box.width / 2 - shownWidth / 2)).toBeLessThanOrEqual(1);
      expect(box.y + box.height).toBeLessThan(viewport.height - 100);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('signed in, remotes unreachable', () => {
  // Requests a service worker answers would bypass the route below.
  test.use({ serviceWorkers: 'block' });

  test('the remote error card', async ({ page, baseURL }) => {
    await signInNewUser(page, baseURL!);
    await page.route('**/remotes/gallery/**', (route) => route.abort('connectionrefused'));
    await page.goto('/dashboard');
    await expect(page.getByText('This section could not be loaded')).toBeVisible();
    await expectScreenChecks(page, 'remote error card');
  });
});
