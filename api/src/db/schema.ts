import type { Generated } from 'kysely';

/**
 * Timestamps are ISO-8601 text so SQLite and Postgres store and sort them alike (PostgreSQL's text
 * columns compare bytewise like SQLite's: migration 0004 gives them the "C" collation).
 */
type IsoTimestamp = string;

export interface UsersTable {
  /** uuid */
  id: string;
  /** The identity provider's `sub` claim: the link between a token and this row. */
  identity_sub: string;
  email: string;
  name: Generated<string>;
  profile_picture_key: string | null;
  subscription_status: Generated<string>;
  subscription_end: IsoTimestamp | null;
  /** 0 or 1: SQLite has no boolean type. */
  is_admin: Generated<number>;
  model_limit: Generated<number>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  email_verified: Generated<number>;
  /** The legacy single model of spec §3 (`modelId`). */
  default_model_id: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** What the stored profile picture takes (migration 0014). */
  profile_picture_bytes: Generated<number>;
  /** 1: e-mail the user when a training ends (migration 0015). */
  training_mail: Generated<number>;
  /** Set when the user asked for the account's deletion: its tokens are refused (migration 0016). */
  deletion_requested_at: Generated<IsoTimestamp | null>;
  /** 1 once the deletion's receipt was mailed. */
  deletion_receipt_sent: Generated<number>;
}

export interface ModelsTable {
  id: string;
  user_id: string;
  name: string;
  trigger_word: string;
  /** none | training | ready | failed (spec §3, lower-case). */
  status: string;
  /** The user's order (PUT /user/models/reorder); smaller first. */
  position: number;
  failure_reason: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** JSON list of {photoId, filename, problem}: photos the training could not use. */
  photo_issues: string | null;
  /** The engine that trained it (and generates with it); null: trained before engines were named. */
  engine: string | null;
  /** Replicate's trained version, `owner/name:version`, once a Replicate training succeeded. */
  replicate_version: string | null;
}

export interface MediaTable {
  id: string;
  user_id: string;
  /** training | generated */
  type: string;
  /** pending (upload promised, bytes not yet received) | receiving | ready | failed */
  status: string;
  filename: string;
  /** The stored original's type, from its magic bytes (HEIC is stored converted). */
  content_type: string;
  caption: Generated<string>;
  prompt: string | null;
  aspect_ratio: string | null;
  mode: string | null;
  /** The job that produced a generated image. */
  job_id: string | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
  created_at: IsoTimestamp;
  /** Generated images: the seed, the models (JSON list of ids) and the engine that made it. */
  seed: number | null;
  model_ids: string | null;
  engine: string | null;
  /** Face-descriptor similarity to the selected model's references; null when no face. */
  identity_score: number | null;
  /** Why a direct upload was refused when it was checked (status failed): the spec's text. */
  failure_reason: Generated<string | null>;
  /** Training photos: the face check after upload (pending, ok or a PhotoProblem); null: none. */
  photo_check: Generated<string | null>;
  /** 1 when the 256-pixel thumbnail is stored (images processed since migration 0010). */
  small_thumbnail: Generated<number>;
  /** 1 when the 384-pixel thumbnail is stored (images processed since migration 0011). */
  medium_thumbnail: Generated<number>;
  /** Every stored file of the item together (migration 0014); null: stored before, see `bytes`. */
  stored_bytes: Generated<number | null>;
  /** Generated images: the job making their 2× version, once asked for (migration 0019). */
  hd_job_id: Generated<string | null>;
  /** What the stored 2× version takes; null: none stored. */
  hd_bytes: Generated<number | null>;
  /** Previews: the model in training it previews (migration 0020); null: not a preview. */
  preview_of: Generated<string | null>;
  /** Training photos: the face check's score, higher is better (migration 0020); null: none. */
  photo_score: Generated<number | null>;
}

export interface ModelPhotosTable {
  model_id: string;
  media_id: string;
  position: number;
}

export interface JobsTable {
  id: string;
  user_id: string;
  /** train | generate | edit | check-photo | delete-account | hd | preview */
  kind: string;
  /** queued | running | succeeded | failed | canceled */
  status: string;
  model_id: string | null;
  /** JSON: what the engine needs (see jobs/queue.ts). */
  input: string;
  /** JSON list of produced media ids. */
  output: Generated<string>;
  error: string | null;
  /** 0..1 while running. */
  progress: number | null;
  attempts: Generated<number>;
  idempotency_key: string | null;
  run_after: IsoTimestamp;
  lease_owner: string | null;
  lease_expires_at: IsoTimestamp | null;
  /** The worker's estimate of the time left while running, seconds. */
  eta_seconds: number | null;
  /** What an edit's stored inputs (image and mask) take (migration 0014). */
  input_bytes: Generated<number | null>;
  /** SHA-256 of the request that created the job under an Idempotency-Key (migration 0012). */
  request_hash: Generated<string | null>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  started_at: IsoTimestamp | null;
  finished_at: IsoTimestamp | null;
}

/** A job's calls at the image provider (migration 0018): a pack run makes one per prompt. */
export interface ProviderCallsTable {
  job_id: string;
  /** The call's place in the job, from 0. */
  part: number;
  /** The provider's training or prediction id, recorded before the job waits on it. */
  provider_job_id: string;
}

export interface CheckoutSessionsTable {
  /** Unguessable: the test-mode checkout page is reached by this id alone. */
  id: string;
  user_id: string;
  /** open | completed | canceled */
  status: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
}

/** A Replicate training or prediction in a terminal state, as its webhook or our poll saw it. */
export interface ReplicateOutcomesTable {
  /** Replicate's training or prediction id. */
  id: string;
  /** succeeded | failed | canceled | aborted */
  status: string;
  /** JSON: the object as `GET /v1/trainings/{id}` (or predictions) returns it. */
  body: string;
  recorded_at: IsoTimestamp;
}

/** A photo upload request made under an Idempotency-Key, and the media rows it made. */
export interface UploadRequestsTable {
  user_id: string;
  idempotency_key: string;
  /** SHA-256 of the request: the same key with another body is refused. */
  request_hash: string;
  /** JSON list of media ids in request order; null while the first request is at work. */
  media_ids: string | null;
  created_at: IsoTimestamp;
}

/** An identity whose account was deleted: a token of it still valid makes no new account. */
export interface DeletedIdentitiesTable {
  /** sha256 of the identity's `sub`, hex: the id itself is not kept. */
  identity_hash: string;
  deleted_at: string;
}

/** A mail the api sends; `id` names what it is about, so each is recorded once. */
export interface MailOutboxTable {
  /** e.g. `training:<job id>`. */
  id: string;
  user_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: IsoTimestamp;
  /** When a process claimed it for delivery; null: not yet. */
  sent_at: IsoTimestamp | null;
}

export interface Database {
  users: UsersTable;
  models: ModelsTable;
  media: MediaTable;
  model_photos: ModelPhotosTable;
  jobs: JobsTable;
  provider_calls: ProviderCallsTable;
  checkout_sessions: CheckoutSessionsTable;
  replicate_outcomes: ReplicateOutcomesTable;
  upload_requests: UploadRequestsTable;
  mail_outbox: MailOutboxTable;
  deleted_identities: DeletedIdentitiesTable;
}
