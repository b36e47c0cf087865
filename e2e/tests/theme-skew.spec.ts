import { MODELS_TEXT, TRAINING_TEXT } from '../../shared/src/spec/messages';
import { PAGE_THEME_STYLE_ID } from '../../shared/src/theme/page-theme-id';
import { expect, test } from './support/test';
import { signInNewUser } from './support/session';

// The page is answered by page.route below, which a service worker's answer would bypass.
test.use({ serviceWorkers: 'block' });

test('a remote in a shell page built before the theme moved into it still themes its dialogs', async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  // Such a page: the shell's document as it was, without the theme stylesheet.
  await page.route('**/models', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      new RegExp(`<style id="${PAGE_THEME_STYLE_ID}">[^<]*</style>`),
      '',
    );
    await route.fulfill({ response, body });
  });
  await page.goto('/models');
  await expect(page.getByRole('heading', { name: MODELS_TEXT.title })).toBeVisible();
  expect(await page.evaluate((id) => document.getElementById(id), PAGE_THEME_STYLE_ID)).toBeNull();

  // A dialog is a portal, outside every provider's element: it has the theme only if its own
  // provider sets it.
  await page.getByRole('button', { name: MODELS_TEXT.addModel }).click();
  const dialog = page.getByRole('dialog', { name: TRAINING_TEXT.dialogTitle });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((element) => getComputedStyle(element).backgroundColor))
    .toBe('rgb(255, 255, 255)');
});
