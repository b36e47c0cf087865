import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from './support/test';
import { REPO_ROOT } from './support/paths';
import { signInNewUser } from './support/session';

/** The repository's licensed test portraits (testdata/SOURCES.md); FACES_DIR overrides. */
const FACES_DIR = process.env.FACES_DIR ?? join(REPO_ROOT, 'testdata', 'faces');

function testPortrait(): Buffer {
  const person = readdirSync(FACES_DIR, { withFileTypes: true }).find(
    (entry) => entry.isDirectory() && !entry.name.startsWith('_'),
  );
  if (!person) throw new Error(`no test portraits in ${FACES_DIR}`);
  const folder = join(FACES_DIR, person.name);
  const photo = readdirSync(folder).find((name) => name.endsWith('.jpg'));
  return readFileSync(join(folder, photo!));
}

/** WCAG contrast ratio of two computed CSS colours (rgb()/rgba(), alpha ignored). */
function contrast(first: string, second: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

const cssOf = (locator: Locator, property: 'color' | 'backgroundColor') =>
  locator.evaluate((element, name) => getComputedStyle(element)[name], property);

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('the disabled Generate tab looks disabled, label as well as icon', async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  await page.goto('/dashboard');
  const generate = mainNav(page).getByRole('button', { name: 'Generate' });
  const models = mainNav(page).getByRole('button', { name: 'Models' });
  await expect(generate).toHaveAttribute('aria-disabled', 'true');
  await page.mouse.move(0, 0);

  const label = await cssOf(generate, 'color');
  expect(label).not.toBe(await cssOf(models, 'color'));
  expect(label).toBe(await cssOf(generate.locator('.fui-Button__icon'), 'color'));
});

test('the sign-in progress bar stands out on the brand-blue header', async ({ page, baseURL }) => {
  // A returning user whose stored tokens have expired: the app refreshes them before it decides.
  const config = (await (await fetch(`${baseURL}/config.json`)).json()) as {
    auth: { userPoolClientId: string };
  };
  const prefix = `CognitoIdentityServiceProvider.${config.auth.userPoolClientId}`;
  const expired = `e30.${Buffer.from(JSON.stringify({ sub: 'gone', exp: 1 })).toString('base64url')}.x`;
  await page.goto('/manifest.webmanifest');
  await page.evaluate(
    (items) => Object.entries(items).forEach(([key, value]) => localStorage.setItem(key, value)),
    {
      [`${prefix}.LastAuthUser`]: 'gone',
      [`${prefix}.gone.idToken`]: expired,
      [`${prefix}.gone.accessToken`]: expired,
      [`${prefix}.gone.refreshToken`]: 'not-a-refresh-token',
    },
  );
  // The identity service answers only once the wait has been looked at (however slow the
  // machine is, the bar is still there while it is measured).
  let answer: () => void = () => undefined;
  const looked = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/identity/**', async (route) => {
    await looked;
    await route.continue();
  });

  await page.goto('/chat');
  const header = page.getByTestId('app-header');
  const progress = header.getByRole('progressbar', { name: 'Signing in' });
  await expect(progress).toBeVisible();
  const indicator = progress.locator('.fui-ProgressBar__bar');
  const headerColour = await cssOf(header, 'backgroundColor');
  // Non-text contrast (WCAG 1.4.11): the moving part against the header it runs on.
  expect(contrast(await cssOf(indicator, 'backgroundColor'), headerColour)).toBeGreaterThanOrEqual(
    3,
  );
  expect((await indicator.boundingBox())!.height).toBeGreaterThanOrEqual(3);
  answer();

  // The identity service refuses the refresh: signed out, onto the sign-in card.
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(progress).toHaveCount(0);
});

test('a profile picture that fails to load falls back to the default icon', async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  const idToken = await page.evaluate(
    () => Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))![1],
  );
  const upload = await fetch(`${baseURL}/api/user/profile-picture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      imageBase64: testPortrait().toString('base64'),
      contentType: 'image/jpeg',
    }),
  });
  expect(upload.status).toBe(200);
  const { profilePictureUrl } = (await upload.json()) as { profilePictureUrl: string };
  const profileLink = page.getByTestId('app-header').getByRole('link', { name: 'Profile' });

  await page.goto('/dashboard');
  await expect(profileLink.locator('img')).toBeVisible();

  const picturePath = new URL(profilePictureUrl, baseURL).pathname;
  // The picture is no longer in the profile-image cache (it expired, or the browser evicted it).
  await page.evaluate(async () => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('img_cache_')) localStorage.removeItem(key);
    }
    await caches.delete('img_cache_bytes');
  });
  await page.route(
    (url) => url.pathname === picturePath,
    (route) => route.abort('connectionreset'),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
  await expect(profileLink.locator('svg')).toBeVisible();
  await expect(profileLink.locator('img')).toHaveCount(0);
  // Not the initials of Ada Lovelace: the spec names the default icon.
  await expect(profileLink).not.toContainText('AL');
});
