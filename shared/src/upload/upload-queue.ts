/**
 * Uploads through presigned URLs (spec §7): one POST /media/presigned-urls per batch, then a PUT of
 * each file to its own URL with its content type, a few at a time. Each file has its own state, so
 * one failure loses nothing: the others finish, and the failed one can be retried on its own.
 * Nothing is stored twice: a URL request carries an Idempotency-Key (asked again with it when no
 * answer came, it gets the same images), a retried file goes to its first URL again (409 there:
 * its bytes had arrived after all) and gets a fresh URL only when that one is gone, and a busy
 * server's 503 is waited out as its Retry-After says. Framework-free; `useUploader` is the React
 * face of it.
 */

import { ApiError } from '@app/shared/api-client';
import type { PresignedUpload, PresignedUrlsRequest } from '../contract/media';
import { requestUploadTargets } from '../data/media';
import { MAX_TRAINING_PHOTOS } from '../spec/constants';
import { failedToUpload } from '../spec/messages';
import { isAbortError, putFile, UploadHttpError } from './put-file';

type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  readonly id: string;
  readonly file: Blob;
  readonly filename: string;
  readonly contentType: string;
  readonly status: UploadStatus;
  /** Share of the bytes sent, 0 to 1. */
  readonly progress: number;
  /** The stored image's id, once the file is uploaded. */
  readonly imageId?: string;
  /** 'Failed to upload {filename}: {status text}' when the upload failed. */
  readonly error?: string;
}

/** A browser `File` qualifies as it is; a cropped Blob needs its name said. */
export interface UploadSource {
  file: Blob;
  filename: string;
  /** Defaults to the blob's own type. */
  contentType?: string;
}

export interface UploadQueueOptions {
  /** PUTs running at once; a phone on a slow network gains nothing from more. */
  concurrency?: number;
  requestTargets?: (
    files: PresignedUrlsRequest['files'],
    signal: AbortSignal,
    idempotencyKey: string,
  ) => Promise<PresignedUpload[]>;
  put?: typeof putFile;
}

const DEFAULT_UPLOAD_CONCURRENCY = 3;

/** A URL request that got no answer (timeout, network) is asked once more, with its key. */
const TARGET_REQUEST_ATTEMPTS = 2;
/** A busy server's 503/429 is waited out this many times before the file counts as failed. */
const BUSY_RETRIES = 5;
const MAX_RETRY_AFTER_SECONDS = 30;

/** Random enough to never repeat; crypto.randomUUID is missing outside secure contexts. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `upload-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** No answer came (a timeout, the network): the request may have been done anyway. */
const unanswered = (error: unknown) => !(error instanceof ApiError) && !isAbortError(error);

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

let nextItemNumber = 1;

export class UploadQueue {
  private items: readonly UploadItem[] = [];
  private readonly listeners = new Set<() => void>();
  /** Upload URL per item id, while the item waits for (or runs) its PUT. */
  private readonly targets = new Map<string, PresignedUpload>();
  /** The URL each item was last given, kept after a failure: its retry goes there first. */
  private readonly lastTargets = new Map<string, PresignedUpload>();
  /** Items retried at their first URL: a 404 there (expired, removed) asks for a fresh one. */
  private readonly reused = new Set<string>();
  /** One controller per running PUT and per target request, so cancel stops the network too. */
  private readonly controllers = new Map<string, AbortController>();
  private readonly targetRequests = new Set<AbortController>();
  private idleWaiters: Array<() => void> = [];
  private readonly concurrency: number;
  private readonly requestTargets: NonNullable<UploadQueueOptions['requestTargets']>;
  private readonly put: typeof putFile;

  constructor(options: UploadQueueOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_UPLOAD_CONCURRENCY);
    this.requestTargets =
      options.requestTargets ??
      ((files, signal, key) => requestUploadTargets({ files: [...files] }, signal, key));
    this.put = options.put ?? putFile;
  }

  readonly getSnapshot = (): readonly UploadItem[] => this.items;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Queues the files and returns their item ids, in the same order. */
  add(sources: ReadonlyArray<File | UploadSource>): string[] {
    const added = sources.map((source): UploadItem => {
      const { file, filename, contentType } =
        source instanceof Blob ? { file: source, filename: source.name, contentType: '' } : source;
      return {
        id: `upload-${nextItemNumber++}`,
        file,
        filename,
        contentType: contentType || file.type || 'application/octet-stream',
        status: 'queued',
        progress: 0,
      };
    });
    if (added.length === 0) return [];
    this.setItems([...this.items, ...added]);
    this.fetchTargets(added);
    return added.map((item) => item.id);
  }

  /** Uploads a failed file again: to its first URL, or a new one when it never got one. */
  retry(id: string): void {
    const item = this.find(id);
    if (item?.status !== 'failed') return;
    this.update(id, { status: 'queued', progress: 0, error: undefined, imageId: undefined });
    const earlier = this.lastTargets.get(id);
    if (earlier) {
      this.targets.set(id, earlier);
      this.reused.add(id);
      this.pump();
    } else {
      this.fetchTargets([item]);
    }
  }

  /** Stops the file's upload if it runs and drops it from the list. */
  cancel(id: string): void {
    this.controllers.get(id)?.abort();
    this.controllers.delete(id);
    this.targets.delete(id);
    this.lastTargets.delete(id);
    this.reused.delete(id);
    this.setItems(this.items.filter((item) => item.id !== id));
    this.pump();
  }

  /** Cancels everything and empties the list. */
  clear(): void {
    for (const controller of [...this.controllers.values(), ...this.targetRequests]) {
      controller.abort();
    }
    this.controllers.clear();
    this.targetRequests.clear();
    this.targets.clear();
    this.lastTargets.clear();
    this.setItems([]);
    this.notifyIdle();
  }

  /** Resolves with the items once nothing is queued or uploading. */
  whenIdle(): Promise<readonly UploadItem[]> {
    return new Promise((resolve) => {
      if (this.isIdle()) resolve(this.items);
      else this.idleWaiters.push(() => resolve(this.items));
    });
  }

  private fetchTargets(items: readonly UploadItem[]): void {
    for (let start = 0; start < items.length; start += MAX_TRAINING_PHOTOS) {
      void this.fetchTargetBatch(items.slice(start, start + MAX_TRAINING_PHOTOS));
    }
  }

  private async fetchTargetBatch(batch: readonly UploadItem[]): Promise<void> {
    const controller = new AbortController();
    this.targetRequests.add(controller);
    const files = batch.map(({ filename, contentType }) => ({ filename, contentType }));
    const key = newIdempotencyKey();
    try {
      const answer = await this.askWithRetry(() =>
        this.requestTargets(files, controller.signal, key),
      );
      batch.forEach((item, index) => {
        const target = answer[index];
        if (!this.find(item.id)) return; // cancelled meanwhile
        if (target) {
          this.targets.set(item.id, target);
          this.lastTargets.set(item.id, target);
        } else {
          this.fail(item.id, new Error('No upload URL was returned for this file'));
        }
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      for (const item of batch) if (this.find(item.id)) this.fail(item.id, error);
    } finally {
      this.targetRequests.delete(controller);
    }
    this.pump();
  }

  private async askWithRetry<T>(ask: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await ask();
      } catch (error) {
        if (attempt >= TARGET_REQUEST_ATTEMPTS || !unanswered(error)) throw error;
      }
    }
  }

  /** Starts waiting PUTs while fewer than `concurrency` run. */
  private pump(): void {
    for (const item of this.items) {
      if (this.controllers.size >= this.concurrency) break;
      if (item.status === 'queued' && this.targets.has(item.id)) void this.upload(item);
    }
    this.notifyIdle();
  }

  private async upload(item: UploadItem): Promise<void> {
    const target = this.targets.get(item.id);
    if (!target) return;
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    this.update(item.id, { status: 'uploading', progress: 0 });
    try {
      await this.putWhenNotBusy(target, item, controller.signal);
      if (controller.signal.aborted) return;
      this.update(item.id, { status: 'done', progress: 1, imageId: target.imageId });
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      if (error instanceof UploadHttpError && isGone(error.status) && this.reused.has(item.id)) {
        // A retry's first URL expired or its image was removed: a fresh one, for this file only.
        this.lastTargets.delete(item.id);
        this.update(item.id, { status: 'queued', progress: 0 });
        this.fetchTargets([item]);
      } else {
        this.fail(item.id, error);
      }
    } finally {
      this.reused.delete(item.id);
      if (this.controllers.get(item.id) === controller) this.controllers.delete(item.id);
      this.targets.delete(item.id);
    }
    this.pump();
  }

  /**
   * The PUT, again after a busy server's Retry-After; 409 means this URL already received the
   * file (its answer was lost), which is what was wanted.
   */
  private async putWhenNotBusy(
    target: PresignedUpload,
    item: UploadItem,
    signal: AbortSignal,
  ): Promise<void> {
    for (let busy = 0; ; busy += 1) {
      try {
        await this.put(target.presignedUrl, item.file, item.contentType, {
          signal,
          onProgress: ({ loaded, total }) => {
            if (signal.aborted) return;
            this.update(item.id, { progress: total > 0 ? Math.min(1, loaded / total) : 0 });
          },
        });
        return;
      } catch (error) {
        if (!(error instanceof UploadHttpError)) throw error;
        if (error.status === 409) return;
        if (![429, 503].includes(error.status) || busy >= BUSY_RETRIES) throw error;
        const seconds = Math.min(error.retryAfterSeconds ?? 1, MAX_RETRY_AFTER_SECONDS);
        this.update(item.id, { progress: 0 });
        await abortableDelay(Math.max(seconds, 1) * 1000, signal);
        if (signal.aborted) return;
      }
    }
  }

  private fail(id: string, error: unknown): void {
    const item = this.find(id);
    if (!item) return;
    this.targets.delete(id);
    this.update(id, {
      status: 'failed',
      progress: 0,
      error: failedToUpload(item.filename, reasonOf(error)),
    });
  }

  private find(id: string): UploadItem | undefined {
    return this.items.find((item) => item.id === id);
  }

  private update(id: string, change: Partial<Omit<UploadItem, 'id'>>): void {
    this.setItems(this.items.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }

  private setItems(items: readonly UploadItem[]): void {
    this.items = items;
    for (const listener of this.listeners) listener();
  }

  private isIdle(): boolean {
    return this.items.every((item) => item.status === 'done' || item.status === 'failed');
  }

  private notifyIdle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** The {status text} of §8's message: the PUT's status text, else what the failed call said. */
function reasonOf(error: unknown): string {
  if (error instanceof UploadHttpError) return error.statusText;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/** The stored image ids of the uploaded files, in list order. */
export function uploadedImageIds(items: readonly UploadItem[]): string[] {
  return items.flatMap((item) => (item.status === 'done' && item.imageId ? [item.imageId] : []));
}

export interface UploadSummary {
  total: number;
  done: number;
  failed: number;
  /** Queued or uploading. */
  pending: number;
  /** Share of all bytes sent, 0 to 1 (failed files count as not sent). */
  progress: number;
}

export function summarizeUploads(items: readonly UploadItem[]): UploadSummary {
  const bytes = items.reduce((sum, item) => sum + item.file.size, 0);
  const sent = items.reduce((sum, item) => sum + item.file.size * item.progress, 0);
  const count = (status: UploadStatus) => items.filter((item) => item.status === status).length;
  return {
    total: items.length,
    done: count('done'),
    failed: count('failed'),
    pending: count('queued') + count('uploading'),
    progress: bytes > 0 ? sent / bytes : items.length > 0 && count('done') === items.length ? 1 : 0,
  };
}

/** A reused upload URL that no longer works: expired or its image removed (404), or, on S3, expired (403). */
const isGone = (status: number) => status === 404 || status === 403;
