import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_DATA_DIR, REPO_ROOT } from './paths';
import { runOnce } from './run-once';
import { createConfirmedUser, identityTokens, type TestUser } from './session';

/** Lisa's photos the built-in engine trains on; 07 and 08 stay out of every training. */
export const FACES_DIR = join(REPO_ROOT, 'testdata', 'faces', 'lisa_debruine');
export const TRAINING_PHOTOS = ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg', '06.jpg'];
export const HELD_OUT_PHOTO = join(FACES_DIR, '07.jpg');

export interface TrainedModel {
  modelId: string;
  name: string;
  triggerWord: string;
}

export interface UserWithModels {
  user: TestUser;
  models: TrainedModel[];
}

/** The product API as the signed-in user, through the real identity service's id token. */
export class ApiAs {
  private constructor(
    private readonly origin: string,
    private readonly token: string,
  ) {}

  static async signIn(origin: string, user: TestUser): Promise<ApiAs> {
    return new ApiAs(origin, (await identityTokens(origin, user)).IdToken);
  }

  async call<T>(method: string, path: string, json?: unknown): Promise<T> {
    const response = await fetch(`${this.origin}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const body = (await response.json()) as T & { message?: string };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${body.message}`);
    return body;
  }
}

/** Pro (up to 5 models) through the test-mode checkout, as a paying user would get it. */
async function upgradeToPro(origin: string, api: ApiAs): Promise<void> {
  const { url } = await api.call<{ url: string }>('POST', '/create-checkout-session');
  const checkout = new URL(url, origin).toString();
  await fetch(checkout);
  const completed = await fetch(`${checkout}/complete`, { method: 'POST', redirect: 'manual' });
  if (completed.status >= 400) throw new Error(`checkout completion: ${completed.status}`);
}

async function waitUntilReady(api: ApiAs, modelId: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const { models } = await api.call<{
      models: { modelId: string; status: string; failureReason: string | null }[];
    }>('GET', '/user');
    const model = models.find((candidate) => candidate.modelId === modelId);
    if (model?.status.toLowerCase() === 'ready') return;
    if (model?.status.toLowerCase() === 'failed')
      throw new Error(`training failed: ${model.failureReason}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`model ${modelId} was not ready in time`);
}

/** Uploads the training photos and trains one model on the built-in engine, until it is ready. */
export async function trainModel(
  api: ApiAs,
  name: string,
  triggerWord: string,
): Promise<TrainedModel> {
  const { items } = await api.call<{ items: { imageId: string }[] }>('POST', '/media/upload', {
    photos: TRAINING_PHOTOS.map((file) => ({
      imageBase64: readFileSync(join(FACES_DIR, file)).toString('base64'),
      filename: file,
      contentType: 'image/jpeg',
      caption: '',
    })),
  });
  const { modelId } = await api.call<{ modelId: string }>('POST', '/media/start-training', {
    modelName: name,
    triggerWord,
    photoIds: items.map((item) => item.imageId),
  });
  await waitUntilReady(api, modelId);
  return { modelId, name, triggerWord };
}

/**
 * A confirmed Pro user with `names.length` ready models, made once per test run and product
 * instance (both Playwright projects and every worker share it; each browser context keeps its
 * own storage).
 */
export async function userWithModels(
  origin: string,
  fixture: string,
  names: readonly string[],
): Promise<UserWithModels> {
  return runOnce(join(`${E2E_DATA_DIR}-fixtures`, `${fixture}.json`), async () => {
    const user = await createConfirmedUser(origin, 'Lisa DeBruine');
    const api = await ApiAs.signIn(origin, user);
    if (names.length > 1) await upgradeToPro(origin, api);
    const models: TrainedModel[] = [];
    for (const name of names) {
      models.push(await trainModel(api, name, name.toLowerCase().replace(/\s+/g, '')));
    }
    return { user, models };
  });
}
