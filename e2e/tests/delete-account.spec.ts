import { expect, test, type Locator, type Page } from './support/test';
import { expectScreenChecks } from './support/screen-checks';
import { signInNewUser, TEST_PASSWORD } from './support/session';
import { saveScreenshot } from './support/screenshots';

// The api's receipt (services/account-receipt.ts).
const RECEIPT_SUBJECT = 'Your AI Image Studio account has been deleted';

const remote = (page: Page) => page.getByTestId('remote-profile');
const loginCard = (page: Page) => page.getByTestId('login-card');
const field = (card: Locator, name: string) => card.getByRole('textbox', { name, exact: true });

/** The sign-in screen's answer to this e-mail and the test password. */
async function signInAnswer(page: Page, email: string): Promise<string> {
  await page.goto('/');
  const card = loginCard(page);
  await field(card, 'Email').fill(email);
  await field(card, 'Password').fill(TEST_PASSWORD);
  await field(card, 'Password').press('Enter');
  const error = page.getByTestId('login-error');
  await expect(error).toBeVisible();
  return (await error.textContent()) ?? '';
}

async function receipts(origin: string, email: string): Promise<string[]> {
  const response = await fetch(`${origin}/identity/dev/outbox?to=${encodeURIComponent(email)}`);
  const messages = (await response.json()) as { subject: string; body: string }[];
  return messages.filter((mail) => mail.subject === RECEIPT_SUBJECT).map((mail) => mail.body);
}

test('delete account: the typed DELETE, signed out, the receipt mailed, the e-mail unknown after', async ({
  page,
  baseURL,
}, testInfo) => {
  const user = await signInNewUser(page, baseURL!, 'Dee Leted');
  await page.goto('/profile');
  await expect(remote(page).getByRole('heading', { name: 'Profile Settings' })).toBeVisible();

  await remote(page).getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  for (const item of [
    'your models',
    'your training photos',
    'your generated images',
    'your profile picture',
    'your subscription, canceled at the payment provider',
    'your models stored at the image provider',
  ]) {
    await expect(dialog.getByRole('listitem').getByText(item, { exact: true })).toHaveCount(1);
  }
  const confirm = dialog.getByRole('button', { name: 'Delete account' });
  const word = dialog.getByRole('textbox', { name: 'Type DELETE to confirm' });
  await expect(confirm).toBeDisabled();
  await word.fill('delete');
  await expect(confirm).toBeDisabled();
  await word.fill('DELETE');
  await expect(confirm).toBeEnabled();
  await expectScreenChecks(page, 'delete account dialog');
  await saveScreenshot(page, 'dialog');
  if (testInfo.project.name === 'phone') {
    // A bottom sheet: it ends at the bottom edge and spans the width.
    const box = (await dialog.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
    expect(Math.round(box.width)).toBe(viewport.width);
  }

  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(loginCard(page)).toBeVisible();
  await expect.poll(() => receipts(baseURL!, user.email)).toHaveLength(1);
  const [receipt] = await receipts(baseURL!, user.email);
  expect(receipt).toContain('0 training photos');

  const deleted = await signInAnswer(page, user.email);
  const unknown = await signInAnswer(page, `nobody-${Date.now()}@example.com`);
  expect(deleted).toBe(unknown);
  await saveScreenshot(page, 'signed-in-again');
});
