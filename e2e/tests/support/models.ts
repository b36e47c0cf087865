import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { REPO_ROOT } from './paths';

/** The licensed test portraits (testdata/faces/SOURCES.md). */
export const FACES = join(REPO_ROOT, 'testdata', 'faces');
export const LISA = ['01', '02', '03', '04', '05', '06', '07', '08'].map((n) =>
  join(FACES, 'lisa_debruine', `${n}.jpg`),
);
export const GROUP_PHOTO = join(FACES, '_hard_cases', '01_group_obama_biden_situation_room.jpg');
export const SMALL_FACE_PHOTO = join(FACES, '_hard_cases', '02_obama_small_face_rose_garden.jpg');

/** The signed-in page's id token, as the app sends it (spec §7: id token preferred). */
export async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });
  if (!token) throw new Error('no signed-in session on this page');
  return token;
}

/** The product API as the signed-in user of `page`. */
export async function apiAs(page: Page, baseURL: string) {
  const headers = { authorization: `Bearer ${await idTokenOf(page)}` };
  const request: APIRequestContext = page.request;
  const json = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok())
      throw new Error(`${response.url()}: ${response.status()} ${JSON.stringify(body)}`);
    return body as Record<string, unknown>;
  };
  return {
    get: async (path: string) => json(await request.get(`${baseURL}/api${path}`, { headers })),
    post: async (path: string, data?: unknown) =>
      json(await request.post(`${baseURL}/api${path}`, { headers, data })),
    /** Training photos through the base64 route, ids in order. */
    async upload(files: readonly string[]): Promise<string[]> {
      const body = await json(
        await request.post(`${baseURL}/api/media/upload`, {
          headers,
          data: {
            photos: files.map((file) => ({
              imageBase64: readFileSync(file).toString('base64'),
              filename: basename(file),
              contentType: 'image/jpeg',
              caption: '',
            })),
          },
        }),
      );
      return (body.items as { imageId: string }[]).map((item) => item.imageId);
    },
  };
}

export type Api = Awaited<ReturnType<typeof apiAs>>;

/** A model trained by the built-in engine on `files`, through the API; waits until it ends. */
export async function trainThroughApi(
  api: Api,
  name: string,
  files: readonly string[],
  end: 'ready' | 'failed' = 'ready',
): Promise<{ modelId: string; photoIds: string[] }> {
  const photoIds = await api.upload(files);
  const started = await api.post('/media/start-training', { modelName: name, photoIds });
  const modelId = started.modelId as string;
  await expect
    .poll(
      async () =>
        ((await api.get('/user')).models as { modelId: string; status: string }[]).find(
          (model) => model.modelId === modelId,
        )?.status,
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe(end);
  return { modelId, photoIds };
}
