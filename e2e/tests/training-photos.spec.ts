import { expect, test } from './support/test';
import { API_TEXT, MODELS_TEXT } from '../../shared/src/spec/messages';
import { apiAs, idTokenOf, LISA, trainThroughApi } from './support/models';
import { expectScreenChecks } from './support/screen-checks';
import { signInNewUser } from './support/session';
import { saveScreenshot } from './support/screenshots';

/*
 * "Delete my training photos" with the built-in engine, which draws every image from the
 * photos: the ready row says in one line why they stay, offers no delete, and the API refuses
 * one. (The Replicate path, where they go, is tested through the API against its double.)
 */

test('a built-in model says why its training photos stay, and the API keeps them', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(240_000);
  if (info.project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 800 });
  await signInNewUser(page, baseURL!, 'Ada Lovelace');
  await page.goto('/models');
  await expect(page.getByRole('heading', { name: MODELS_TEXT.title })).toBeVisible();
  const api = await apiAs(page, baseURL!);
  const { modelId, photoIds } = await trainThroughApi(api, 'Ada', LISA.slice(0, 5));

  await page.reload();
  const row = page.getByTestId('model-row');
  await expect(row).toHaveAttribute('data-status', 'ready');
  await expect(row.getByTestId('model-photo')).toHaveCount(5);
  await expect(row.getByTestId('photos-needed-note')).toHaveText(
    MODELS_TEXT.photosNeededToGenerate,
  );
  await expect(row.getByRole('button', { name: MODELS_TEXT.deleteTrainingPhotos })).toHaveCount(0);
  await row.getByTestId('photos-needed-note').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'built-in-note');
  await expectScreenChecks(page, 'built-in photos note');

  const refused = await page.request.delete(`${baseURL}/api/user/models/${modelId}/photos`, {
    headers: { authorization: `Bearer ${await idTokenOf(page)}` },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(API_TEXT.engineNeedsPhotos);
  const model = ((await api.get('/user')).models as { modelId: string }[]).find(
    (item) => item.modelId === modelId,
  );
  expect(model).toMatchObject({ status: 'ready', trainingPhotos: photoIds });
});
