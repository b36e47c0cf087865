import type { JobView } from '@app/shared/contract/jobs';
import {
  PHOTO_CHECKS,
  type HdVersion,
  type MediaItem,
  type MediaStatus,
  type MediaType,
  type PhotoCheck,
  type TrainingPhoto,
} from '@app/shared/contract/media';
import type { ModelPreview, ModelSummary, PhotoIssue } from '@app/shared/contract/models';
import type { TrainingStatus, UserProfile } from '@app/shared/contract/user';
import { API_TEXT, normalizeSubscriptionStatus, type ModelStatus } from '@app/shared/spec';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { engineOf, ENGINE_OF_UNNAMED_MODELS } from './db/model-engine';
import { capabilitiesOf } from './engines/capabilities';
import { likenessOf } from './engines/likeness';
import { notFound } from './http-errors';
import type { Job } from './jobs/queue';
import type { MediaRow } from './services/media';
import { aggregateModelStatus, pickDefaultModel, type ModelWithPhotos } from './services/models';
import { MAX_PREVIEWS } from './services/training';
import type { UserRow } from './services/users';
import { mediaKeys } from './storage/keys';
import type { Storage } from './storage/storage';

/** The services the presenters read. A route passes its app; a presenter sees only these. */
export type PresenterServices = Pick<
  FastifyInstance,
  'storage' | 'models' | 'media' | 'jobs' | 'storageQuota' | 'users' | 'cog' | 'replicate'
>;

/** Outlives the gallery's 45-minute URL cache (spec §9), so cached URLs still load. */
export const SIGNED_URL_TTL_SECONDS = 2 * 60 * 60;

/** Signed URLs must work from wherever the caller reached us (LAN address, proxy, localhost). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function signedUrl(
  storage: Storage,
  origin: string,
  key: string,
  downloadName?: string,
): Promise<string> {
  return storage.signedGetUrl(key, {
    origin,
    expiresInSeconds: SIGNED_URL_TTL_SECONDS,
    ...(downloadName ? { downloadName } : {}),
  });
}

/** A value the contract does not know (a newer process wrote it) reads as not checked. */
function photoCheckOf(row: Pick<MediaRow, 'photo_check'>): PhotoCheck | null {
  const value = row.photo_check;
  return (PHOTO_CHECKS as readonly (string | null)[]).includes(value)
    ? (value as PhotoCheck)
    : null;
}

/**
 * A training photo's signed URLs: its web image and every thumbnail it has (the smaller ones
 * only for photos processed since they exist), for tiles that choose by their size.
 */
async function signedPhotoUrls(
  storage: Storage,
  origin: string,
  photo: Pick<MediaRow, 'user_id' | 'id' | 'medium_thumbnail' | 'small_thumbnail'>,
): Promise<
  Pick<TrainingPhoto, 'displayUrl' | 'thumbnailUrl' | 'mediumThumbnailUrl' | 'smallThumbnailUrl'>
> {
  const keys = mediaKeys(photo.user_id, photo.id);
  const sign = (key: string, stored = true) =>
    stored ? signedUrl(storage, origin, key) : Promise.resolve(undefined);
  const [displayUrl, thumbnailUrl, mediumThumbnailUrl, smallThumbnailUrl] = await Promise.all([
    sign(keys.web),
    sign(keys.thumbnail),
    sign(keys.mediumThumbnail, photo.medium_thumbnail === 1),
    sign(keys.smallThumbnail, photo.small_thumbnail === 1),
  ]);
  return {
    displayUrl,
    thumbnailUrl,
    ...(mediumThumbnailUrl ? { mediumThumbnailUrl } : {}),
    ...(smallThumbnailUrl ? { smallThumbnailUrl } : {}),
  };
}

/** A training photo with the models it is in; its URLs when the client asks for them. */
export async function presentTrainingPhoto(
  storage: Storage,
  origin: string,
  photo: MediaRow,
  models: readonly { id: string; photoIds: readonly string[] }[],
  includeUrls: boolean,
): Promise<TrainingPhoto> {
  return {
    imageId: photo.id,
    filename: photo.filename,
    createdAt: photo.created_at,
    modelIds: models.filter((model) => model.photoIds.includes(photo.id)).map((model) => model.id),
    photoCheck: photoCheckOf(photo),
    width: photo.width,
    height: photo.height,
    ...(includeUrls ? await signedPhotoUrls(storage, origin, photo) : {}),
  };
}

/** `generate-1a2b3c4d.png` → `generate-1a2b3c4d-hd.png`. */
export const hdFilename = (filename: string): string => `${filename.replace(/\.png$/i, '')}-hd.png`;

/** A generated image's 2× version (undefined for other images); its URL once stored. */
export async function presentHd(
  storage: Storage,
  origin: string,
  row: MediaRow,
  includeUrls: boolean,
): Promise<HdVersion | undefined> {
  if (row.type !== 'generated') return undefined;
  const ready = row.hd_bytes !== null;
  return {
    quality: capabilitiesOf(row.engine ?? ENGINE_OF_UNNAMED_MODELS).enlargement,
    ready,
    jobId: row.hd_job_id,
    ...(ready && includeUrls
      ? {
          downloadUrl: await signedUrl(
            storage,
            origin,
            mediaKeys(row.user_id, row.id).hd,
            hdFilename(row.filename),
          ),
        }
      : {}),
  };
}

export async function presentMedia(
  storage: Storage,
  origin: string,
  row: MediaRow,
  includeUrls: boolean,
): Promise<MediaItem> {
  const item: MediaItem = {
    imageId: row.id,
    type: row.type as MediaType,
    status: row.status as MediaStatus,
    filename: row.filename,
    contentType: row.content_type,
    caption: row.caption,
    prompt: row.prompt,
    aspectRatio: row.aspect_ratio,
    mode: row.mode,
    seed: row.seed,
    modelIds: row.model_ids === null ? null : (JSON.parse(row.model_ids) as string[]),
    engine: row.engine,
    identityScore: row.identity_score,
    likeness: likenessOf(row.identity_score),
    preview: row.preview_of !== null,
    failureReason: row.failure_reason,
    photoCheck: photoCheckOf(row),
    width: row.width,
    height: row.height,
    createdAt: row.created_at,
  };
  const hd = await presentHd(storage, origin, row, includeUrls && row.status === 'ready');
  if (hd) item.hd = hd;
  if (includeUrls && row.status === 'ready') {
    const keys = mediaKeys(row.user_id, row.id);
    // Gallery tiles draw 300–500 device pixels on phones: the 384 and the 512 cover them.
    const [displayUrl, thumbnailUrl, mediumThumbnailUrl, downloadUrl, checkUrl] = await Promise.all(
      [
        signedUrl(storage, origin, keys.web),
        signedUrl(storage, origin, keys.thumbnail),
        row.medium_thumbnail === 1 ? signedUrl(storage, origin, keys.mediumThumbnail) : undefined,
        signedUrl(storage, origin, keys.original, row.filename),
        storage.signedHeadUrl(keys.thumbnail, { origin, expiresInSeconds: SIGNED_URL_TTL_SECONDS }),
      ],
    );
    Object.assign(item, {
      displayUrl,
      thumbnailUrl,
      ...(mediumThumbnailUrl ? { mediumThumbnailUrl } : {}),
      downloadUrl,
      checkUrl,
    });
  }
  return item;
}

/**
 * The engine is recorded when a training succeeds: until then (and for a failed training) it is
 * not known, and the model promises nothing.
 */
function engineAndCapabilities(
  model: ModelWithPhotos,
): Pick<ModelSummary, 'engine' | 'capabilities'> {
  const engine = model.status === 'ready' ? engineOf(model) : model.engine;
  return { engine, capabilities: engine === null ? null : capabilitiesOf(engine) };
}

async function presentModel(
  services: PresenterServices,
  origin: string,
  model: ModelWithPhotos,
  trainingJob: Job | undefined,
): Promise<ModelSummary> {
  const avatarKey = services.models.avatarKey(model);
  return {
    modelId: model.id,
    name: model.name,
    status: model.status as ModelSummary['status'],
    triggerWord: model.trigger_word,
    trainingPhotos: model.photoIds,
    avatar: avatarKey ? await signedUrl(services.storage, origin, avatarKey) : null,
    failureReason: model.failure_reason,
    photoIssues: model.photo_issues ? (JSON.parse(model.photo_issues) as PhotoIssue[]) : [],
    progress: model.status === 'training' ? (trainingJob?.progress ?? null) : null,
    etaSeconds: model.status === 'training' ? (trainingJob?.etaSeconds ?? null) : null,
    createdAt: model.created_at,
    ...engineAndCapabilities(model),
    previews: await presentPreviews(services, origin, model),
  };
}

/**
 * A model's previews while it trains (none once it is ready or failed: its row says so): the
 * latest of them, each with its thumbnail.
 */
export async function presentPreviews(
  services: PresenterServices,
  origin: string,
  model: Pick<ModelWithPhotos, 'id' | 'user_id' | 'status'>,
): Promise<ModelPreview[]> {
  if (model.status !== 'training') return [];
  const rows = (await services.media.previewsOf(model.user_id, model.id)).slice(-MAX_PREVIEWS);
  return Promise.all(
    rows.map(async (row) => {
      const keys = mediaKeys(row.user_id, row.id);
      const [thumbnailUrl, displayUrl] = await Promise.all([
        signedUrl(services.storage, origin, keys.thumbnail),
        signedUrl(services.storage, origin, keys.web),
      ]);
      return {
        imageId: row.id,
        thumbnailUrl,
        displayUrl,
        likeness: likenessOf(row.identity_score),
      };
    }),
  );
}

/** The user's models as the contract shows them, each with its latest training job. */
export async function presentModels(
  services: PresenterServices,
  origin: string,
  userId: string,
): Promise<ModelSummary[]> {
  const [models, jobs] = await Promise.all([
    services.models.listWithPhotos(userId),
    services.jobs.latestJobPerModel(userId, 'train'),
  ]);
  return Promise.all(
    models.map((model) => presentModel(services, origin, model, jobs.get(model.id))),
  );
}

/** One of the user's models as the contract shows it; 404 when the user has no such model. */
export async function presentOwnedModel(
  services: PresenterServices,
  origin: string,
  userId: string,
  modelId: string | null,
): Promise<ModelSummary> {
  const model = (await presentModels(services, origin, userId)).find(
    (item) => item.modelId === modelId,
  );
  if (!model) throw notFound(API_TEXT.modelNotFound);
  return model;
}

/**
 * A user's models with each one's latest training job. Models first, then jobs: a training's end
 * commits its job and its model together, so a model read as finished comes with its finished
 * job. Read at once (two connections on PostgreSQL), the reads could straddle that commit and
 * show a ready model whose job still runs.
 */
export async function modelsWithTrainingJobs(services: PresenterServices, userId: string) {
  const models = await services.models.listWithPhotos(userId);
  const trainingJobs = await services.jobs.latestJobPerModel(userId, 'train');
  return { models, trainingJobs };
}

/** GET /user/training-status: every model's latest training, its progress and previews. */
export async function presentTrainingStatus(
  services: PresenterServices,
  origin: string,
  userId: string,
): Promise<TrainingStatus> {
  const { models, trainingJobs: jobs } = await modelsWithTrainingJobs(services, userId);
  const now = Date.now();
  return {
    modelStatus: aggregateModelStatus(models),
    isTraining: models.some((model) => model.status === 'training'),
    models: await Promise.all(
      models.map(async (model) => {
        const job = jobs.get(model.id);
        const end = job?.finishedAt ? Date.parse(job.finishedAt) : now;
        return {
          modelId: model.id,
          name: model.name,
          status: model.status as ModelStatus,
          jobId: job?.id ?? null,
          jobStatus: job?.status ?? null,
          progress: job?.progress ?? null,
          etaSeconds: job?.status === 'running' ? job.etaSeconds : null,
          startedAt: job?.startedAt ?? null,
          elapsedSeconds: job?.startedAt
            ? Math.round((end - Date.parse(job.startedAt)) / 1000)
            : null,
          failureReason: model.failure_reason ?? job?.error ?? null,
          previews: await presentPreviews(services, origin, model),
        };
      }),
    ),
  };
}

export async function presentProfile(
  services: PresenterServices,
  origin: string,
  user: UserRow,
): Promise<UserProfile> {
  const [{ models, trainingJobs }, storageUsed] = await Promise.all([
    modelsWithTrainingJobs(services, user.id),
    services.storageQuota.used(user.id),
  ]);
  const defaultModel = pickDefaultModel(models, user.default_model_id);
  return {
    name: user.name,
    email: user.email,
    createdAt: user.created_at,
    profilePicture: user.profile_picture_key
      ? await signedUrl(services.storage, origin, user.profile_picture_key)
      : null,
    subscriptionStatus: normalizeSubscriptionStatus(user.subscription_status),
    subscriptionEnd: user.subscription_end,
    models: await Promise.all(
      models.map((model) => presentModel(services, origin, model, trainingJobs.get(model.id))),
    ),
    isAdmin: services.users.isAdmin(user),
    modelLimit: services.users.modelLimit(user),
    modelStatus: aggregateModelStatus(models),
    modelId: defaultModel?.id ?? null,
    storageUsed,
    storageQuota: services.storageQuota.quotaBytes,
    // New trainings run on Cog, else Replicate, when configured (engines/start-engines.ts).
    trainingEngine: services.cog ? 'cog' : services.replicate ? 'replicate' : 'builtin-cpu',
    settings: { emailWhenModelReady: user.training_mail === 1 },
  };
}

export function presentJob(job: Job): JobView {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    output: job.output,
    error: job.error,
    progress: job.progress,
    etaSeconds: job.etaSeconds,
    modelId: job.modelId,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}
