import type { JobKind, JobStatus } from '@app/shared/contract/jobs';
import type { PhotoIssue, PhotoProblem } from '@app/shared/contract/models';
import type { AspectRatio } from '@app/shared/spec';
import type { AccountContents } from '@app/shared/contract/user';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The kinds and statuses are the contract's: jobs are answered as they are stored.
export type { JobKind, JobStatus };

/** What each engine step needs; stored as JSON in `jobs.input`. */
export interface JobInputs {
  train: { modelId: string; triggerWord: string; photoIds: string[] };
  /**
   * `prompts` (a pack run) replaces `prompt`, which is then its first; every prompt makes
   * `count` images (both absent on jobs of a single image).
   */
  generate: {
    prompt: string;
    aspectRatio: AspectRatio;
    modelIds: string[];
    prompts?: string[];
    count?: number;
  };
  /** `imageKey` and `maskKey` are storage keys of the uploaded image and its PNG mask. */
  edit: {
    prompt: string;
    aspectRatio: AspectRatio;
    modelIds: string[];
    imageKey: string;
    maskKey: string;
  };
  /** The uploaded training photo to check. */
  'check-photo': { mediaId: string };
  /** What the account held when its deletion was asked for: the receipt lists it. */
  'delete-account': AccountContents;
  /** The generated image whose 2× version to make. */
  hd: { mediaId: string };
  /**
   * One preview of a model in training: `prompt` drawn by `engine`'s zero-shot identity model
   * from the training photo `referencePhotoId`.
   */
  preview: { modelId: string; engine: string; prompt: string; referencePhotoId: string };
}

/** The prompts of a generation, each of which makes `count` images. */
export function promptsOf(input: JobInputs['generate']): string[] {
  return input.prompts ?? [input.prompt];
}

/** How many images a generation makes. */
export function imagesOf(input: JobInputs['generate']): number {
  return promptsOf(input).length * (input.count ?? 1);
}

/** What a finished training hands to its model (the train completion stores it). */
interface TrainingOutcome {
  /** The engine that trained it: the one its generations run on. */
  engine: string;
  /** Photos the engine could not use. */
  photoIssues: PhotoIssue[];
  /** The trained version at the provider, when the engine trains elsewhere. */
  providerVersion: string | null;
}

/** What a kind's job hands back besides its output, for the kind's completion. */
export interface JobDetails {
  train: TrainingOutcome;
  generate: never;
  edit: never;
  /** Why a training could not use the photo (null when it can), and its score when it can. */
  'check-photo': { problem: PhotoProblem | null; score?: number | null };
  'delete-account': never;
  hd: never;
  preview: never;
}

/** A finished job: the media ids it stored, and what its kind's completion needs. */
export interface JobOutcome<K extends JobKind = JobKind> {
  output: string[];
  details?: JobDetails[K];
}

export interface Job<K extends JobKind = JobKind> {
  id: string;
  userId: string;
  kind: K;
  status: JobStatus;
  modelId: string | null;
  input: JobInputs[K];
  /** Media ids the job produced (generated images; empty for training). */
  output: string[];
  error: string | null;
  /** 0..1 while running, when the engine reports it. */
  progress: number | null;
  /** The worker's estimate of the seconds left, while running. */
  etaSeconds: number | null;
  attempts: number;
  /** The hash of the keyed request that created it (see idempotency.ts); null without a key. */
  requestHash?: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface EnqueueRequest<K extends JobKind> {
  userId: string;
  kind: K;
  input: JobInputs[K];
  modelId?: string;
  /** A client retry with the same key gets the first job back instead of a second one. */
  idempotencyKey?: string;
  /** The hash of the request the key came with: the key with another request is refused. */
  requestHash?: string;
  /** What the job's stored inputs take (an edit's image and mask), counted in the user's storage. */
  inputBytes?: number;
}

/**
 * The API's side of the durable queue: enqueue = one row with status 'queued', committed with
 * whatever else the request writes (pass the transaction as `db`). The worker side (claiming
 * with a lease, heartbeats, retries, completion) is `JobLeaseStore` in lease-store.ts, on the
 * same `jobs` table.
 */
export interface JobQueue {
  enqueue<K extends JobKind>(request: EnqueueRequest<K>, db?: Kysely<Database>): Promise<Job<K>>;
  findByIdempotencyKey(userId: string, key: string): Promise<Job | undefined>;
  /** How many of the user's jobs of these kinds are queued or running. */
  countActive(userId: string, kinds: readonly JobKind[]): Promise<number>;
  /** Only the owner's jobs: another user's id reads as missing. */
  findOwned(userId: string, id: string): Promise<Job | undefined>;
  /**
   * Cancels a queued or running job of the user (its kind's completion hears of it); the worker
   * running it notices at its next heartbeat. Undefined when it had already finished.
   */
  cancel(userId: string, id: string, now?: Date): Promise<Job | undefined>;
  /**
   * The images the user's generations, edits and HD versions created since `since` asked for,
   * leaving out those that failed or were canceled.
   */
  imagesStartedSince(userId: string, since: Date): Promise<number>;
  /** The latest job of the kind for each of the user's models, by model id. */
  latestJobPerModel<K extends JobKind>(userId: string, kind: K): Promise<Map<string, Job<K>>>;
}
