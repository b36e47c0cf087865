import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { MediaItem, MediaPage } from '@app/shared/contract/media';
import { E2E_DATA_DIR, E2E_WORK_DIR, REPO_ROOT } from './paths';
import { runOnce } from './run-once';
import { createConfirmedUser, idTokenFor, type TestUser } from './session';

/** Licensed portraits of one person (testdata/faces/SOURCES.md): what the model learns from. */
const FACES_DIR = join(REPO_ROOT, 'testdata', 'faces', 'lisa_debruine');
const TRAINING_PHOTOS = 6;

export interface SeededGallery {
  user: TestUser;
  modelId: string;
  /** Generated images, newest first, as the gallery lists them. */
  images: { imageId: string; prompt: string }[];
}

/** The product API as a signed-in client calls it. */
export function apiAs(origin: string, token: string) {
  return async <T>(method: string, path: string, json?: unknown): Promise<T> => {
    const response = await fetch(`${origin}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const body = (await response.json()) as T;
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
}

type Api = ReturnType<typeof apiAs>;

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Uploads the photos through presigned URLs and trains one model with the built-in engine. */
async function trainModel(api: Api): Promise<string> {
  const files = readdirSync(FACES_DIR)
    .filter((name) => name.endsWith('.jpg'))
    .sort()
    .slice(0, TRAINING_PHOTOS);
  const targets = await api<{ presignedUrl: string; imageId: string }[]>(
    'POST',
    '/media/presigned-urls',
    { files: files.map((filename) => ({ filename, contentType: 'image/jpeg' })) },
  );
  for (const [index, target] of targets.entries()) {
    const put = await fetch(target.presignedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: readFileSync(join(FACES_DIR, files[index]!)),
    });
    if (!put.ok) throw new Error(`upload of ${files[index]} answered ${put.status}`);
  }
  const started = await api<{ modelId: string }>('POST', '/media/start-training', {
    modelName: 'Lisa',
    triggerWord: 'lisa',
    photoIds: targets.map((target) => target.imageId),
  });
  await until(
    'training',
    async () => {
      const profile = await api<{ models: { modelId: string; status: string }[] }>('GET', '/user');
      const model = profile.models.find((candidate) => candidate.modelId === started.modelId);
      if (model?.status === 'failed') throw new Error('training failed');
      return model?.status === 'ready' ? true : undefined;
    },
    180_000,
  );
  return started.modelId;
}

/** One text-to-image call, waited for; the id of the image it made. */
export async function generateImage(api: Api, modelId: string, prompt: string): Promise<string> {
  let job = await api<{ id: string; status: string; output: string[] }>(
    'POST',
    '/generate/text-to-image',
    { prompt, aspect_ratio: '1:1', model_ids: [modelId] },
  );
  job = await until(
    `generation of "${prompt}"`,
    async () => {
      if (job.status === 'succeeded') return job;
      if (job.status === 'failed' || job.status === 'canceled')
        throw new Error(`job ${job.status}`);
      job = await api('GET', `/generate/status/${job.id}`);
      return undefined;
    },
    120_000,
  );
  return job.output[0]!;
}

/** Prompts of different lengths: most are cut at 30 characters in the grid, some are not. */
export function promptFor(number: number): string {
  const n = String(number).padStart(2, '0');
  return number % 4 === 0
    ? `Portrait ${n} in soft light`
    : `Portrait ${n} of lisa at golden hour, warm film grain, shallow focus`;
}

/** The user's generated images, newest first, through the API (all pages). */
export async function listGenerated(api: Api): Promise<MediaItem[]> {
  const items: MediaItem[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `type=generated&limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const page: MediaPage = await api<MediaPage>('GET', `/media?${query}`);
    items.push(...page.items);
    cursor = page.hasMore ? page.nextCursor : null;
  } while (cursor);
  return items;
}

/** A new confirmed user with a model trained on real photos and `count` generated images. */
export async function seedGallery(origin: string, count: number): Promise<SeededGallery> {
  const user = await createConfirmedUser(origin, 'Ada Lovelace');
  const api = apiAs(origin, await idTokenFor(origin, user));
  const modelId = await trainModel(api);
  for (let number = 1; number <= count; number += 1) {
    await generateImage(api, modelId, promptFor(number));
  }
  const images = (await listGenerated(api)).map((item) => ({
    imageId: item.imageId,
    prompt: item.prompt ?? '',
  }));
  return { user, modelId, images };
}

/**
 * `seedGallery`, made once per test run under `name` (the server's data lives as long as the
 * run) and reused by every test, project and worker that asks for it again.
 */
export async function seededGallery(
  origin: string,
  name: string,
  count: number,
): Promise<SeededGallery> {
  const file = join(E2E_WORK_DIR, 'gallery-seeds', `${basename(E2E_DATA_DIR)}-${name}.json`);
  return runOnce(file, () => seedGallery(origin, count));
}
