import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { USER_EXPORT_PATHS, type UserExport } from '@app/shared/contract/user-export';
import { normalizeModelStatus, normalizeSubscriptionStatus } from '@app/shared/spec';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import type { Database } from '../db/schema';
import { promptsOf, type JobInputs, type JobKind, type JobStatus } from '../jobs/queue';
import { mediaKeys } from '../storage/keys';
import type { Storage } from '../storage/storage';
import type { MediaRow } from './media';
import type { UserRow } from './users';

interface ExportParts {
  db: Kysely<Database>;
  storage: Storage;
  log: FastifyBaseLogger;
}

/** A file to put in the zip, and where data.json records whether it could. */
interface ExportFile {
  key: string;
  path: string;
  mtime: Date;
  written: (path: string | null) => void;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
};
const extensionOf = (contentType: string) => EXTENSIONS[contentType] ?? '';

function mediaFile(row: MediaRow, folder: string, item: { file: string | null }): ExportFile {
  return {
    key: mediaKeys(row.user_id, row.id).original,
    path: `${folder}${row.id}${extensionOf(row.content_type)}`,
    mtime: new Date(row.created_at),
    written: (path) => (item.file = path),
  };
}

/** A generated image's stored 2× version (always a PNG), named like its download: `-hd`. */
function hdFile(row: MediaRow, item: { hdFile: string | null }): ExportFile {
  return {
    key: mediaKeys(row.user_id, row.id).hd,
    path: `${USER_EXPORT_PATHS.generatedImages}${row.id}-hd.png`,
    mtime: new Date(row.created_at),
    written: (path) => (item.hdFile = path),
  };
}

/** data.json without the files' outcome yet, and the files it names. */
async function gather(
  { db, storage }: ExportParts,
  user: UserRow,
  now: Date,
): Promise<{ data: UserExport; files: ExportFile[] }> {
  const [models, links, media, jobs, picture] = await Promise.all([
    db
      .selectFrom('models')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('model_photos')
      .innerJoin('models', 'models.id', 'model_photos.model_id')
      .select(['model_photos.model_id', 'model_photos.media_id'])
      .where('models.user_id', '=', user.id)
      .orderBy('model_photos.position')
      .execute(),
    db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('status', '=', 'ready')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('jobs')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('kind', 'in', ['generate', 'edit'])
      .orderBy('created_at')
      .execute(),
    user.profile_picture_key ? storage.head(user.profile_picture_key) : undefined,
  ]);
  const files: ExportFile[] = [];
  const data: UserExport = {
    exportedAt: now.toISOString(),
    account: {
      name: user.name,
      email: user.email,
      createdAt: user.created_at,
      subscriptionStatus: normalizeSubscriptionStatus(user.subscription_status),
      subscriptionEnd: user.subscription_end,
      settings: { emailWhenModelReady: user.training_mail === 1 },
      profilePicture: null,
    },
    models: models.map((model) => ({
      modelId: model.id,
      name: model.name,
      triggerWord: model.trigger_word,
      status: normalizeModelStatus(model.status),
      engine: model.engine,
      failureReason: model.failure_reason,
      trainingPhotoIds: links
        .filter((link) => link.model_id === model.id)
        .map((link) => link.media_id),
      createdAt: model.created_at,
      updatedAt: model.updated_at,
    })),
    trainingPhotos: [],
    generatedImages: [],
    generations: jobs.map((job) => {
      const input = JSON.parse(job.input) as JobInputs['generate'] | JobInputs['edit'];
      return {
        jobId: job.id,
        kind: job.kind as JobKind,
        status: job.status as JobStatus,
        prompts: promptsOf(input),
        modelIds: input.modelIds,
        aspectRatio: input.aspectRatio ?? null,
        imageIds: JSON.parse(job.output) as string[],
        error: job.error,
        createdAt: job.created_at,
        finishedAt: job.finished_at,
      };
    }),
  };
  for (const row of media) {
    const common = { imageId: row.id, file: null, width: row.width, height: row.height };
    if (row.type === 'training') {
      const item = {
        ...common,
        filename: row.filename,
        contentType: row.content_type,
        createdAt: row.created_at,
      };
      data.trainingPhotos.push(item);
      files.push(mediaFile(row, USER_EXPORT_PATHS.trainingPhotos, item));
    } else {
      const item = {
        ...common,
        prompt: row.prompt,
        mode: row.mode,
        aspectRatio: row.aspect_ratio,
        seed: row.seed,
        modelIds: row.model_ids === null ? [] : (JSON.parse(row.model_ids) as string[]),
        engine: row.engine,
        hdFile: null,
        createdAt: row.created_at,
      };
      data.generatedImages.push(item);
      files.push(mediaFile(row, USER_EXPORT_PATHS.generatedImages, item));
      if (row.hd_bytes !== null) files.push(hdFile(row, item));
    }
  }
  if (user.profile_picture_key && picture) {
    files.push({
      key: user.profile_picture_key,
      path: `${USER_EXPORT_PATHS.profilePicture}${extensionOf(picture.contentType)}`,
      mtime: new Date(user.updated_at),
      written: (path) => (data.account.profilePicture = path),
    });
  }
  return { data, files };
}

/**
 * Everything of one user as a zip, written while the caller reads it: one stored file is open at
 * a time and flows through as the reader takes it, so memory stays flat whatever the account
 * holds. Entries are stored (images are compressed already). data.json comes last, so it can say
 * which files were there to read; a file gone since the listing (deleted meanwhile) is left out.
 * The stream errors if reading fails midway, so a cut-off zip is never mistaken for a whole one.
 */
export function streamUserExport(parts: ExportParts, user: UserRow, now = new Date()): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const stop = new AbortController();
  output.once('close', () => stop.abort());
  // A stored file's stream failing midway reaches the zip as an 'error' event.
  zip.on('error', (error: Error) => output.destroy(error));

  const write = async () => {
    const { data, files } = await gather(parts, user, now);
    for (const file of files) {
      if (stop.signal.aborted) return;
      const stored = await parts.storage.read(file.key);
      if (!stored) {
        file.written(null);
        continue;
      }
      zip.addReadStream(stored.stream, file.path, { compress: false, mtime: file.mtime });
      try {
        await finished(stored.stream, { signal: stop.signal });
      } catch (error) {
        stored.stream.destroy();
        throw error;
      }
      file.written(file.path);
    }
    zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), USER_EXPORT_PATHS.data, {
      mtime: now,
    });
    zip.end();
  };
  write().catch((error: unknown) => {
    if (stop.signal.aborted) return;
    parts.log.error({ err: error, userId: user.id }, 'data export failed');
    output.destroy(error as Error);
  });
  return output;
}
