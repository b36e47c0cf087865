import {
  API_TEXT,
  MAX_QUEUED_GENERATIONS,
  tooManyQueuedGenerations,
  validateModelSelection,
  validatePrompt,
} from '@app/shared/spec';
import type { FastifyInstance } from 'fastify';
import { engineOf } from '../db/model-engine';
import { badRequest, HttpError, notFound } from '../http-errors';
import { onceFor, type KeyedRequest } from '../jobs/idempotency';
import type { Job, JobInputs } from '../jobs/queue';
import { pickDefaultModel } from './models';
import type { UserRow } from './users';

/**
 * The §5 rules in the spec's order: prompt, then models (1-2 of the caller's ready models), and
 * then that two models were trained by the same engine: a generation runs on the engine that
 * trained its models, so two engines' models cannot be combined (a client mistake, answered at
 * once instead of with a failed job). Without `modelIds` (the older `/generate` client) the
 * user's default model is used.
 */
export async function checkGeneration(
  app: FastifyInstance,
  user: UserRow,
  prompt: string,
  modelIds: string[] | undefined,
): Promise<string[]> {
  const promptError = validatePrompt(prompt);
  if (promptError) throw badRequest(promptError);

  let ids = modelIds ? [...new Set(modelIds)] : undefined;
  if (!ids) {
    const fallback = pickDefaultModel(
      await app.models.listWithPhotos(user.id),
      user.default_model_id,
    );
    ids = fallback ? [fallback.id] : [];
  }
  const selectionError = validateModelSelection(ids.length);
  if (selectionError) throw badRequest(selectionError);
  const engines = new Set<string>();
  for (const id of ids) {
    const model = await app.models.findOwned(user.id, id);
    if (!model) throw notFound(API_TEXT.modelNotFound);
    if (model.status !== 'ready') throw badRequest(API_TEXT.modelNotReady);
    engines.add(engineOf(model));
  }
  if (engines.size > 1) throw badRequest(API_TEXT.modelsOfDifferentEngines);
  return ids;
}

/**
 * One user's generations wait their turn with everyone's (claims are fair across users); this
 * bounds how many they may pile up at once.
 */
export async function assertRoomInQueue(app: FastifyInstance, user: UserRow): Promise<void> {
  const active = await app.jobs.countActive(user.id, ['generate', 'edit']);
  if (active >= MAX_QUEUED_GENERATIONS) {
    throw new HttpError(429, tooManyQueuedGenerations(MAX_QUEUED_GENERATIONS));
  }
}

export function enqueueGeneration<K extends 'generate' | 'edit'>(
  app: FastifyInstance,
  user: UserRow,
  kind: K,
  input: JobInputs[K],
  keyed: KeyedRequest | undefined,
  inputBytes?: number,
): Promise<Job<K>> {
  return onceFor(app, user.id, kind, keyed, async () => {
    await assertRoomInQueue(app, user);
    // Its images are stored when it ends: a full store takes no new generation.
    await app.storageQuota.assertRoom(user.id);
    return app.jobs.enqueue({
      userId: user.id,
      kind,
      input,
      ...(input.modelIds[0] ? { modelId: input.modelIds[0] } : {}),
      ...(keyed ? { idempotencyKey: keyed.key, requestHash: keyed.hash } : {}),
      ...(inputBytes === undefined ? {} : { inputBytes }),
    });
  });
}
