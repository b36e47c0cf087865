import type { PhotoIssue } from '@app/shared/contract/models';
import type { AspectRatio } from '@app/shared/spec';

/** What an engine call that runs here (the CPU engine, its thread) needs. */
export interface CallContext {
  /** Aborted on cancel, lost lease or shutdown: stop and throw. */
  signal: AbortSignal;
  /** 0..1 of this call. */
  onProgress(progress: number): void;
}

/**
 * The provider's job (a Replicate training or prediction) behind one of our jobs, kept on our
 * job row. Attempts of the same job share it: a retry after a crash or a restart resumes the
 * provider's job instead of starting, and paying for, another.
 */
export interface ProviderJobRecord {
  /**
   * Our job's id. The engine tags the provider's job with it, so an attempt that finds no id
   * recorded (the previous one died between the provider's answer and `save`) can still find it.
   */
  readonly jobId: string;
  /** When our job was created: every provider job it started is newer. */
  readonly jobCreatedAt: string;
  /** The id an earlier attempt recorded, or null. */
  load(): Promise<string | null>;
  /** Record the id before waiting on the provider. */
  save(providerJobId: string): Promise<void>;
  /**
   * After the signal aborted: whether the user canceled the job. Only then is the provider's job
   * canceled too; a shutdown or a lost lease leaves it running for the next attempt.
   */
  wasCanceled(): Promise<boolean>;
}

export interface EngineContext extends CallContext {
  providerJob: ProviderJobRecord;
}

export interface TrainRequest {
  userId: string;
  modelId: string;
  triggerWord: string;
  /** Original files, in training order. */
  photos: { id: string; filename: string; data: Buffer }[];
}

export interface TrainResult {
  /** Photos the engine could not use; the training failed if too few were left. */
  photoIssues: PhotoIssue[];
  /** The trained version at the provider, for an engine that trains elsewhere. */
  providerVersion?: string;
}

export interface GenerateRequest {
  userId: string;
  prompt: string;
  aspectRatio: AspectRatio;
  /** 1-2 ready models of the user; the first leads. */
  modelIds: string[];
  /** The same request with the same seed gives the same image. */
  seed: number;
}

export interface EditRequest extends GenerateRequest {
  image: Buffer;
  /** PNG; white marks the region to regenerate. */
  mask: Buffer;
}

/** A picture of the person before their model exists, from one of their photos. */
export interface PreviewRequest {
  /** A pack prompt with the model's trigger word in it. */
  prompt: string;
  /** The trigger word of the model in training: it names the person in `prompt`. */
  triggerWord: string;
  /** The training photo (its original file) the likeness comes from. */
  reference: Buffer;
  seed: number;
}

export interface EngineImage {
  /** PNG bytes. */
  data: Buffer;
  /** Face similarity (0..1) to the first model's reference faces; null when no face. */
  identityScore: number | null;
}

/**
 * One image engine (the built-in CPU engine, Replicate ...). The job runners feed it jobs and
 * store what it returns; it never touches the jobs table.
 */
export interface Engine {
  /** Recorded on every image it makes. */
  readonly name: string;
  train(request: TrainRequest, context: EngineContext): Promise<TrainResult>;
  generate(request: GenerateRequest, context: EngineContext): Promise<EngineImage>;
  /**
   * `count` images of one request in one call (seeds `seed` onwards), for an engine whose
   * provider makes several at once or that shares work between them (the built-in engine reads
   * its models once); without it the runner calls `generate` per seed.
   */
  generateMany?(
    request: GenerateRequest,
    count: number,
    context: EngineContext,
  ): Promise<EngineImage[]>;
  edit(request: EditRequest, context: EngineContext): Promise<EngineImage>;
  /**
   * A PNG of `image` (one of its generated images) twice its size each way: an upscaler model
   * where the engine has one, else a resample (its capabilities say which: `enlargement`).
   */
  enlarge(image: Buffer, context: EngineContext): Promise<Buffer>;
  /**
   * A zero-shot picture from one photo, for an engine whose capabilities promise `previews`:
   * shown while the person's model trains. Nothing else waits on it.
   */
  preview?(request: PreviewRequest, context: EngineContext): Promise<EngineImage>;
}
