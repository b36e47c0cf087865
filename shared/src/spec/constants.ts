/**
 * The numbers and fixed values of the product spec (§9 plus the limits of §2, §5 and §6).
 * Framework-free: the browser bundles and the api both import this file, so it must not touch
 * DOM or Node APIs.
 */

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const MEGABYTE = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// API and identity service (§7, §9)
// ---------------------------------------------------------------------------------------------

export const API_TIMEOUT_MS = 30 * SECOND_MS;

/** Identity-service retries: delay = 2^attempt × baseDelayMs + random(0..maxJitterMs), capped. */
export const IDENTITY_RETRY = {
  maxAttempts: 3,
  baseDelayMs: 100,
  maxJitterMs: 100,
  maxDelayMs: 5 * MINUTE_MS,
  retryableHttpStatuses: [429, 500, 502, 503, 504],
} as const;

export const TOKEN_EXPIRY_TOLERANCE_MS = 5 * SECOND_MS;
export const GUEST_CREDENTIALS_REFRESH_MS = 50 * MINUTE_MS;

export const AUTH_COOKIE_DEFAULTS = { maxAgeDays: 365, secure: true, path: '/' } as const;

export const AUTH_REGION = 'us-east-1';

export const OAUTH = {
  stateLength: 32,
  pkceVerifierLength: 128,
  pkceMethod: 'S256',
  scopes: ['phone', 'email', 'openid', 'profile', 'aws.cognito.signin.user.admin'],
} as const;

/** The sign-in state kept across a reload expires this long after the last session update. */
export const SIGN_IN_STATE_LIFETIME_MS = 3 * MINUTE_MS;

export const AUTO_SIGN_IN = { windowMs: 3 * MINUTE_MS, pollIntervalMs: 5 * SECOND_MS } as const;

export const MFA_METHODS = ['SMS', 'TOTP', 'EMAIL'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** Sign-up phone numbers are the dial code plus the digits; the country list starts on +1. */
export const DEFAULT_DIAL_CODE = '+1';

/** The user-pool standard attributes; sign-up sends only these and `custom:*` ones. */
export const STANDARD_USER_ATTRIBUTES = [
  'address',
  'birthdate',
  'email',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
] as const;

// ---------------------------------------------------------------------------------------------
// Uploads (§5, §9)
// ---------------------------------------------------------------------------------------------

/** 10 MB per image; exactly this many bytes is still accepted. */
export const MAX_UPLOAD_BYTES = 10_485_760;

/**
 * POST /media/upload, the whole JSON body: base64 inside JSON cannot be streamed, so this bounds
 * the memory one request takes (two full-size photos, or more smaller ones). Larger batches go
 * through presigned URLs, which take any number of photos at the memory of one.
 */
export const MAX_BASE64_UPLOAD_REQUEST_BYTES = 28 * 1024 * 1024;
export const MAX_PROFILE_PICTURE_BYTES = 5 * MEGABYTE;
/** "Download my data" reads every file of the account: a few per hour per user is plenty. */
export const DATA_EXPORTS_PER_HOUR = 10;

/** The general image check (also used by the api); HEIC/HEIF pass here but not for training. */
export const GENERAL_IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/** Single-image drop area of edit mode: png, jpg, jpeg, webp. */
export const SINGLE_IMAGE_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/webp',
] as const;
export const SINGLE_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp'] as const;

export const TRAINING_PHOTO_MIME_TYPES = [
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/webp',
] as const;
export const PROFILE_PICTURE_MIME_TYPES = [
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/webp',
] as const;

// ---------------------------------------------------------------------------------------------
// Models and training (§2, §5, §6, §9)
// ---------------------------------------------------------------------------------------------

export const MIN_TRAINING_PHOTOS = 5;
export const MAX_TRAINING_PHOTOS = 20;
export const MODEL_NAME_MAX_LENGTH = 20;
export const MAX_MODELS_PER_GENERATION = 2;
/** Images one text-to-image prompt may ask for in a run. */
export const MAX_IMAGES_PER_PROMPT = 4;
/** Images one run (a pack's prompts times the count) may make: one batch a phone shows at once. */
export const MAX_IMAGES_PER_RUN = 8;
/**
 * Generations and edits one user may have waiting or running at once: enough for any real
 * session, and a bound on what one account can pile onto the shared queue.
 */
export const MAX_QUEUED_GENERATIONS = 20;

/** 999 is how the product writes "unlimited" (admins); the UI shows it as an infinity sign. */
export const MODEL_LIMITS = { default: 1, pro: 5, admin: 999 } as const;

export function isUnlimitedModelLimit(limit: number): boolean {
  return limit >= MODEL_LIMITS.admin;
}

/** The 'Add Model' button shows only below the limit or when unlimited. */
export function canAddModel(modelCount: number, limit: number): boolean {
  return isUnlimitedModelLimit(limit) || modelCount < limit;
}

/** The Pro upsell shows once a free account has used its one model. */
export function showsProUpgradeHint(modelCount: number, limit: number): boolean {
  return limit === MODEL_LIMITS.default && modelCount >= limit;
}

export const TRAINING_DURATION_MINUTES = { min: 20, max: 30 } as const;
export const TRAINING_AUTO_REFRESH_MS = 30_000;
export const REFRESH_MESSAGE_MS = 3000;

export const MODEL_STATUSES = ['none', 'training', 'ready', 'failed'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

/** The server sends both `ready` and `READY`; anything unknown counts as `none`. */
export function normalizeModelStatus(raw: unknown): ModelStatus {
  const lower = typeof raw === 'string' ? raw.toLowerCase() : '';
  return (MODEL_STATUSES as readonly string[]).includes(lower) ? (lower as ModelStatus) : 'none';
}

// ---------------------------------------------------------------------------------------------
// Generation (§2, §5, §9)
// ---------------------------------------------------------------------------------------------

export const GENERATION_MODES = ['generate', 'edit'] as const;
export type GenerationMode = (typeof GENERATION_MODES)[number];

/**
 * How long the generate page polls a generation, from the tap, before it gives up waiting (spec
 * §4: 'any other state after the waiting period'). The api answers the request itself sooner,
 * with the finished job or one still running, which the page then polls.
 */
export const GENERATION_POLL_DEADLINE_MS = 2 * MINUTE_MS;

/** The picker's order; the label is the text the picker shows. */
export const ASPECT_RATIOS = [
  { value: '1:1', label: '1:1 Square' },
  { value: '4:5', label: '4:5 Portrait' },
  { value: '16:9', label: '16:9 Landscape' },
  { value: '9:16', label: '9:16 Vertical' },
  { value: '3:2', label: '3:2 Photo' },
  { value: '5:4', label: '5:4 Classic' },
] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number]['value'];
export const DEFAULT_ASPECT_RATIO: AspectRatio = '1:1';

export const PROMPT_HISTORY_MAX = 10;
export const PROMPT_CHIPS_SHOWN = 5;
export const PROMPT_CHIP_LABEL_MAX = 30;
export const PROMPT_ROWS = { min: 3, max: 10 } as const;

export const MASK_EDITOR = {
  historyDepth: 10,
  brushMinPx: 5,
  brushMaxPx: 50,
  brushStepPx: 5,
  brushDefaultPx: 20,
  canvasSizePx: 512,
  displayMaxWidthPx: 400,
  /** Painted pixels with alpha above this become white in the exported mask. */
  alphaThreshold: 30,
  dilationPx: 2,
} as const;

// ---------------------------------------------------------------------------------------------
// Gallery and images (§2, §4, §7, §9)
// ---------------------------------------------------------------------------------------------

/**
 * The longest side, in pixels, of the thumbnails the api makes of every image it stores; an
 * image smaller than that keeps its own size.
 */
export const THUMBNAIL_PIXELS = { thumbnail: 512, medium: 384, small: 256 } as const;

export const GALLERY_PAGE_SIZE = 10;
export const GALLERY_CAPTION_MAX = 30;
export const GALLERY_CACHE_TTL_MS = 45 * MINUTE_MS;
export const GALLERY_REFRESH_TOAST_MS = 3 * SECOND_MS;

export const IMAGE_LOAD_RETRY = { maxRetries: 2, spinnerMs: 1 * SECOND_MS } as const;

/** Stale-URL check: HEAD the first `headChecks` of the first `imagesConsidered` images. */
export const STALE_IMAGE_CHECK = {
  headTimeoutMs: 5 * SECOND_MS,
  headChecks: 2,
  imagesConsidered: 3,
} as const;

/** Pages of the gallery kept in browser storage, newest reads first (bounds localStorage use). */
export const GALLERY_STORED_PAGES_MAX = 30;

/**
 * The query parameter that opens /generate with its prompt filled in (the gallery's "Use this
 * prompt"): `/generate?prompt=<text>`.
 */
export const GENERATE_PROMPT_PARAM = 'prompt';

export const SWIPE_THRESHOLD_PX = 50;
export const VIEWER_TRANSITION_MS = 300;

export const PROFILE_IMAGE_CACHE = {
  ttlMs: 24 * HOUR_MS,
  maxBytes: 50 * MEGABYTE,
  /** When over the cap, entries are dropped (oldest first) until this share of it remains. */
  trimToRatio: 0.8,
  keyPrefix: 'img_cache_',
} as const;

// ---------------------------------------------------------------------------------------------
// Crops (§2, §5, §9)
// ---------------------------------------------------------------------------------------------

export const CROP = {
  profileJpegQuality: 0.9,
  trainingJpegQuality: 0.95,
  aspect: 1,
  zoomMin: 1,
  zoomMax: 3,
  zoomStep: 0.1,
} as const;

/** Zoom presets of the training-photo crop dialog; `Fit` is the minimum zoom. */
export const CROP_ZOOM_PRESETS = [
  { label: 'Fit', zoom: 1 },
  { label: '1.5x', zoom: 1.5 },
  { label: '2x', zoom: 2 },
  { label: '3x', zoom: 3 },
] as const;

// ---------------------------------------------------------------------------------------------
// Browser storage and logout (§3, §9)
// ---------------------------------------------------------------------------------------------

/** Keys the spec names; logout clears them and other app keys by prefix (`isClearedOnLogout`). */
export const STORAGE_KEYS = {
  promptHistory: 'promptHistory',
  selectedModelIds: 'selectedModelIds',
  accessToken: 'aws-token',
} as const;

/** The product prefix of §9's logout rule; app caches use it so that logout removes them. */
export const STORAGE_KEY_PREFIX = 'ai-image-studio:';

/** Key fragments that mark an item as account data, wherever they occur in the key. */
export const LOGOUT_CLEARED_KEY_MARKERS = ['user_', 'auth_', 'token_', 'session_'] as const;

/**
 * The spec's own keys hold the account's data too (its prompts, its models, its token): on a
 * shared phone the next person must not see them.
 */
const ACCOUNT_STORAGE_KEYS: readonly string[] = Object.values(STORAGE_KEYS);

export function isClearedOnLogout(storageKey: string): boolean {
  return (
    storageKey.startsWith(STORAGE_KEY_PREFIX) ||
    ACCOUNT_STORAGE_KEYS.includes(storageKey) ||
    LOGOUT_CLEARED_KEY_MARKERS.some((marker) => storageKey.includes(marker))
  );
}

// ---------------------------------------------------------------------------------------------
// Install banner and service worker (§1, §9)
// ---------------------------------------------------------------------------------------------

export const INSTALL_BANNER = {
  showDelayMs: 3 * SECOND_MS,
  iosShowDelayMs: 5 * SECOND_MS,
  /** A dismissal (kept in session storage) hides the banner for this long. */
  dismissalMs: 24 * HOUR_MS,
  swipeDismissPx: 80,
  touchMoveThresholdPx: 10,
} as const;

/** A file dialog that has not delivered files this long after focus returns was cancelled. */
export const FILE_DIALOG_CANCEL_DELAY_MS = 300;

// ---------------------------------------------------------------------------------------------
// Passwords (§5, §9)
// ---------------------------------------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 8;

/** The confirm-password rule fires on its own once both fields reach this length. */
export const CONFIRM_PASSWORD_MATCH_MIN_LENGTH = 6;

/** Characters that count for "Password must have special characters" (space included). */
export const PASSWORD_SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';

export interface PasswordPolicy {
  minLength: number;
  requireLowercase?: boolean;
  requireUppercase?: boolean;
  requireNumbers?: boolean;
  requireSpecialCharacters?: boolean;
}

/** The product's configured policy: minimum length only, no required character classes. */
export const PRODUCT_PASSWORD_POLICY: PasswordPolicy = { minLength: PASSWORD_MIN_LENGTH };

// ---------------------------------------------------------------------------------------------
// Layout and theme (§2, §9)
// ---------------------------------------------------------------------------------------------

/**
 * Minimum widths in px. Each name is the tier that starts at that width: `sm` is 768-991,
 * `md` 992-1279 and so on; widths below `sm` are "extra small" (`xs` starts at 480, but the
 * layout treats everything under 768 alike, so no rule targets `xs` alone).
 */
export const BREAKPOINTS = { xs: 480, sm: 768, md: 992, lg: 1280, xl: 1536 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/**
 * A CSS media query for a breakpoint, for style objects (`'@media (min-width: 768px)'`).
 * `down` is exclusive of the breakpoint itself so that `up` and `down` never both match.
 */
export function mediaQuery(breakpoint: Breakpoint, direction: 'up' | 'down' = 'up'): string {
  const px = BREAKPOINTS[breakpoint];
  return direction === 'up' ? `@media (min-width: ${px}px)` : `@media (max-width: ${px - 0.02}px)`;
}

/** Gallery grid columns: 2 below `sm`, 3 from `sm`, 4 from `md` up. */
export const GALLERY_GRID_COLUMNS = { xs: 2, sm: 3, md: 4 } as const;

export const LAYOUT = {
  headerHeightPx: 40,
  bottomNavHeightPx: 48,
  bottomNavMinHeightPx: 64,
  loginCardMaxWidthPx: 400,
} as const;

export const THEME_COLORS = {
  primary: '#1976d2',
  secondary: '#9c27b0',
  background: '#fafafa',
} as const;

export const FONT_FAMILY = 'Roboto';

// ---------------------------------------------------------------------------------------------
// Routes and redirects (§2, §4, §8)
// ---------------------------------------------------------------------------------------------

export const ROUTES = {
  home: '/',
  callback: '/callback',
  logout: '/logout',
  dashboard: '/dashboard',
  generate: '/generate',
  models: '/models',
  training: '/training',
  chat: '/chat',
  profile: '/profile',
  /** Where /generate sends a user without a ready model. */
  trainingFromGenerate: '/training?from=generate',
} as const;

/**
 * The sign-in entry pages: an API 401 there must not redirect (it would loop while the user
 * signs in), and the app skips the start-up session check on them.
 */
export const AUTH_ENTRY_ROUTES = [ROUTES.home, ROUTES.callback] as const;

/** After an OAuth callback error or a logout callback that reports an error. */
export const AUTH_ERROR_REDIRECT_DELAY_MS = 3 * SECOND_MS;
/** After signing out threw: the stored token is dropped and the app goes home sooner. */
export const LOGOUT_FAILURE_REDIRECT_DELAY_MS = 2 * SECOND_MS;

// ---------------------------------------------------------------------------------------------
// Subscription (§2, §3)
// ---------------------------------------------------------------------------------------------

/** Canonical spellings; the server may also send `cancelled` (see the normaliser). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'canceled',
  'past_due',
  'unpaid',
  'none',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Maps the British `cancelled` to `canceled`; missing or unknown values count as `none`. */
export function normalizeSubscriptionStatus(raw: unknown): SubscriptionStatus {
  const lower = typeof raw === 'string' ? raw.toLowerCase() : '';
  if (lower === 'cancelled') return 'canceled';
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(lower)
    ? (lower as SubscriptionStatus)
    : 'none';
}
