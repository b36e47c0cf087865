import {
  API_TEXT,
  deriveTriggerWord,
  modelLimitReached,
  validateModelName,
  validateTrainingPhotoCount,
  validateTriggerWord,
} from '@app/shared/spec';
import { packPrompts, packsFor } from '@app/shared/packs';
import type { Kysely } from 'kysely';
import { isForeignKeyViolation } from '../db/constraint-errors';
import type { Database } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http-errors';
import { onceFor, type KeyedRequest } from '../jobs/idempotency';
import type { Job, JobQueue } from '../jobs/queue';
import type { MediaService } from './media';
import { bestReviewedPhoto, type ModelService } from './models';
import type { UserRow, UserService } from './users';

/** At most this many previews per training: one pack's worth, the first pictures the user sees. */
export const MAX_PREVIEWS = 4;

interface TrainingRequest {
  modelName?: string;
  triggerWord?: string;
  photoIds?: string[];
}

/** Starting a model's training, first or again, under the rules of spec §5/§6. */
export class TrainingService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly users: UserService,
    private readonly media: MediaService,
    private readonly models: ModelService,
    private readonly jobs: JobQueue,
    /** The engine new trainings run on when it makes their previews; null: none are made. */
    private readonly previewEngine: string | null,
  ) {}

  /**
   * Spec §5/§6 on the server: 5-20 of the caller's own uploaded photos, a name of at most 20
   * characters, a one-word trigger (derived from the name when empty), the model limit, and one
   * training at a time. The older client posts an empty body: it means "all my photos not yet in
   * a model, named after me".
   */
  async start(
    user: UserRow,
    request: TrainingRequest,
    keyed: KeyedRequest | undefined,
  ): Promise<Job<'train'>> {
    return onceFor(this.jobs, user.id, 'train', keyed, () => this.create(user, request, keyed));
  }

  /**
   * The photos must be the user's uploaded training photos, each received and accepted: a photo
   * refused on upload answers with its reason, a missing or foreign one with 404.
   */
  async checkPhotos(user: UserRow, photoIds: readonly string[]): Promise<void> {
    const photos = await this.media.findManyOwned(user.id, photoIds);
    const refused = photos.find((photo) => photo.status === 'failed' && photo.failure_reason);
    if (refused?.failure_reason) throw badRequest(refused.failure_reason);
    if (
      photos.length !== photoIds.length ||
      photos.some((photo) => photo.type !== 'training' || photo.status !== 'ready')
    ) {
      throw notFound(API_TEXT.trainingPhotosNotFound);
    }
  }

  private async create(
    user: UserRow,
    request: TrainingRequest,
    keyed: KeyedRequest | undefined,
  ): Promise<Job<'train'>> {
    const name = (request.modelName ?? user.name).trim();
    const nameError = validateModelName(name);
    if (nameError) throw badRequest(nameError);
    const triggerWord = request.triggerWord?.trim() || deriveTriggerWord(name);
    const triggerError = validateTriggerWord(request.triggerWord ?? '');
    if (triggerError) throw badRequest(triggerError);

    // Photos uploaded straight to S3 are checked now, before anything reads them.
    await this.media.finalizeUploads(user.id, request.photoIds);
    const models = await this.models.listWithPhotos(user.id);
    const photoIds = request.photoIds
      ? [...new Set(request.photoIds)]
      : (await this.media.trainingPhotos(user.id))
          .map((photo) => photo.id)
          .filter((id) => !models.some((model) => model.photoIds.includes(id)));
    const countError = validateTrainingPhotoCount(photoIds.length);
    if (countError) throw badRequest(countError);
    await this.checkPhotos(user, photoIds);

    const started = this.db.transaction().execute(async (trx) => {
      await this.checkRoom(trx, user);
      const model = await this.models.createTraining(trx, user.id, { name, triggerWord, photoIds });
      const job = await this.jobs.enqueue(
        {
          userId: user.id,
          kind: 'train',
          modelId: model.id,
          input: { modelId: model.id, triggerWord, photoIds },
          ...(keyed ? { idempotencyKey: keyed.key, requestHash: keyed.hash } : {}),
        },
        trx,
      );
      await this.queuePreviews(trx, user.id, model.id, triggerWord, photoIds);
      return job;
    });
    return photosStillThere(started);
  }

  /**
   * Inside the transaction that starts a training: the model limit (a failed model holds no slot)
   * and one training at a time. Touching the user's row first makes concurrent starts of one user
   * (a double tap, two tabs, two api processes) take turns, so each sees the other's model: a row
   * lock in PostgreSQL, the write lock in SQLite.
   */
  private async checkRoom(trx: Kysely<Database>, user: UserRow): Promise<void> {
    await trx
      .updateTable('users')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', user.id)
      .execute();
    const current = await trx
      .selectFrom('models')
      .select('status')
      .where('user_id', '=', user.id)
      .execute();
    // A failure costs nothing: a failed model holds no slot until it trains again.
    const limit = this.users.modelLimit(user);
    const counted = current.filter((model) => model.status !== 'failed').length;
    if (counted >= limit) throw forbidden(modelLimitReached(limit));
    if (current.some((model) => model.status === 'training')) {
      throw conflict(API_TEXT.modelAlreadyTraining);
    }
  }

  /**
   * A failed model trains again, in place, on the photos it has now (the user may have removed the
   * ones its review refused and added others), under the same rules as a new training.
   */
  async retry(
    user: UserRow,
    modelId: string,
    keyed: KeyedRequest | undefined,
  ): Promise<Job<'train'>> {
    return onceFor(this.jobs, user.id, 'train', keyed, async () => {
      const model = (await this.models.listWithPhotos(user.id)).find((item) => item.id === modelId);
      if (!model) throw notFound(API_TEXT.modelNotFound);
      if (model.status !== 'failed') throw conflict(API_TEXT.onlyFailedModelRetried);
      const countError = validateTrainingPhotoCount(model.photoIds.length);
      if (countError) throw badRequest(countError);
      await this.checkPhotos(user, model.photoIds);
      return this.db.transaction().execute(async (trx) => {
        await this.checkRoom(trx, user);
        if (!(await this.models.restartTraining(trx, model.id))) {
          throw conflict(API_TEXT.onlyFailedModelRetried);
        }
        const job = await this.jobs.enqueue(
          {
            userId: user.id,
            kind: 'train',
            modelId: model.id,
            input: { modelId: model.id, triggerWord: model.trigger_word, photoIds: model.photoIds },
            ...(keyed ? { idempotencyKey: keyed.key, requestHash: keyed.hash } : {}),
          },
          trx,
        );
        await this.queuePreviews(trx, user.id, model.id, model.trigger_word, model.photoIds);
        return job;
      });
    });
  }

  /**
   * On an engine that makes previews, up to MAX_PREVIEWS jobs of their own kind beside the
   * training: the prompts of the first pack the engine renders, each drawn from the best-reviewed
   * photo. The training never waits on them; they need nothing of it. A model trained again
   * keeps the previews it has or is still getting: each is a paid prediction.
   */
  private async queuePreviews(
    trx: Kysely<Database>,
    userId: string,
    modelId: string,
    triggerWord: string,
    photoIds: readonly string[],
  ): Promise<void> {
    const engine = this.previewEngine;
    const [pack] = packsFor([engine]).packs;
    if (engine === null || !pack || (await hasPreviews(trx, userId, modelId))) return;
    const referencePhotoId = await bestReviewedPhoto(trx, userId, photoIds);
    if (!referencePhotoId) return;
    for (const prompt of packPrompts(pack, triggerWord).slice(0, MAX_PREVIEWS)) {
      await this.jobs.enqueue(
        {
          userId,
          kind: 'preview',
          modelId,
          input: { modelId, engine, prompt, referencePhotoId },
        },
        trx,
      );
    }
  }
}

/** Whether the model has previews, or preview jobs still to run. */
async function hasPreviews(
  db: Kysely<Database>,
  userId: string,
  modelId: string,
): Promise<boolean> {
  const made = await db
    .selectFrom('media')
    .select('id')
    .where('user_id', '=', userId)
    .where('preview_of', '=', modelId)
    .executeTakeFirst();
  if (made) return true;
  const pending = await db
    .selectFrom('jobs')
    .select('id')
    .where('user_id', '=', userId)
    .where('model_id', '=', modelId)
    .where('kind', '=', 'preview')
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return pending !== undefined;
}

/**
 * A write linking photos that were checked before it: one deleted in between (another tab) makes
 * the write fail on its foreign key, answered as if the check had found it gone.
 */
export async function photosStillThere<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(API_TEXT.trainingPhotosNotFound);
    throw error;
  }
}
