import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDENTITY_DEFAULTS } from '@app/identity';
import type { RemoteName, SiteLinks } from '@app/shared/runtime-config';
import { z } from 'zod';
import { API_PREFIX, IDENTITY_PREFIX, remotePath } from './paths';
import type { S3StorageOptions } from './storage/s3-storage';
import { isValidKey } from './storage/keys';

/** Relative paths in the environment resolve here, so `pnpm start` (cwd api/) and a root shell agree. */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The default user pool endpoint: the identity service this process mounts. */
export const EMBEDDED_USER_POOL_ENDPOINT = `${IDENTITY_PREFIX}/`;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where Replicate's signed webhooks arrive (a public route, see routes/replicate-webhook.ts). */
export const REPLICATE_WEBHOOK_PATH = `${API_PREFIX}/webhooks/replicate`;

/** Where Cog's webhooks arrive (a public route, see routes/cog-webhook.ts). */
export const COG_WEBHOOK_PATH = `${API_PREFIX}/webhooks/cog`;

/** The Cog engine's settings (the operator's own GPU containers); see docs/engines-cog.md. */
export interface CogConfig {
  /** Base URL of the trainer container's HTTP API (`PUT /trainings/{id}`). */
  trainerUrl: string;
  /** Base URL of the predictor container's HTTP API (`PUT /predictions/{id}`). */
  predictorUrl: string;
  /** Cog does not sign webhooks: a token derived from it rides in each webhook URL. */
  webhookSecret: string;
  /** PUBLIC_URL + COG_WEBHOOK_PATH, or COG_WEBHOOK_BASE_URL + the path. */
  webhookUrl: string;
  /** Where the containers fetch signed input URLs (photos zip, LoRA weights) from. */
  inputOrigin: string;
  trainingSteps: number;
  /** The longest wait between two tries while every slot is busy. */
  busyRetryMaxMs: number;
  predictionTimeoutMs: number;
  trainingTimeoutMs: number;
}

/** The Replicate engine's settings; see docs/configuration.md and api/src/engines/README.md. */
export interface ReplicateConfig {
  apiToken: string;
  /** API base; another Replicate-compatible endpoint (a test double) in tests. */
  apiUrl: string;
  /** The account or organisation that owns the destination models (one per trained model). */
  owner: string;
  /** The pinned trainer version (`ostris/flux-dev-lora-trainer:<version id>`). */
  trainer: { owner: string; name: string; version: string };
  /** The pinned upscaler's version id (REPLICATE_UPSCALER_VERSION): HD versions of images. */
  upscalerVersion: string;
  /**
   * The zero-shot identity model that draws previews (REPLICATE_PREVIEW_MODEL): an official
   * model run by name (`version` null: Replicate pins none), or a community model's pinned version.
   */
  previewModel: { model: string; version: string | null };
  /** Whether a training queues previews (REPLICATE_PREVIEWS); each is a paid prediction. */
  previews: boolean;
  /** `whsec_<base64>`; undefined: fetched once from `GET /v1/webhooks/default/secret`. */
  webhookSecret: string | undefined;
  /** PUBLIC_URL + REPLICATE_WEBHOOK_PATH. */
  webhookUrl: string;
  /** The trainer's inputs besides the photos and the trigger word. */
  training: {
    steps: number;
    loraRank: number;
    learningRate: number;
    resolution: string;
    autocaption: boolean;
  };
  /** How often a waiting job asks Replicate itself, in case the webhook never comes. */
  pollMs: number;
  predictionTimeoutMs: number;
  trainingTimeoutMs: number;
}

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  /** `url` as given (credentials included); `poolSize` connections per process. */
  | { kind: 'postgres'; url: string; poolSize: number };

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: LogLevel;
  /** Honour X-Forwarded-* (protocol, host, client ip) from a reverse proxy. */
  trustProxy: boolean;
  dataDir: string;
  database: DatabaseConfig;
  web: {
    serve: boolean;
    /** Holds `shell/dist` and `mfe-<name>/dist`. */
    root: string;
  };
  /** Served to the shell as-is: relative values resolve against the shell's origin. */
  publicApiBaseUrl: string;
  remoteManifestUrls: Record<RemoteName, string>;
  cognito: {
    region: string;
    userPoolId: string;
    clientId: string;
    /** A path means "served by this process"; undefined means real Amazon Cognito. */
    userPoolEndpoint: string | undefined;
    /** Tokens must carry this `iss`; its JWKS is at `<issuer>/.well-known/jwks.json`. */
    issuer: string;
    /**
     * The embedded identity service mints the tokens the api accepts (its issuer is theirs):
     * the api reads its sessions. False when COGNITO_ISSUER names another issuer (tests).
     */
    issuedHere: boolean;
    /** Hosted UI host[:port] for Google sign-in; undefined when not offered. */
    oauthDomain: string | undefined;
    /** A pool elsewhere is asked whether a session has ended at most this often. */
    revocationCheckMs: number;
  };
  /** Where browsers reach this process: signed file URLs and checkout return pages use it. */
  publicUrl: string;
  /** The operator's marketing, terms and privacy pages, served to the shell. */
  links: SiteLinks;
  /** Lower-cased; a verified e-mail on this list makes its user an admin (spec §6). */
  adminEmails: readonly string[];
  /** HMAC key of the signed file URLs; undefined: one generated and kept in the data directory. */
  urlSigningSecret: string | undefined;
  /**
   * Whether this process claims and runs jobs. Off: a web-only process that queues jobs for the
   * worker processes sharing its database.
   */
  jobWorker: boolean;
  /** The SMTP server (none: mail stays in the outbox) and sender, shared with the identity service. */
  mail: { smtpUrl: string | undefined; mailFrom: string };
  /** Requests per minute and user on each write route. */
  writeRateLimitPerMinute: number;
  /** What each user may store (media, profile picture, edit inputs), in bytes. */
  storageQuotaBytes: number;
  /** A request body that stops arriving for this long is answered 408 (a gap, not a total). */
  bodyIdleTimeoutMs: number;
  /** Files in this bucket; undefined: in `<dataDir>/files`. Credentials: the AWS default chain. */
  s3: S3StorageOptions | undefined;
  /** Undefined: the built-in test-mode checkout. */
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        priceId: string;
        /** Another Stripe-compatible endpoint (stripe-mock, a test double); undefined: Stripe. */
        apiUrl: string | undefined;
      }
    | undefined;
  /** Undefined: new trainings run on the built-in CPU engine. */
  replicate: ReplicateConfig | undefined;
  cog: CogConfig | undefined;
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/** A root-relative path (not protocol-relative `//host`) or an absolute http(s) URL. */
const publicUrl = z
  .string()
  .refine(
    (value) => (value.startsWith('/') && !value.startsWith('//')) || isHttpUrl(value),
    'must be a path starting with "/" or an absolute http(s) URL',
  );

const remoteManifestUrl = (name: RemoteName) =>
  publicUrl.default(`${remotePath(name)}mf-manifest.json`);

/** Embedded identity: the port its hosted UI listens on over TLS (aws-amplify forces https). */
const EMBEDDED_OAUTH_DOMAIN = 'localhost:3443';

const PORT_MESSAGE = 'must be a port number (0-65535)';
const POSITIVE_NUMBER = 'must be a positive number';
const POSITIVE_INTEGER = 'must be a positive whole number';
const positiveNumber = z.coerce.number({ error: POSITIVE_NUMBER }).positive(POSITIVE_NUMBER);
const positiveInteger = z.coerce
  .number({ error: POSITIVE_INTEGER })
  .int(POSITIVE_INTEGER)
  .positive(POSITIVE_INTEGER);
/** `owner/name:<64 hex>`: a trainer pinned to one version, so a training is reproducible. */
const TRAINER_VERSION = /^([\w.-]+)\/([\w.-]+):([0-9a-f]{64})$/;
const REPLICATE_API_URL = 'https://api.replicate.com/v1';
/** Real-ESRGAN (BSD-3-Clause), pinned: the same input always gives the same HD version. */
const REPLICATE_UPSCALER =
  'nightmareai/real-esrgan:f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa';
/**
 * FLUX.1 Kontext [pro], an official model (run by name, under Black Forest Labs' API terms,
 * which allow commercial use of its outputs): a likeness from one photo in seconds, while the
 * person's own model trains.
 */
const REPLICATE_PREVIEW = 'black-forest-labs/flux-kontext-pro';
/** `owner/name` (an official model, run by name) or `owner/name:<64 hex>` (a pinned version). */
const PREVIEW_MODEL = /^([\w.-]+\/[\w.-]+)(?::([0-9a-f]{64}))?$/;
const SQLITE_SCHEME = 'sqlite:';

/** `postgres:///db?host=/run/postgresql` (a unix socket) has no host part, so only `//` is required. */
function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//.test(value) && URL.canParse(value);
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce
      .number({ error: PORT_MESSAGE })
      .int(PORT_MESSAGE)
      .min(0, PORT_MESSAGE)
      .max(65535, PORT_MESSAGE)
      .default(3000),
    LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
    TRUST_PROXY: z.stringbool().default(false),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: z
      .string()
      .refine(
        (value) =>
          (value.startsWith(SQLITE_SCHEME) && value.length > SQLITE_SCHEME.length) ||
          isPostgresUrl(value),
        'must be "sqlite:<path>" or "postgres://[user[:password]@]host[:port]/database"',
      )
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
    SERVE_WEB: z.stringbool().default(true),
    WEB_ROOT: z.string().default('.'),
    PUBLIC_API_BASE_URL: publicUrl.default('/api'),
    REMOTE_GALLERY_URL: remoteManifestUrl('gallery'),
    REMOTE_GENERATE_URL: remoteManifestUrl('generate'),
    REMOTE_MODELS_URL: remoteManifestUrl('models'),
    REMOTE_PROFILE_URL: remoteManifestUrl('profile'),
    COGNITO_REGION: z.string().default(IDENTITY_DEFAULTS.region),
    COGNITO_USER_POOL_ID: z.string().default(IDENTITY_DEFAULTS.userPoolId),
    COGNITO_CLIENT_ID: z.string().default(IDENTITY_DEFAULTS.clientId),
    COGNITO_USER_POOL_ENDPOINT: z
      .string()
      .refine(
        (value) => value === '' || value === EMBEDDED_USER_POOL_ENDPOINT || isHttpUrl(value),
        `must be "${EMBEDDED_USER_POOL_ENDPOINT}" (embedded), an absolute http(s) URL, or empty (Amazon Cognito)`,
      )
      .default(EMBEDDED_USER_POOL_ENDPOINT),
    PUBLIC_URL: z.string().refine(isHttpUrl, 'must be an absolute http(s) URL').optional(),
    COGNITO_ISSUER: z.string().refine(isHttpUrl, 'must be an absolute http(s) URL').optional(),
    COGNITO_REVOCATION_CHECK_MINUTES: positiveNumber.default(5),
    COGNITO_OAUTH_DOMAIN: z
      .string()
      .regex(/^[\w.-]+(:\d{1,5})?$/, 'must be host[:port] without a scheme')
      .optional(),
    MARKETING_URL: z.string().refine(isHttpUrl, 'must be an absolute http(s) URL').optional(),
    TERMS_URL: z.string().refine(isHttpUrl, 'must be an absolute http(s) URL').optional(),
    PRIVACY_URL: z.string().refine(isHttpUrl, 'must be an absolute http(s) URL').optional(),
    ADMIN_EMAILS: z.string().default(''),
    URL_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    JOB_WORKER: z.stringbool().default(true),
    // The identity service's mail settings: the api mails on the same server and sender.
    SMTP_URL: z
      .string()
      .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default(IDENTITY_DEFAULTS.mailFrom),
    WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    STORAGE_QUOTA_MB: positiveNumber.default(2048),
    BODY_IDLE_TIMEOUT_SECONDS: positiveNumber.default(10),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_PRICE_ID: z.string().optional(),
    STRIPE_API_URL: z.string().refine(isHttpUrl, 'must be an absolute http(s) URL').optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().optional(),
    /** The SDK's own region variable, used when S3_REGION is not set. */
    AWS_REGION: z.string().optional(),
    S3_ENDPOINT: z.string().refine(isHttpUrl, 'must be an absolute http(s) URL').optional(),
    S3_FORCE_PATH_STYLE: z.stringbool().default(false),
    S3_PREFIX: z
      .string()
      .transform((value) => value.replace(/^\/+|\/+$/g, ''))
      .refine(
        (value) => value === '' || isValidKey(value),
        'must be folder names of letters, digits, "-", "_" and "." separated by "/"',
      )
      .default(''),
    REPLICATE_API_TOKEN: z.string().optional(),
    REPLICATE_API_URL: z
      .string()
      .refine(isHttpUrl, 'must be an absolute http(s) URL')
      .default(REPLICATE_API_URL),
    REPLICATE_OWNER: z
      .string()
      .regex(/^[\w.-]+$/, 'must be a Replicate user or organisation name')
      .optional(),
    REPLICATE_TRAINER_VERSION: z
      .string()
      .regex(
        TRAINER_VERSION,
        'must be owner/name:<64-hex version id>, e.g. ostris/flux-dev-lora-trainer:<version id>',
      )
      .optional(),
    REPLICATE_UPSCALER_VERSION: z
      .string()
      .regex(TRAINER_VERSION, 'must be owner/name:<64-hex version id>')
      .default(REPLICATE_UPSCALER),
    REPLICATE_PREVIEW_MODEL: z
      .string()
      .regex(
        PREVIEW_MODEL,
        'must be an official model as owner/name (e.g. black-forest-labs/flux-kontext-pro) or a community model pinned as owner/name:<64-hex version id>',
      )
      .default(REPLICATE_PREVIEW),
    // Its old name pinned another model: refused, rather than silently running (and paying for)
    // the default instead.
    REPLICATE_PREVIEW_VERSION: z
      .undefined({
        error: 'is now REPLICATE_PREVIEW_MODEL (owner/name, or owner/name:<version id>)',
      })
      .optional(),
    REPLICATE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+=*$/, 'must be whsec_<base64> as Replicate shows it')
      .optional(),
    REPLICATE_TRAINING_STEPS: positiveInteger.default(1000),
    REPLICATE_LORA_RANK: positiveInteger.default(16),
    REPLICATE_LEARNING_RATE: positiveNumber.default(0.0004),
    REPLICATE_TRAINING_RESOLUTION: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'must be comma-separated pixel sizes, e.g. 512,768,1024')
      .default('512,768,1024'),
    REPLICATE_AUTOCAPTION: z.stringbool().default(true),
    REPLICATE_PREVIEWS: z.stringbool().default(true),
    REPLICATE_POLL_SECONDS: positiveNumber.default(30),
    REPLICATE_PREDICTION_TIMEOUT_SECONDS: positiveNumber.default(300),
    REPLICATE_TRAINING_TIMEOUT_MINUTES: positiveNumber.default(120),
    COG_TRAINER_URL: z.string().refine(isHttpUrl, 'must be an absolute http(s) URL').optional(),
    COG_PREDICTOR_URL: z.string().refine(isHttpUrl, 'must be an absolute http(s) URL').optional(),
    COG_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    COG_WEBHOOK_BASE_URL: z
      .string()
      .refine(isHttpUrl, 'must be an absolute http(s) URL')
      .optional(),
    COG_TRAINING_STEPS: positiveInteger.default(1000),
    COG_BUSY_RETRY_MAX_SECONDS: positiveNumber.default(30),
    COG_PREDICTION_TIMEOUT_SECONDS: positiveNumber.default(300),
    COG_TRAINING_TIMEOUT_MINUTES: positiveNumber.default(120),
  })
  .superRefine((vars, context) => {
    if (vars.STRIPE_SECRET_KEY && !(vars.STRIPE_WEBHOOK_SECRET && vars.STRIPE_PRICE_ID)) {
      for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const) {
        if (!vars[name]) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: 'required with STRIPE_SECRET_KEY',
          });
        }
      }
    }
    if (vars.S3_BUCKET && !(vars.S3_REGION ?? vars.AWS_REGION)) {
      context.addIssue({
        code: 'custom',
        path: ['S3_REGION'],
        message: 'required with S3_BUCKET (or set AWS_REGION)',
      });
    }
    const cog = ['COG_TRAINER_URL', 'COG_PREDICTOR_URL', 'COG_WEBHOOK_SECRET'] as const;
    if (cog.some((name) => vars[name])) {
      for (const name of cog) {
        if (!vars[name]) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: `required with ${cog.filter((other) => vars[other]).join(' and ')}`,
          });
        }
      }
    }
    if (vars.REPLICATE_API_TOKEN) {
      for (const name of ['REPLICATE_OWNER', 'REPLICATE_TRAINER_VERSION'] as const) {
        if (!vars[name]) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: 'required with REPLICATE_API_TOKEN',
          });
        }
      }
    }
    // aws-amplify takes the SRP pool name from what follows `<region>_`.
    if (!vars.COGNITO_USER_POOL_ID.startsWith(`${vars.COGNITO_REGION}_`)) {
      context.addIssue({
        code: 'custom',
        path: ['COGNITO_USER_POOL_ID'],
        message: `must look like "${vars.COGNITO_REGION}_<name>" (COGNITO_REGION + "_" + name)`,
      });
    }
  });

/** Empty variables count as unset, except where empty has a meaning of its own. */
const MEANINGFUL_WHEN_EMPTY = new Set(['COGNITO_USER_POOL_ENDPOINT']);

function fromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

/** The issuer the embedded identity service or Amazon Cognito puts in its tokens. */
function defaultIssuer(
  publicUrl: string,
  region: string,
  userPoolId: string,
  userPoolEndpoint: string | undefined,
): string {
  if (userPoolEndpoint === undefined) {
    return `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  }
  if (userPoolEndpoint === EMBEDDED_USER_POOL_ENDPOINT) {
    return `${publicUrl}${IDENTITY_PREFIX}/${userPoolId}`;
  }
  return `${userPoolEndpoint.replace(/\/+$/, '')}/${userPoolId}`;
}

function databaseConfig(
  databaseUrl: string | undefined,
  dataDir: string,
  poolSize: number,
): DatabaseConfig {
  if (databaseUrl === undefined) return { kind: 'sqlite', file: join(dataDir, 'studio.sqlite') };
  if (isPostgresUrl(databaseUrl)) return { kind: 'postgres', url: databaseUrl, poolSize };
  return { kind: 'sqlite', file: sqliteFile(databaseUrl) };
}

function sqliteFile(databaseUrl: string): string {
  // Accept both `sqlite:/abs/file` and the URL-looking `sqlite:///abs/file` / `sqlite://rel/file`.
  return fromRepoRoot(databaseUrl.slice(SQLITE_SCHEME.length).replace(/^\/\//, ''));
}

type EnvVars = z.infer<typeof envSchema>;

function previewModel(value: string): ReplicateConfig['previewModel'] {
  const [, model = '', version] = PREVIEW_MODEL.exec(value) ?? [];
  return { model, version: version ?? null };
}

function replicateConfig(vars: EnvVars, publicUrl: string): ReplicateConfig | undefined {
  const trainer = TRAINER_VERSION.exec(vars.REPLICATE_TRAINER_VERSION ?? '');
  if (!vars.REPLICATE_API_TOKEN || !vars.REPLICATE_OWNER || !trainer) return undefined;
  const [, owner = '', name = '', version = ''] = trainer;
  return {
    apiToken: vars.REPLICATE_API_TOKEN,
    apiUrl: vars.REPLICATE_API_URL.replace(/\/+$/, ''),
    owner: vars.REPLICATE_OWNER,
    trainer: { owner, name, version },
    upscalerVersion: TRAINER_VERSION.exec(vars.REPLICATE_UPSCALER_VERSION)?.[3] ?? '',
    previewModel: previewModel(vars.REPLICATE_PREVIEW_MODEL),
    previews: vars.REPLICATE_PREVIEWS,
    webhookSecret: vars.REPLICATE_WEBHOOK_SECRET,
    webhookUrl: `${publicUrl}${REPLICATE_WEBHOOK_PATH}`,
    training: {
      steps: vars.REPLICATE_TRAINING_STEPS,
      loraRank: vars.REPLICATE_LORA_RANK,
      learningRate: vars.REPLICATE_LEARNING_RATE,
      resolution: vars.REPLICATE_TRAINING_RESOLUTION,
      autocaption: vars.REPLICATE_AUTOCAPTION,
    },
    pollMs: vars.REPLICATE_POLL_SECONDS * 1000,
    predictionTimeoutMs: vars.REPLICATE_PREDICTION_TIMEOUT_SECONDS * 1000,
    trainingTimeoutMs: vars.REPLICATE_TRAINING_TIMEOUT_MINUTES * 60_000,
  };
}

function cogConfig(vars: EnvVars, publicUrl: string): CogConfig | undefined {
  const { COG_TRAINER_URL, COG_PREDICTOR_URL, COG_WEBHOOK_SECRET } = vars;
  if (!COG_TRAINER_URL || !COG_PREDICTOR_URL || !COG_WEBHOOK_SECRET) return undefined;
  const base = (vars.COG_WEBHOOK_BASE_URL ?? publicUrl).replace(/\/+$/, '');
  return {
    trainerUrl: COG_TRAINER_URL.replace(/\/+$/, ''),
    predictorUrl: COG_PREDICTOR_URL.replace(/\/+$/, ''),
    webhookSecret: COG_WEBHOOK_SECRET,
    webhookUrl: `${base}${COG_WEBHOOK_PATH}`,
    inputOrigin: base,
    trainingSteps: vars.COG_TRAINING_STEPS,
    busyRetryMaxMs: vars.COG_BUSY_RETRY_MAX_SECONDS * 1000,
    predictionTimeoutMs: vars.COG_PREDICTION_TIMEOUT_SECONDS * 1000,
    trainingTimeoutMs: vars.COG_TRAINING_TIMEOUT_MINUTES * 60_000,
  };
}

/** Pure: throws one Error that names every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => value !== '' || MEANINGFUL_WHEN_EMPTY.has(name)),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  const dataDir = fromRepoRoot(vars.DATA_DIR);
  const userPoolEndpoint = vars.COGNITO_USER_POOL_ENDPOINT || undefined;
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  const embeddedIdentity = userPoolEndpoint === EMBEDDED_USER_POOL_ENDPOINT;
  const ownIssuer = defaultIssuer(
    publicUrl,
    vars.COGNITO_REGION,
    vars.COGNITO_USER_POOL_ID,
    userPoolEndpoint,
  ).replace(/\/+$/, '');
  const issuer = (vars.COGNITO_ISSUER ?? ownIssuer).replace(/\/+$/, '');
  const stripeSecretKey = vars.STRIPE_SECRET_KEY;
  return {
    nodeEnv: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    logLevel: vars.LOG_LEVEL ?? (vars.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: vars.TRUST_PROXY,
    dataDir,
    database: databaseConfig(vars.DATABASE_URL, dataDir, vars.DATABASE_POOL_SIZE),
    web: { serve: vars.SERVE_WEB, root: fromRepoRoot(vars.WEB_ROOT) },
    publicApiBaseUrl: vars.PUBLIC_API_BASE_URL,
    remoteManifestUrls: {
      gallery: vars.REMOTE_GALLERY_URL,
      generate: vars.REMOTE_GENERATE_URL,
      models: vars.REMOTE_MODELS_URL,
      profile: vars.REMOTE_PROFILE_URL,
    },
    cognito: {
      region: vars.COGNITO_REGION,
      userPoolId: vars.COGNITO_USER_POOL_ID,
      clientId: vars.COGNITO_CLIENT_ID,
      userPoolEndpoint,
      issuer,
      issuedHere: embeddedIdentity && issuer === ownIssuer,
      // The embedded hosted UI only federates to Google: without Google there is nothing to offer.
      oauthDomain:
        vars.COGNITO_OAUTH_DOMAIN ??
        (embeddedIdentity && env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? EMBEDDED_OAUTH_DOMAIN
          : undefined),
      revocationCheckMs: vars.COGNITO_REVOCATION_CHECK_MINUTES * 60_000,
    },
    publicUrl,
    links: {
      ...(vars.MARKETING_URL ? { marketing: vars.MARKETING_URL } : {}),
      ...(vars.TERMS_URL ? { terms: vars.TERMS_URL } : {}),
      ...(vars.PRIVACY_URL ? { privacy: vars.PRIVACY_URL } : {}),
    },
    adminEmails: vars.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ''),
    urlSigningSecret: vars.URL_SIGNING_SECRET,
    jobWorker: vars.JOB_WORKER,
    mail: { smtpUrl: vars.SMTP_URL, mailFrom: vars.MAIL_FROM },
    writeRateLimitPerMinute: vars.WRITE_RATE_LIMIT_PER_MINUTE,
    storageQuotaBytes: Math.round(vars.STORAGE_QUOTA_MB * 1024 * 1024),
    bodyIdleTimeoutMs: vars.BODY_IDLE_TIMEOUT_SECONDS * 1000,
    s3: vars.S3_BUCKET
      ? {
          bucket: vars.S3_BUCKET,
          region: vars.S3_REGION ?? vars.AWS_REGION ?? '',
          endpoint: vars.S3_ENDPOINT,
          forcePathStyle: vars.S3_FORCE_PATH_STYLE,
          prefix: vars.S3_PREFIX === '' ? '' : `${vars.S3_PREFIX}/`,
        }
      : undefined,
    stripe: stripeSecretKey
      ? {
          secretKey: stripeSecretKey,
          webhookSecret: vars.STRIPE_WEBHOOK_SECRET ?? '',
          priceId: vars.STRIPE_PRICE_ID ?? '',
          apiUrl: vars.STRIPE_API_URL,
        }
      : undefined,
    replicate: replicateConfig(vars, publicUrl),
    cog: cogConfig(vars, publicUrl),
  };
}
