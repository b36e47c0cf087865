import {
  API_TEXT,
  GENERATE_TEXT,
  MAX_IMAGES_PER_RUN,
  MAX_QUEUED_GENERATIONS,
  type EditFace,
  tooManyQueuedGenerations,
  validateModelSelection,
  validatePrompt,
} from '@app/shared/spec';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { engineOf } from '../db/model-engine';
import { capabilitiesOf } from '../engines/capabilities';
import { editFaces } from '../engines/edit-faces';
import { readAll } from '../engines/read-all';
import { badRequest, HttpError, notFound } from '../http-errors';
import { onceFor, type KeyedRequest } from '../jobs/idempotency';
import { imagesOf, type Job, type JobInputs, type JobQueue } from '../jobs/queue';
import type { ImageFile, ProcessedImage } from '../media/pipeline';
import { mediaKeys } from '../storage/keys';
import type { Storage } from '../storage/storage';
import { pickDefaultModel, type ModelService } from './models';
import type { MediaRow, MediaService } from './media';
import type { StorageQuota } from './storage-quota';
import type { UserRow } from './users';

/** Checking and queueing generations and edits (spec §5). */
export class GenerationService {
  constructor(
    private readonly models: ModelService,
    private readonly jobs: JobQueue,
    private readonly storage: Storage,
    private readonly storageQuota: StorageQuota,
    /** Generations and edits a user may start per minute (WRITE_RATE_LIMIT_PER_MINUTE). */
    private readonly perMinute: number,
  ) {}

  /**
   * The §5 rules in the spec's order: prompt, then models (1-2 of the caller's ready models), and
   * then that two models were trained by the same engine: a generation runs on the engine that
   * trained its models, so two engines' models cannot be combined (a client mistake, answered at
   * once instead of with a failed job). Without `modelIds` (the older `/generate` client) the
   * user's default model is used.
   */
  async check(user: UserRow, prompt: string, modelIds: string[] | undefined): Promise<string[]> {
    const promptError = validatePrompt(prompt);
    if (promptError) throw badRequest(promptError);
    return this.checkModels(user, modelIds);
  }

  /** The model half of `check`, for a request without a prompt (an edit's faces). */
  async checkModels(user: UserRow, modelIds: string[] | undefined): Promise<string[]> {
    let ids = modelIds ? [...new Set(modelIds)] : undefined;
    if (!ids) {
      const fallback = pickDefaultModel(
        await this.models.listWithPhotos(user.id),
        user.default_model_id,
      );
      ids = fallback ? [fallback.id] : [];
    }
    const selectionError = validateModelSelection(ids.length);
    if (selectionError) throw badRequest(selectionError);
    const engines = new Set<string>();
    for (const id of ids) {
      const model = await this.models.findOwned(user.id, id);
      if (!model) throw notFound(API_TEXT.modelNotFound);
      if (model.status !== 'ready') throw badRequest(API_TEXT.modelNotReady);
      engines.add(engineOf(model));
    }
    if (engines.size > 1) throw badRequest(API_TEXT.modelsOfDifferentEngines);
    return ids;
  }

  /**
   * Whether an edit with these (checked) models fills the mask from the rest of the photo rather
   * than repainting it as the prompt says: the masks such an engine cannot fill well are refused.
   */
  async editFillsFromPhoto(user: UserRow, modelIds: string[]): Promise<boolean> {
    const model =
      modelIds[0] === undefined ? undefined : await this.models.findOwned(user.id, modelIds[0]);
    return model !== undefined && !capabilitiesOf(engineOf(model)).editFollowsPrompt;
  }

  /**
   * The faces of a photo to edit with `leadModelId` (checked, and one whose engine fills from
   * the photo: `editFillsFromPhoto`), for the edit-mask rule.
   */
  async editFaces(user: UserRow, leadModelId: string, image: Buffer): Promise<EditFace[]> {
    const photoId = await this.models.referencePhotoId(user.id, leadModelId);
    const stored = photoId && (await this.storage.read(mediaKeys(user.id, photoId).original));
    return editFaces(image, stored ? await readAll(stored.stream) : undefined);
  }

  /**
   * A text-to-image run: every prompt (one, or a pack's) is checked like a single one, and the
   * images it makes against one run's bound (the per-minute limit is checked when it is queued).
   */
  checkRun(prompts: readonly string[], count: number): void {
    for (const prompt of prompts) {
      const promptError = validatePrompt(prompt);
      if (promptError) throw badRequest(promptError);
    }
    if (prompts.length * count > MAX_IMAGES_PER_RUN) {
      throw badRequest(GENERATE_TEXT.tooManyImages);
    }
  }

  /**
   * One user's generations wait their turn with everyone's (claims are fair across users); this
   * bounds how many they may pile up at once.
   */
  private async assertRoomInQueue(user: UserRow): Promise<void> {
    const active = await this.jobs.countActive(user.id, ['generate', 'edit']);
    if (active >= MAX_QUEUED_GENERATIONS) {
      throw new HttpError(429, tooManyQueuedGenerations(MAX_QUEUED_GENERATIONS));
    }
  }

  /**
   * The per-minute write limit of generations and edits counts images, from the jobs rather
   * than the requests, so that one that failed or was canceled gives its turn back.
   */
  private async assertUnderMinuteLimit(user: UserRow, images: number): Promise<void> {
    const since = new Date(Date.now() - 60_000);
    const started = await this.jobs.imagesStartedSince(user.id, since);
    if (started + images > this.perMinute) throw new HttpError(429, API_TEXT.tooManyRequests);
  }

  enqueue(
    user: UserRow,
    input: JobInputs['generate'],
    keyed: KeyedRequest | undefined,
  ): Promise<Job<'generate'>> {
    return onceFor(this.jobs, user.id, 'generate', keyed, async () => {
      await this.assertRoomFor(user, imagesOf(input));
      return this.jobs.enqueue({
        userId: user.id,
        kind: 'generate',
        input,
        ...jobFields(input, keyed),
      });
    });
  }

  /** The per-minute limit, the queue's room and the storage quota, in that order. */
  private async assertRoomFor(user: UserRow, images: number, inputBytes = 0): Promise<void> {
    await this.assertUnderMinuteLimit(user, images);
    await this.assertRoomInQueue(user);
    // Its images are stored when it ends: a full store takes no new generation.
    await this.storageQuota.assertRoom(user.id, inputBytes);
  }

  /**
   * The job making a generated image's 2× version: the one asked for before (running or done),
   * else a new one, which counts like an image in the per-minute limit.
   */
  async requestHd(user: UserRow, row: MediaRow, media: MediaService): Promise<Job<'hd'>> {
    const current = await media.currentHdJob(row);
    if (current) return current;
    await this.assertUnderMinuteLimit(user, 1);
    // Stored when it ends: a full store takes no new one.
    await this.storageQuota.assertRoom(user.id);
    return media.startHdJob(row, (trx) =>
      this.jobs.enqueue({ userId: user.id, kind: 'hd', input: { mediaId: row.id } }, trx),
    );
  }

  /**
   * Queues an edit with the checked image and mask as its inputs. They are stored once every
   * limit has passed and removed if the job is not queued: a refused or repeated edit (its
   * Idempotency-Key's job comes back) leaves no files behind.
   */
  enqueueEdit(
    user: UserRow,
    input: JobInputs['generate'],
    files: { image: ProcessedImage<ImageFile>; mask: { path: string; size: number } },
    keyed: KeyedRequest | undefined,
  ): Promise<Job<'edit'>> {
    const { original } = files.image;
    const { mask } = files;
    const inputBytes = original.data.size + mask.size;
    return onceFor(this.jobs, user.id, 'edit', keyed, async () => {
      await this.assertRoomFor(user, 1, inputBytes);
      const inputs = `users/${user.id}/inputs/${randomUUID()}/`;
      try {
        await Promise.all([
          this.storage.put(
            `${inputs}image`,
            { stream: createReadStream(original.data.path), size: original.data.size },
            original.contentType,
          ),
          this.storage.put(
            `${inputs}mask`,
            { stream: createReadStream(mask.path), size: mask.size },
            'image/png',
          ),
        ]);
        const editInput = { ...input, imageKey: `${inputs}image`, maskKey: `${inputs}mask` };
        return await this.jobs.enqueue({
          userId: user.id,
          kind: 'edit',
          input: editInput,
          inputBytes,
          ...jobFields(input, keyed),
        });
      } catch (error) {
        await this.storage.deletePrefix(inputs).catch(() => undefined);
        throw error;
      }
    });
  }
}

/** A job's model (the first chosen) and its Idempotency-Key with the request's hash. */
function jobFields(input: JobInputs['generate'], keyed: KeyedRequest | undefined) {
  return {
    ...(input.modelIds[0] ? { modelId: input.modelIds[0] } : {}),
    ...(keyed ? { idempotencyKey: keyed.key, requestHash: keyed.hash } : {}),
  };
}
