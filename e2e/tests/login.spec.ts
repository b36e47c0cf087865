import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from './support/test';
import { expectAppStarted } from './support/first-paint';
import { createConfirmedUser, mailedCode, TEST_PASSWORD } from './support/session';

// Texts of @app/shared/spec (LOGIN_TEXT, FORM_TEXT) and of shell/src/login/texts.ts.
const loginCard = (page: Page) => page.getByTestId('login-card');
const loginError = (page: Page) => page.getByTestId('login-error');
/** Required fields' labels end in an aria-hidden '*': match the accessible name instead. */
const field = (card: Locator, name: string) => card.getByRole('textbox', { name, exact: true });

async function openSignUp(page: Page) {
  await page.goto('/');
  await loginCard(page).getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Create a new account' })).toBeVisible();
}

test.describe('sign-in card', () => {
  test('starts on Sign In with the focus in the Email field', async ({ page }) => {
    await page.goto('/');
    const card = loginCard(page);
    await expect(card.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expect(card.getByRole('tab', { name: 'Sign In' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(field(card, 'Email')).toBeFocused();
    await expect(field(card, 'Password')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Forgot Your Password?' })).toBeVisible();
    const box = await card.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(400);
  });

  test('arrow keys switch the tabs and each step focuses its first field', async ({ page }) => {
    await page.goto('/');
    // The prerendered card's tabs are markup until the app takes it over.
    await expectAppStarted(page);
    const card = loginCard(page);
    await card.getByRole('tab', { name: 'Sign In' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(card.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(field(card, 'Full Name')).toBeFocused();
    await card.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect(field(card, 'Email')).toBeFocused();
  });

  test('a wrong password shows the provider message in the red box', async ({ page, baseURL }) => {
    const user = await createConfirmedUser(baseURL!);
    await page.goto('/');
    const card = loginCard(page);
    await field(card, 'Email').fill(user.email);
    await field(card, 'Password').fill('not-the-password');
    await field(card, 'Password').press('Enter');
    await expect(loginError(page)).toHaveText('Incorrect username or password.');
    await expect(card.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    await expect(page).toHaveURL(/\/$/);
  });

  test('checks the e-mail format before calling the identity service', async ({ page }) => {
    await page.goto('/');
    const card = loginCard(page);
    const identityCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/identity/'))
        identityCalls.push(request.postData() ?? '');
    });
    await field(card, 'Email').fill('ada.example.com');
    await field(card, 'Password').fill('a-password');
    await field(card, 'Password').press('Enter');
    await expect(card.getByText('Please enter a valid email')).toBeVisible();
    await expect(field(card, 'Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(loginError(page)).toHaveCount(0);

    // The service hears only of the corrected address: a call for the invalid one would have
    // gone out before the corrected one was answered.
    await field(card, 'Email').fill('nobody-signed-up@example.com');
    await field(card, 'Password').press('Enter');
    await expect(loginError(page)).toBeVisible();
    expect(identityCalls.join()).toContain('nobody-signed-up@example.com');
    expect(identityCalls.join()).not.toContain('ada.example.com');
  });

  test('signs a confirmed user in and leaves the card for /dashboard', async ({
    page,
    baseURL,
  }) => {
    const user = await createConfirmedUser(baseURL!);
    await page.goto('/');
    const card = loginCard(page);
    await field(card, 'Email').fill(user.email);
    await field(card, 'Password').fill(user.password);
    await card.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(loginCard(page)).toHaveCount(0);
  });
});

test('without Google configured the card offers no Google button', async ({ page }) => {
  await page.goto('/');
  await expect(loginCard(page).getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(loginCard(page).getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
});

test.describe('sign-up', () => {
  test('validates every field and the terms checkbox before calling the service', async ({
    page,
  }) => {
    await openSignUp(page);
    const card = loginCard(page);
    await card.getByRole('button', { name: 'Create Account' }).click();
    await expect(card.getByText('This field is required')).toHaveCount(4);
    await expect(card.getByText('You must agree to the Terms and Conditions')).toBeVisible();

    await field(card, 'Email').fill('not-an-email');
    await field(card, 'Password').fill('short');
    await field(card, 'Confirm Password').fill('shorter');
    await expect(card.getByText('Please enter a valid email')).toBeVisible();
    await expect(card.getByText('Password must have at least 8 characters')).toBeVisible();
    await expect(card.getByText('Your passwords must match')).toBeVisible();
    await expect(loginError(page)).toHaveCount(0);
  });

  test('carries the hidden, optional username field, filled with the e-mail', async ({ page }) => {
    await openSignUp(page);
    const card = loginCard(page);
    const username = card.locator('input[name="username"]');
    await expect(username).toHaveCount(1);
    await expect(username).toBeHidden();
    await expect(username).toHaveAttribute('autocomplete', 'username');
    expect(await username.evaluate((input: HTMLInputElement) => input.required)).toBe(false);
    await field(card, 'Email').fill(' grace@example.com ');
    await expect(username).toHaveValue('grace@example.com');
  });

  test('sign up, confirm with the mailed code, and arrive signed in', async ({ page, baseURL }) => {
    const email = `e2e-${randomUUID()}@example.com`;
    await openSignUp(page);
    const card = loginCard(page);
    await field(card, 'Full Name').fill('Grace Hopper');
    await field(card, 'Email').fill(email);
    await field(card, 'Password').fill(TEST_PASSWORD);
    await field(card, 'Confirm Password').fill(TEST_PASSWORD);
    await card.getByRole('checkbox').check();
    await card.getByRole('button', { name: 'Create Account' }).click();

    await expect(card.getByRole('heading', { name: 'We Emailed You' })).toBeVisible();
    await expect(card).toContainText(
      'Your code is on the way. To log in, enter the code we emailed to',
    );
    await expect(card).toContainText('It may take a minute to arrive');
    await expect(card).not.toContainText(email);
    await expect(field(card, 'Confirmation Code')).toBeFocused();

    await field(card, 'Confirmation Code').fill(await mailedCode(baseURL!, email));
    await field(card, 'Confirmation Code').press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(loginCard(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Welcome back, Grace!' })).toBeVisible();
  });

  test('a wrong confirmation code keeps the confirm screen with the message', async ({ page }) => {
    const email = `e2e-${randomUUID()}@example.com`;
    await openSignUp(page);
    const card = loginCard(page);
    await field(card, 'Full Name').fill('Grace Hopper');
    await field(card, 'Email').fill(email);
    await field(card, 'Password').fill(TEST_PASSWORD);
    await field(card, 'Confirm Password').fill(TEST_PASSWORD);
    await card.getByRole('checkbox').check();
    await card.getByRole('button', { name: 'Create Account' }).click();
    await field(card, 'Confirmation Code').fill('000000');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect(loginError(page)).toBeVisible();
    await expect(card.getByRole('heading', { name: 'We Emailed You' })).toBeVisible();
  });
});

test.describe('forgot password', () => {
  test('resets the password with the mailed code, then signs in with it', async ({
    page,
    baseURL,
  }) => {
    const user = await createConfirmedUser(baseURL!);
    const newPassword = 'a-brand-new-password';
    await page.goto('/');
    const card = loginCard(page);
    await card.getByRole('button', { name: 'Forgot Your Password?' }).click();
    await expect(card.getByRole('heading', { name: 'Reset Password:' })).toBeVisible();
    await field(card, 'Email').fill(user.email);
    await card.getByRole('button', { name: 'Send code' }).click();

    await expect(field(card, 'Code')).toBeVisible();
    await expect(card).toContainText('It may take a minute to arrive');
    // The sign-up code was mailed first; wait for the reset mail on top of it.
    await expect
      .poll(async () => (await fetchOutbox(baseURL!, user.email)).length, { timeout: 10_000 })
      .toBeGreaterThan(1);
    await field(card, 'Code').fill(await mailedCode(baseURL!, user.email));
    await field(card, 'New Password').fill(newPassword);
    await field(card, 'Confirm Password').fill(newPassword);
    await card.getByRole('button', { name: 'Submit' }).click();

    await expect(card.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expect(field(card, 'Email')).toHaveValue(user.email);
    await field(card, 'Password').fill(newPassword);
    await field(card, 'Password').press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

async function fetchOutbox(origin: string, email: string): Promise<unknown[]> {
  const response = await fetch(`${origin}/identity/dev/outbox?to=${encodeURIComponent(email)}`);
  return (await response.json()) as unknown[];
}
