import { randomUUID } from 'node:crypto';
import { solidPng } from './images';
import type { Studio } from './studio';
import type { TestUser } from './tokens';

/** The user's row id (created on first sight if needed). */
export async function userIdOf(studio: Studio, user: TestUser): Promise<string> {
  await studio.as(user, 'GET', '/api/user');
  const row = await studio.running.app.db
    .selectFrom('users')
    .select('id')
    .where('identity_sub', '=', user.sub)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A test's clock for rows it writes itself, moved on by each row it dates. */
interface RowClock {
  now: number;
}

/**
 * `count` generated images of `userId` written as the engine stores them (no files), each
 * `perMillisecond` of them a millisecond later than the ones before (several sharing one test the
 * keyset's tie-break), with `prompt(index)` as their prompts. Their ids, oldest first.
 */
export async function insertGeneratedImages(
  studio: Studio,
  userId: string,
  count: number,
  {
    clock,
    perMillisecond = 1,
    prompt = (index) => `prompt ${index}`,
  }: { clock: RowClock; perMillisecond?: number; prompt?: (index: number) => string },
): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) => {
    if (index % perMillisecond === 0) clock.now += 1;
    return {
      id: randomUUID(),
      user_id: userId,
      type: 'generated',
      status: 'ready',
      filename: `g${index}.png`,
      content_type: 'image/png',
      prompt: prompt(index),
      created_at: new Date(clock.now).toISOString(),
    };
  });
  for (let start = 0; start < rows.length; start += 200) {
    await studio.running.app.db
      .insertInto('media')
      .values(rows.slice(start, start + 200))
      .execute();
  }
  return rows.map((row) => row.id);
}

/** Small real PNG training photos through the base64 route (fast; formats are tested elsewhere). */
export async function uploadPhotos(
  studio: Studio,
  user: TestUser,
  count: number,
): Promise<string[]> {
  const png = (await solidPng(32, 32)).toString('base64');
  const response = await studio.as(user, 'POST', '/api/media/upload', {
    json: {
      photos: Array.from({ length: count }, (_, index) => ({
        imageBase64: png,
        filename: `photo-${index}.png`,
        contentType: 'image/png',
        caption: '',
      })),
    },
  });
  if (response.status !== 200) throw new Error(`upload failed: ${JSON.stringify(response.body)}`);
  return response.body.items.map((item: { imageId: string }) => item.imageId);
}

/** What the engine layer (issue 5) does when a training succeeds. */
export async function markModelReady(studio: Studio, modelId: string): Promise<void> {
  await studio.running.app.db
    .updateTable('models')
    .set({ status: 'ready' })
    .where('id', '=', modelId)
    .execute();
}

/** What a training that ends in failure leaves (its job's completion). */
export async function markModelFailed(
  studio: Studio,
  modelId: string,
  reason = 'Only 3 of the photos show one clear face; at least 5 are needed.',
): Promise<void> {
  await studio.running.app.db
    .updateTable('models')
    .set({ status: 'failed', failure_reason: reason })
    .where('id', '=', modelId)
    .execute();
}

export async function trainReadyModel(
  studio: Studio,
  user: TestUser,
  modelName = `Model ${randomUUID().slice(0, 4)}`,
): Promise<string> {
  const photoIds = await uploadPhotos(studio, user, 5);
  const response = await studio.as(user, 'POST', '/api/media/start-training', {
    json: { modelName, triggerWord: '', photoIds },
  });
  if (response.status !== 202) throw new Error(`training failed: ${JSON.stringify(response.body)}`);
  await markModelReady(studio, response.body.modelId);
  return response.body.modelId;
}

export async function makeAdmin(studio: Studio, user: TestUser): Promise<void> {
  await studio.running.app.db
    .updateTable('users')
    .set({ is_admin: 1 })
    .where('id', '=', await userIdOf(studio, user))
    .execute();
}

/** Real JPEG photos through the base64 route in one request, ids in order. */
export async function uploadJpegs(
  studio: Studio,
  user: TestUser,
  files: readonly { data: Buffer; filename: string }[],
): Promise<string[]> {
  const response = await studio.as(user, 'POST', '/api/media/upload', {
    json: {
      photos: files.map((file) => ({
        imageBase64: file.data.toString('base64'),
        filename: file.filename,
        contentType: 'image/jpeg',
        caption: '',
      })),
    },
  });
  if (response.status !== 200) throw new Error(`upload failed: ${JSON.stringify(response.body)}`);
  return response.body.items.map((item: { imageId: string }) => item.imageId);
}

/**
 * Starts a training and follows /user/training-status until its model leaves 'training' (within
 * 30 s): the model's last status entry, for the caller to check.
 */
export async function trainToEnd(
  studio: Studio,
  user: TestUser,
  modelName: string,
  photoIds: readonly string[],
): Promise<{ modelId: string; status: Record<string, unknown> }> {
  const started = await studio.as(user, 'POST', '/api/media/start-training', {
    json: { modelName, triggerWord: '', photoIds },
  });
  if (started.status !== 202) throw new Error(`training refused: ${JSON.stringify(started.body)}`);
  const modelId: string = started.body.modelId;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await studio.as(user, 'GET', '/api/user/training-status');
    const status = (response.body.models as { modelId: string; status: string }[]).find(
      (entry) => entry.modelId === modelId,
    );
    if (status && status.status !== 'training') return { modelId, status };
    if (Date.now() > deadline) throw new Error('training did not finish');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
