import { randomUUID } from 'node:crypto';
import type { ModelStatus } from '@app/shared/spec';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ModelsTable } from '../db/schema';
import { engineOf } from '../db/model-engine';
import type { ReplicateService } from '../engines/replicate/replicate-service';
import type { JobCompletion } from '../jobs/completion';
import { CANCELED_FAILURE } from '../jobs/job-failures';
import type { Storage } from '../storage/storage';
import { incomingKey, mediaKeys } from '../storage/keys';
import { recordTrainingMail } from './training-mail';

export type ModelRow = Selectable<ModelsTable>;
export interface ModelWithPhotos extends ModelRow {
  photoIds: string[];
  /** Whether the model's first photo has a small thumbnail (an older one may not). */
  firstPhotoHasSmallThumbnail: boolean;
}

/**
 * The user-level status of spec §3 (`modelStatus`): training while any model trains (the client
 * polls then), else ready when any is ready, else failed when one failed, else none.
 */
export function aggregateModelStatus(models: readonly { status: string }[]): ModelStatus {
  for (const status of ['training', 'ready', 'failed'] as const) {
    if (models.some((model) => model.status === status)) return status;
  }
  return 'none';
}

/** The legacy `modelId` (spec §3): the chosen model, else the first ready one. */
export function pickDefaultModel<T extends { id: string; status: string }>(
  models: readonly T[],
  defaultModelId: string | null,
): T | undefined {
  return (
    models.find((model) => model.id === defaultModelId) ??
    models.find((model) => model.status === 'ready')
  );
}

/**
 * The end of a model's training, written with the job's end in one transaction: ready with what
 * the engine learnt (its name, the photos it could not use, the provider's version), or failed
 * (or canceled) with the reason the user sees; a mail to its owner is recorded with it (none for
 * a cancel: the user asked for it). `appUrl` is where the mail's links lead.
 */
export function trainingCompletion(appUrl: string): JobCompletion<'train'> {
  return {
    async succeeded(db, job, { details }, at) {
      await db
        .updateTable('models')
        .set({
          status: 'ready',
          failure_reason: null,
          updated_at: at,
          ...(details
            ? {
                engine: details.engine,
                photo_issues: JSON.stringify(details.photoIssues),
                ...(details.providerVersion ? { replicate_version: details.providerVersion } : {}),
              }
            : {}),
        })
        .where('id', '=', job.input.modelId)
        .execute();
      await recordTrainingMail(db, job, 'ready', at, appUrl);
    },
    async ended(db, job, reason, at) {
      await db
        .updateTable('models')
        .set({ status: 'failed', failure_reason: reason, updated_at: at })
        .where('id', '=', job.input.modelId)
        .execute();
      if (reason !== CANCELED_FAILURE) await recordTrainingMail(db, job, { reason }, at, appUrl);
    },
  };
}

/**
 * The one owner of the `models` rows (and their photo links): creating a model in training,
 * its training's end (`trainingCompletion`), its photos and order, deleting it.
 */
export class ModelService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: Storage,
    private readonly replicate: ReplicateService | null,
  ) {}

  /** In the user's order, each with its training photos in upload order. */
  async listWithPhotos(userId: string): Promise<ModelWithPhotos[]> {
    const models = await this.db
      .selectFrom('models')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('position', 'asc')
      .orderBy('created_at', 'asc')
      .execute();
    if (models.length === 0) return [];
    const links = await this.db
      .selectFrom('model_photos')
      .leftJoin('media', 'media.id', 'model_photos.media_id')
      .select(['model_photos.model_id', 'model_photos.media_id', 'media.small_thumbnail'])
      .where(
        'model_photos.model_id',
        'in',
        models.map((model) => model.id),
      )
      .orderBy('model_photos.position', 'asc')
      .execute();
    return models.map((model) => {
      const own = links.filter((link) => link.model_id === model.id);
      return {
        ...model,
        photoIds: own.map((link) => link.media_id),
        firstPhotoHasSmallThumbnail: own[0]?.small_thumbnail === 1,
      };
    });
  }

  /**
   * The model's best-reviewed training photo (`bestReviewedPhoto`): whose face stands for the
   * model's person. Undefined when it has none left.
   */
  async referencePhotoId(userId: string, modelId: string): Promise<string | undefined> {
    const links = await this.db
      .selectFrom('model_photos')
      .select('media_id')
      .where('model_id', '=', modelId)
      .orderBy('position', 'asc')
      .execute();
    return bestReviewedPhoto(
      this.db,
      userId,
      links.map((link) => link.media_id),
    );
  }

  findOwned(userId: string, id: string): Promise<ModelRow | undefined> {
    return this.db
      .selectFrom('models')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A new model in 'training', last in the user's order, linked to its photos. */
  async createTraining(
    db: Kysely<Database>,
    userId: string,
    fields: { name: string; triggerWord: string; photoIds: readonly string[] },
  ): Promise<ModelRow> {
    const now = new Date().toISOString();
    const { last } = await db
      .selectFrom('models')
      .select((eb) => eb.fn.max('position').as('last'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const row: ModelRow = {
      id: randomUUID(),
      user_id: userId,
      name: fields.name,
      trigger_word: fields.triggerWord,
      status: 'training',
      position: (last ?? -1) + 1,
      failure_reason: null,
      created_at: now,
      updated_at: now,
      photo_issues: null,
      engine: null,
      replicate_version: null,
    };
    await db.insertInto('models').values(row).execute();
    await db
      .insertInto('model_photos')
      .values(
        fields.photoIds.map((mediaId, position) => ({
          model_id: row.id,
          media_id: mediaId,
          position,
        })),
      )
      .execute();
    return row;
  }

  /** A failed model back in 'training' (its retry); false when it was not failed any more. */
  async restartTraining(db: Kysely<Database>, modelId: string): Promise<boolean> {
    const result = await db
      .updateTable('models')
      .set({
        status: 'training',
        failure_reason: null,
        photo_issues: null,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', modelId)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(model: ModelRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('models').where('id', '=', model.id).execute();
      await trx
        .updateTable('users')
        .set({ default_model_id: null })
        .where('id', '=', model.user_id)
        .where('default_model_id', '=', model.id)
        .execute();
    });
    // Trained weights live under the model's folder (written by the engine layer).
    await this.storage.deletePrefix(`users/${model.user_id}/models/${model.id}/`);
  }

  /**
   * Deletes a model's training photos (the caller has checked its engine no longer needs them):
   * first the copies the engine uploaded to the provider, so a provider that cannot be reached
   * leaves everything as it was ('provider-unavailable'); then, in one transaction, the model's
   * links and the rows of its photos no other model uses (those stay with that model); then
   * their files. Returns how many photos were deleted.
   */
  async deleteTrainingPhotos(
    model: ModelRow,
  ): Promise<{ deleted: number } | 'provider-unavailable'> {
    if (engineOf(model) === 'replicate') {
      if (!this.replicate) return 'provider-unavailable';
      try {
        await this.replicate.deleteTrainingUploads(model.id);
      } catch {
        return 'provider-unavailable';
      }
    }
    const deleted = await this.db.transaction().execute(async (trx) => {
      const links = await trx
        .selectFrom('model_photos')
        .select('media_id')
        .where('model_id', '=', model.id)
        .execute();
      const ids = links.map((link) => link.media_id);
      if (ids.length === 0) return [];
      const shared = await trx
        .selectFrom('model_photos')
        .select('media_id')
        .where('media_id', 'in', ids)
        .where('model_id', '!=', model.id)
        .execute();
      const kept = new Set(shared.map((link) => link.media_id));
      const owned = ids.filter((id) => !kept.has(id));
      await trx.deleteFrom('model_photos').where('model_id', '=', model.id).execute();
      if (owned.length > 0) {
        await trx
          .deleteFrom('media')
          .where('user_id', '=', model.user_id)
          .where('id', 'in', owned)
          .execute();
      }
      await trx
        .updateTable('models')
        .set({ updated_at: new Date().toISOString() })
        .where('id', '=', model.id)
        .execute();
      return owned;
    });
    // The rows went first: they are what makes a photo reachable.
    for (const id of deleted) {
      await this.storage.deletePrefix(mediaKeys(model.user_id, id).prefix);
      if (this.storage.presignedPut) await this.storage.delete(incomingKey(model.user_id, id));
    }
    return { deleted: deleted.length };
  }

  /**
   * `orderedIds` must name each of the user's models once. 'unknown': an id is not one of theirs
   * (another user's model reads as missing); 'incomplete': some are left out or repeated.
   */
  async reorder(
    userId: string,
    orderedIds: readonly string[],
  ): Promise<'done' | 'unknown' | 'incomplete'> {
    return this.db.transaction().execute(async (trx) => {
      const owned = await trx
        .selectFrom('models')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      const ownedIds = new Set(owned.map((model) => model.id));
      if (!orderedIds.every((id) => ownedIds.has(id))) return 'unknown';
      if (orderedIds.length !== ownedIds.size || new Set(orderedIds).size !== orderedIds.length) {
        return 'incomplete';
      }
      for (const [position, id] of orderedIds.entries()) {
        await trx.updateTable('models').set({ position }).where('id', '=', id).execute();
      }
      return 'done';
    });
  }

  /**
   * Links more of the user's photos to the model, after the ones it has (the caller has checked
   * they are the user's ready training photos). Photos it already has keep their place.
   */
  async addPhotos(modelId: string, photoIds: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const links = await trx
        .selectFrom('model_photos')
        .select(['media_id', 'position'])
        .where('model_id', '=', modelId)
        .execute();
      const linked = new Set(links.map((link) => link.media_id));
      const added = [...new Set(photoIds)].filter((id) => !linked.has(id));
      if (added.length === 0) return;
      const last = Math.max(-1, ...links.map((link) => link.position));
      await trx
        .insertInto('model_photos')
        .values(
          added.map((mediaId, index) => ({
            model_id: modelId,
            media_id: mediaId,
            position: last + 1 + index,
          })),
        )
        .execute();
      await trx
        .updateTable('models')
        .set({ updated_at: new Date().toISOString() })
        .where('id', '=', modelId)
        .execute();
    });
  }

  /** `orderedIds` must name each photo of the model once; 'incomplete' when it does not. */
  async orderPhotos(
    modelId: string,
    orderedIds: readonly string[],
  ): Promise<'done' | 'incomplete'> {
    return this.db.transaction().execute(async (trx) => {
      const links = await trx
        .selectFrom('model_photos')
        .select('media_id')
        .where('model_id', '=', modelId)
        .execute();
      const linked = new Set(links.map((link) => link.media_id));
      if (
        orderedIds.length !== linked.size ||
        new Set(orderedIds).size !== orderedIds.length ||
        !orderedIds.every((id) => linked.has(id))
      ) {
        return 'incomplete';
      }
      for (const [position, mediaId] of orderedIds.entries()) {
        await trx
          .updateTable('model_photos')
          .set({ position })
          .where('model_id', '=', modelId)
          .where('media_id', '=', mediaId)
          .execute();
      }
      return 'done';
    });
  }

  /**
   * The thumbnail of the model's first photo stands for the model (spec §3 "avatar image"): its
   * small one, as the avatar is only ever shown small.
   */
  avatarKey(model: ModelWithPhotos): string | undefined {
    const first = model.photoIds[0];
    if (!first) return undefined;
    const keys = mediaKeys(model.user_id, first);
    return model.firstPhotoHasSmallThumbnail ? keys.smallThumbnail : keys.thumbnail;
  }
}

/**
 * The photo whose face check passed with the highest score (the largest face); without any
 * checked, the first in training order.
 */
export async function bestReviewedPhoto(
  db: Kysely<Database>,
  userId: string,
  photoIds: readonly string[],
): Promise<string | undefined> {
  if (photoIds.length === 0) return undefined;
  const rows = await db
    .selectFrom('media')
    .select(['id', 'photo_check', 'photo_score'])
    .where('user_id', '=', userId)
    .where('id', 'in', [...photoIds])
    .execute();
  const rank = (row: (typeof rows)[number]) =>
    row.photo_check === 'ok' ? (row.photo_score ?? 0) : -1;
  const ordered = photoIds.flatMap((id) => rows.filter((row) => row.id === id));
  return ordered.reduce<(typeof rows)[number] | undefined>(
    (best, row) => (!best || rank(row) > rank(best) ? row : best),
    undefined,
  )?.id;
}
