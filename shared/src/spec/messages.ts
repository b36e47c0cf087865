/**
 * Every fixed user-visible text of the spec, worded exactly as the spec has it (straight ASCII
 * quotes included). Screens import from here instead of writing the text again, so a wording
 * change is one edit and the e2e tests can assert on the same constants.
 */

import type { TrainingEngine } from '../contract/models';
import {
  MODEL_LIMITS,
  isUnlimitedModelLimit,
  normalizeSubscriptionStatus,
  type GenerationMode,
  type SubscriptionStatus,
} from './constants';

/** Words used on several screens. */
export const COMMON_TEXT = {
  cancel: 'Cancel',
  delete: 'Delete',
  close: 'Close',
  crop: 'Crop',
  apply: 'Apply',
  /** The models page's photo list and the gallery's filter name the same thing. */
  trainingPhotos: 'Training photos',
  processing: 'Processing...',
  fullName: 'Full Name',
} as const;

/**
 * Words of the shared UI kit that the spec does not fix (icon-button names, the viewer, the drop
 * zone and the offline note); kept here so screens and tests use one wording.
 */
export const KIT_TEXT = {
  retry: 'Retry',
  dismiss: 'Dismiss',
  previous: 'Previous photo',
  next: 'Next photo',
  photoViewer: 'Photo viewer',
  loading: 'Loading...',
  zoom: 'Zoom',
  dropToAdd: 'Drop to add',
  offline: 'You are offline. Check your connection and try again.',
} as const;

export const APP_TEXT = {
  updateAvailable: 'New content available. Click OK to refresh.',
  redirectingToModels: 'Redirecting to Models...',
  headerImageFailed: 'Failed to load image',
} as const;

export const NAV_TEXT = {
  home: 'Home',
  generate: 'Generate',
  models: 'Models',
  profile: 'Profile',
  generateLockedTooltip: 'You must train a model first before generating images',
  generateReadyTooltip: 'Generate AI images with your trained model',
} as const;

export const LOGIN_TEXT = {
  signInTab: 'Sign In',
  signUpTab: 'Sign Up',
  signInHeader: 'Sign in to your account',
  usernameLabel: 'Email',
  signInWithGoogle: 'Sign in with Google',
  forgotPassword: 'Forgot Your Password?',
  signUpHeader: 'Create a new account',
  backToSignIn: 'Back to Sign In',
  resetPasswordHeader: 'Reset Password:',
  codeEmailed: 'Your code is on the way. To log in, enter the code we emailed to',
  codeTexted: 'Your code is on the way. To log in, enter the code we texted to',
  codeSent: 'Your code is on the way. To log in, enter the code we sent you',
  codeArrival: 'It may take a minute to arrive',
  verifiedContactRequired: 'Account recovery requires verified contact information',
  totpSetupInstructions:
    'Copy and paste the secret key below into an authenticator app and then enter the code in the text field below.',
  redirecting: 'Redirecting',
  processingGoogle: 'Processing Google authentication',
  googleCancelled: 'Google sign-in was cancelled.',
  googleNotAuthorized: 'Google sign-in was not authorized.',
  googleFailed: 'An error occurred during Google sign-in.',
} as const;

export const AUTH_CALLBACK_TEXT = {
  completingGoogle: 'Completing Google authentication',
  completingLogout: 'Completing logout',
  /** Also the identity service's own 'Authentication Error' message (§8). */
  errorTitle: 'Authentication Error',
  redirectingToLogin: 'Redirecting to login page...',
  missingOAuthParameters: 'Invalid callback - missing OAuth parameters',
  noAccessToken: 'Failed to retrieve access token after OAuth callback',
  tryAgain: 'Authentication failed. Please try again.',
  logoutFailedRedirecting: 'Logout failed. Redirecting to homepage...',
} as const;

/** Validation texts of the sign-in widget and other forms (§5). */
export const FORM_TEXT = {
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email',
  passwordsMustMatch: 'Your passwords must match',
  passwordNeedsLowercase: 'Password must have lower case letters',
  passwordNeedsUppercase: 'Password must have upper case letters',
  passwordNeedsNumbers: 'Password must have numbers',
  passwordNeedsSpecialCharacters: 'Password must have special characters',
  mustAgreeToTerms: 'You must agree to the Terms and Conditions',
} as const;

/** Messages of the identity service and the auth layer (§4, §8), shown as they come. */
export const IDENTITY_TEXT = {
  emailEmpty: 'Email cannot be empty',
  phoneNumberEmpty: 'Phone number cannot be empty',
  usernameEmpty: 'Username cannot be empty',
  passwordEmpty: 'Password cannot be empty',
  confirmationCodeEmpty: 'Confirmation code cannot be empty',
  errorCreatingAccount: 'Error creating account',
  noValidMfaMethod: 'No valid MFA method provided',
  invalidMfaType: 'Invalid MFA type',
  challengeResponseEmpty: 'Challenge response cannot be empty',
  sessionUserEmpty: 'Failed to get the session because the user is empty',
  networkError: 'Network Error',
  deviceTrackingNotConfigured: 'Device tracking has not been configured in this User Pool',
  useCredentials: 'Please use your credentials to sign in',
  oauthFlowFailed: "Couldn't finish OAuth flow, check your User Pool HostedUI settings",
  notAuthenticated: 'User needs to be authenticated to call this API.',
  alreadySignedIn: 'There is already a signed in user.',
  notConfirmedInTime: 'The account was not confirmed on time.',
  autoSignInNotStarted: 'The autoSignIn flow has not started, or has been cancelled/completed.',
  unknownError: 'An unknown error has occurred.',
  configurationError: 'Configuration error (see console) – please contact the administrator',
  useAuthOutsideProvider: 'useAuth must be used within an AuthProvider',
  userAlreadyConfirmed: 'User is already confirmed.',
} as const;

/** Image-file checks shared by several upload places (§5, §8). */
export const FILE_TEXT = {
  tooLarge: 'File size must be less than 10MB',
  generalTypeNotAllowed: 'Only JPEG, PNG, WebP, and HEIC files are allowed',
  singleImageTypeNotAllowed: 'Please select a valid image file (PNG, JPG, JPEG, or WEBP)',
  invalidFile: 'Invalid file',
  singleImageHint: 'Supports PNG, JPG, JPEG, WEBP • Max 10MB',
  /** The second sentence of the training photos' type message, alone while files are dragged. */
  trainingTypesSupported: 'Only JPEG, PNG, and WebP are supported.',
  base64Failed: 'Failed to convert file to base64',
  uploadImagesFailed: 'Failed to upload images',
} as const;

export const GALLERY_TEXT = {
  loadMore: 'Load More Images',
  emptyTitle: 'No images yet',
  emptyHint: 'Start creating your first image!',
  allLoaded: 'All images loaded',
  deleteConfirm:
    'Are you sure you want to delete this generated image? This action cannot be undone.',
  refreshed: 'Gallery refreshed successfully',
  loadGalleryFailed: 'Failed to load gallery',
  loadImagesFailed: 'Failed to load images',
  loadImagesCheckConnection: 'Failed to load images. Please check your connection and try again.',
  loadMoreFailed: 'Failed to load more images',
  downloadFailed: 'Failed to download image',
  deleteFailed: 'Failed to delete image',
  // Not worded by the spec: the gallery's controls and notes.
  refresh: 'Refresh gallery',
  filterLabel: 'Show',
  filterAll: 'All',
  filterGenerated: 'Generated',
  deleteTitle: 'Delete Image',
  download: 'Download',
  share: 'Share',
  usePrompt: 'Use this prompt',
  promptCopied: 'Prompt copied',
  copyFailed: 'Could not copy the prompt',
  shareFailed: 'Could not share the image',
  noPrompt: 'No prompt',
  openImage: 'Open image',
  showingSaved: 'You are offline. Showing the images saved on this device.',
  imageViewer: 'Image viewer',
} as const;

/** Not worded by the spec: pictures made while a model trains (Replicate), in its row and the gallery. */
export const PREVIEW_TEXT = {
  rowNote: 'Preview — your model is still training',
  badge: 'Preview',
  imageAlt: 'Preview picture',
  openLarge: 'Open the preview large',
  viewer: 'Preview pictures',
} as const;

/**
 * Not worded by the spec: the 2× download of a generated image. An engine without an upscaler
 * model resamples, and then it is never called HD.
 */
export const HD_TEXT = {
  downloadHd: 'Download HD',
  downloadEnlarged: 'Download enlarged',
  makingHd: 'Making HD...',
  enlarging: 'Enlarging...',
  failed: 'Failed to make the HD image',
  onlyGenerated: 'Only generated images have an HD version',
  notReady: 'This image is not ready yet',
} as const;

/** The 2× download's button and its busy state, by what the engine makes ('hd' or 'enlarged'). */
export const hdDownloadLabel = (quality: 'hd' | 'enlarged', busy = false): string =>
  quality === 'hd'
    ? busy
      ? HD_TEXT.makingHd
      : HD_TEXT.downloadHd
    : busy
      ? HD_TEXT.enlarging
      : HD_TEXT.downloadEnlarged;

export const GENERATE_TEXT = {
  textToImage: 'Text to Image',
  /** The mode toggle and the action button in edit mode read the same. */
  editImage: 'Edit Image',
  generateImage: 'Generate Image',
  generating: 'Generating...',
  promptLabel: 'Prompt',
  editPromptLabel: 'Describe the changes',
  trainModelFirst: 'Train your model first',
  downloadPng: 'Download PNG',
  copyPrompt: 'Copy Prompt',
  settingsModeTextToImage: 'Text-to-Image',
  settingsModeImageEditing: 'Image Editing',
  pngFormat: 'PNG Format',
  readyToGenerate: 'Ready to Generate',
  readyToEdit: 'Ready to Edit',
  maskHelp: 'Paint over the areas you want to edit. Painted areas will be regenerated.',
  enterPrompt: 'Please enter a prompt',
  selectModel: 'Please select at least one model',
  /** Not worded by the spec (the picker stops at 2); used when a request carries more. */
  tooManyModels: 'Please select at most 2 models',
  uploadImage: 'Please upload an image',
  paintMask: 'Please paint a mask on the image',
  generationFailed: 'Generation failed',
  generateFailed: 'Failed to generate image',
  editFailed: 'Failed to edit image',
  takingTooLong: 'Generation is taking longer than expected. Please try again.',
  /** Not worded by the spec: a generation sent while the network cannot be reached. */
  needsConnection: 'Generating needs a connection. You are offline.',
  /** Not worded by the spec: a pack's prompts times the count went past one run's images. */
  tooManyImages: 'A run makes at most 8 images',
  looksLikeYou: 'Looks like you',
  mightNotLookLikeYou: 'Might not look like you',
} as const;

export const MODELS_TEXT = {
  title: 'AI Models',
  subtitle: 'Train your personalized AI model by uploading photos',
  refreshTooltip: 'Refresh models and photos',
  refreshed: 'Models and photos refreshed successfully',
  loading: 'Loading model data...',
  upgradeHint: '(Upgrade to Pro for up to 5 models)',
  addModel: 'Add Model',
  empty: "No models trained yet. Click 'Add Model' to create your first model.",
  uploadPhotos: 'Upload Photos',
  addPhotos: 'Add Photos',
  /** Dialog title and its confirm button. */
  deleteModel: 'Delete Model',
  deleting: 'Deleting...',
  deletePhotoTitle: 'Delete Photo',
  deletePhotoConfirm: 'Are you sure you want to delete this training photo?',
  loadFailed: 'Failed to load training data',
  startTrainingFailed: 'Failed to start training',
  deleteModelFailed: 'Failed to delete model',
  deletePhotoFailed: 'Failed to delete photo',
  processPhotosFailed: 'Failed to process photos',
  // Not worded by the spec: the rows, their live status and the page's own notes.
  statusNone: 'Not trained',
  statusTraining: 'Training',
  statusReady: 'Ready',
  statusFailed: 'Failed',
  triggerWordPrefix: 'Trigger word:',
  showPhotos: 'Show photos',
  hidePhotos: 'Hide photos',
  noPhotos: 'No training photos',
  fromGenerate: 'Train a model first: Generate opens as soon as one of your models is ready.',
  trainingStarted: 'Training started',
  trainingQueued: 'Waiting to start...',
  lessThanAMinuteLeft: 'Less than a minute left',
  failedPhotosHeading: 'These photos could not be used:',
  retryTraining: 'Retry Training',
  retrying: 'Retrying...',
  retryNeedsPhotos: 'Remove the photos that could not be used and add others, then retry.',
  failedSlotFree: 'A failed training does not use up a model slot: retry it or delete it.',
  deletePhoto: 'Delete photo',
  reorderHint: 'Drag a photo to change the order. Keyboard: Alt + Left or Right arrow.',
  reorderHintTouch: 'Hold a photo, then drag it to change the order.',
  reorderFailed: 'Failed to save the new photo order',
  addPhotosFailed: 'Failed to add photos',
  deleteTrainingPhotos: 'Delete my training photos',
  deletingTrainingPhotos: 'Deleting photos...',
  deleteTrainingPhotosFailed: 'Failed to delete the training photos',
  trainingPhotosDeleted: 'Training photos deleted. The model keeps working.',
  photosNeededToGenerate:
    'This model is drawn from its training photos: they stay while the model exists.',
  showingSaved:
    'You are offline. Showing your models and photos as last seen on this device; adding, training and deleting need a connection.',
} as const;

/** Why a training cannot use a photo (the api's photo check), as a thumbnail's warning says it. */
export const PHOTO_PROBLEM_TEXT = {
  'no-face': 'No face found',
  'several-faces': 'More than one face',
  'face-too-small': 'Face too small',
  'face-cut-off': 'Face cut off',
  'too-blurry': 'Too blurry',
} as const;

/**
 * How long a training takes where it will run: the spec's 20-30 minutes holds for FLUX on
 * Replicate; the built-in engine fits its model on this server in a minute or two.
 */
export function trainingDurationNote(engine: TrainingEngine | undefined): string {
  return engine === 'builtin-cpu' ? TRAINING_TEXT.durationInfoBuiltIn : TRAINING_TEXT.durationInfo;
}

/** The count note while some photos are still uploaded or checked: only checked ones count. */
export const photosChecking = (ready: number, checking: number): string =>
  `${ready} ${ready === 1 ? 'photo' : 'photos'} ready, checking ${checking}…`;

/** The 'Train New Model' dialog, its crop dialog and the training-photo checks. */
export const TRAINING_TEXT = {
  dialogTitle: 'Train New Model',
  modelNameLabel: 'Model Name',
  triggerWordLabel: 'Trigger Word',
  triggerWordPlaceholder: 'Leave empty to auto-generate',
  choosePhotos: 'Choose Photos',
  starting: 'Starting...',
  cropTitle: 'Crop Photo',
  cropTip: 'Keep your face as the main focus for best results',
  modelNameRequired: 'Model name is required',
  /** Not worded by the spec (the input stops at 20); used by the api's check. */
  modelNameTooLong: 'Model name must be at most 20 characters',
  triggerWordHasSpace: 'Trigger word must be a single word without spaces',
  notEnoughPhotos: 'At least 5 photos are required to train a model',
  // The spec describes these without fixing their words.
  modelNameHint: 'We recommend your first name + last name',
  triggerWordHint: 'A unique word that activates your model in prompts. One word, no spaces.',
  dropHint: 'Drag and drop 5-20 photos here • JPEG, PNG or WebP up to 10MB each',
  tipsLabel: 'Tips for good photos',
  tips: [
    'Use 5-20 photos of yourself',
    'Different angles and expressions',
    'Good lighting',
    'Various backgrounds',
    'JPEG, PNG or WebP, up to 10MB each',
  ],
  durationInfo: 'Training takes about 20-30 minutes. You can leave this page meanwhile.',
  durationInfoBuiltIn: 'Training takes a minute or two. You can leave this page meanwhile.',
  addTile: 'Add photos',
  checkingPhoto: 'Checking...',
  notUsedPrefix: 'Not used:',
  uploading: 'Uploading...',
  waitForChecks: 'Wait until every photo is uploaded and checked',
  enterModelName: 'Enter a model name',
  removePhoto: 'Remove',
} as const;

export const PROFILE_TEXT = {
  title: 'Profile Settings',
  emailLabel: 'Email Address',
  saveChanges: 'Save Changes',
  logOut: 'LOG OUT',
  cropTitle: 'Crop Profile Picture',
  subscribeNow: 'Subscribe Now',
  unsupportedPictureFormat: 'Please select a supported image format (JPEG, PNG, or WebP)',
  pictureTooLarge: 'Image size must be less than 5MB',
  loadFailed: 'Failed to load profile',
  updateFailed: 'Failed to update profile',
  uploadPictureFailed: 'Failed to upload profile picture',
  processImageFailed: 'Failed to process image',
  logoutFailed: 'Failed to logout',
  checkoutFailed: 'Failed to create checkout session',
  cancelSubscriptionFailed: 'Failed to cancel subscription',
  loadInfoFailed: 'Failed to load profile information',
  updated: 'Profile updated successfully',
  subscriptionCanceled:
    'Subscription canceled successfully. You can continue using premium features until the end of your billing period.',
} as const;

/**
 * Texts of server-side checks the spec does not word (it only shows the browser's checks); the
 * api answers with these, and a screen that shows `error.message` shows them as they are.
 */
export const API_TEXT = {
  imageTooManyPixels: 'Image dimensions are too large',
  imageNotFound: 'Image not found',
  trainingPhotoNotFound: 'Training photo not found',
  trainingPhotosNotFound: 'Some of the selected photos were not found',
  photoInTraining: 'This photo is being used by a model that is training',
  invalidCursor: 'The cursor is not valid; start again from the first page',
  modelNotFound: 'Model not found',
  jobNotFound: 'Job not found',
  modelNotReady: 'Only ready models can be used',
  modelsOfDifferentEngines:
    'These two models were trained by different engines and cannot be combined. Pick models from the same engine.',
  onlyReadyModelDeletable: 'Only a ready or failed model can be deleted',
  onlyFailedModelRetried: 'Only a model whose training failed can be trained again',
  modelAlreadyTraining: 'A model is already training',
  reorderMismatch: 'The list must name each of your models exactly once',
  photoOrderMismatch: 'The list must name each photo of the model exactly once',
  modelPhotosLocked: 'Photos cannot change while the model is training',
  onlyReadyModelPhotosDeletable: 'Only the photos of a ready model can be deleted this way',
  engineNeedsPhotos:
    "This model's engine needs its training photos to generate: delete the model to delete them",
  providerUnavailable:
    'The image provider could not be reached. Nothing was deleted; please try again in a moment.',
  maskNotPng: 'The mask must be a PNG image',
  maskTooLarge: 'The mask file must be less than 10MB',
  maskTooManyPixels: 'The mask dimensions are too large',
  fileEmpty: 'The file is empty',
  base64UploadTooLarge:
    'A base64 upload may be at most 28 MB per request: send fewer photos at once, or upload them through /media/presigned-urls',
  maskEmpty: 'The mask file is empty',
  uploadIncomplete: 'The upload ended before the whole form arrived. Please try again.',
  requestBodyStalled: 'The upload stopped arriving. Please check your connection and try again.',
  linkInvalid: 'This link is invalid or has expired',
  uploadAlreadyReceived: 'This upload has already been received',
  tooManyRequests: 'Too many requests, please try again later',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  idempotentRequestInProgress:
    'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
  imagePipelineBusy: 'The server is busy processing other photos. Please try again in a moment.',
  alreadySubscribed: 'You already have an active subscription',
  noSubscriptionToCancel: 'There is no active subscription to cancel',
  checkoutClosed: 'This checkout session is no longer open',
  webhookSignatureInvalid: 'Invalid webhook signature',
  webhookBodyInvalid: 'The webhook body is not a training or prediction.',
} as const;

export const SUBSCRIPTION_CHIP_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Trial',
  canceled: 'Canceled',
  past_due: 'Past Due',
  unpaid: 'Unpaid',
  none: 'No Subscription',
};

/** Accepts the server's raw value, so 'cancelled' and unknown values label correctly. */
export function subscriptionChipLabel(rawStatus: unknown): string {
  return SUBSCRIPTION_CHIP_LABELS[normalizeSubscriptionStatus(rawStatus)];
}

// ---------------------------------------------------------------------------------------------
// Parameterised texts
// ---------------------------------------------------------------------------------------------

export const welcomeBack = (firstName: string): string => `Welcome back, ${firstName}!`;

export const morePhotosNeeded = (missing: number): string =>
  `${missing} more photos needed (minimum 5 required)`;

export const photosReady = (count: number): string => `${count} photos ready for training`;

export const startTrainingLabel = (count: number): string => `Start Training (${count} photos)`;

/** Title of the pre-upload preview dialog; `position` is 1-based. */
export const photoPosition = (position: number, total: number): string =>
  `photo ${position} of ${total}`;

export const photoCount = (count: number): string => (count === 1 ? '1 photo' : `${count} photos`);

/** The confirmation of 'Delete Model' (the spec: it cannot be undone; retraining needs photos). */
export const deleteModelMessage = (name: string): string =>
  `Are you sure you want to delete "${name}"? This action cannot be undone: to use it again you will need to train a new model with your photos.`;

/**
 * The confirmation of 'Delete my training photos': what goes (the photos and their copy at the
 * image provider), what stays (the model, photos another model uses).
 */
export const deleteTrainingPhotosMessage = (name: string, deleted: number, kept: number): string =>
  [
    `${photoCount(deleted)} of "${name}" will be deleted from the studio, with the copy sent to the image provider for training. The model keeps working.`,
    kept > 0 ? `${photoCount(kept)} also used by another of your models will stay with it.` : '',
    'This cannot be undone.',
  ]
    .filter(Boolean)
    .join(' ');

export const trainingProgress = (percent: number): string => `Training... ${percent}%`;

/** Whole minutes, rounded up; under a minute says so. */
export const minutesLeft = (seconds: number): string =>
  seconds < 60 ? MODELS_TEXT.lessThanAMinuteLeft : `About ${Math.ceil(seconds / 60)} min left`;

export const photoLabel = (position: number): string => `Photo ${position}`;

export const trainingDoneNotice = (name: string, ready: boolean): string =>
  ready ? `Your model "${name}" is ready` : `Training "${name}" failed`;

export const yourModels = (count: number, limit: number): string =>
  `Your Models (${count}/${isUnlimitedModelLimit(limit) ? '∞' : limit})`;

/** Empty-state title of the result panel. */
export const readyToLabel = (mode: GenerationMode): string =>
  mode === 'edit' ? GENERATE_TEXT.readyToEdit : GENERATE_TEXT.readyToGenerate;

/** The mode line of the result's settings. */
export const settingsModeLabel = (mode: GenerationMode): string =>
  mode === 'edit' ? GENERATE_TEXT.settingsModeImageEditing : GENERATE_TEXT.settingsModeTextToImage;

/** `fileNumber` is 1-based, as the user counts the files they picked. */
export const fileError = (fileNumber: number, error: string): string =>
  `File ${fileNumber}: ${error}`;

export const invalidFileTypes = (names: readonly string[]): string =>
  `Invalid file types: ${names.join(', ')}. ${FILE_TEXT.trainingTypesSupported}`;

/** A size as people read it: `512 KB`, `3.4 MB`, `2 GB` (1024-based, as file managers show). */
export function formatStorageSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

/** Refused before anything is stored: an upload, a profile picture or a generation. */
export const storageQuotaExceeded = (quotaBytes: number): string =>
  `This would go over your ${formatStorageSize(quotaBytes)} of storage. Delete some images to make room, then try again.`;

/** The profile's storage line. */
export const storageUsage = (usedBytes: number, quotaBytes: number): string =>
  `Storage: ${formatStorageSize(usedBytes)} of ${formatStorageSize(quotaBytes)} used`;

/** Refusal of a generation beyond what one user may have waiting (MAX_QUEUED_GENERATIONS). */
export const tooManyQueuedGenerations = (limit: number): string =>
  `You already have ${limit} images waiting to be generated. Please wait for some to finish before starting more.`;

/** Refusal of a new model over the account's limit (spec §6: free 1, Pro 5). */
export const modelLimitReached = (limit: number): string =>
  limit === MODEL_LIMITS.default
    ? `Model limit reached (${limit}). ${MODELS_TEXT.upgradeHint.slice(1, -1)}`
    : `Model limit reached (${limit})`;

export const filesTooLarge = (names: readonly string[]): string =>
  `Files too large: ${names.join(', ')}. Maximum size is 10MB per file.`;

export const tooManyPhotos = (attempted: number): string =>
  `Too many photos. Maximum 20 photos allowed. You're trying to add ${attempted} photos.`;

export const failedToUpload = (filename: string, statusText: string): string =>
  `Failed to upload ${filename}: ${statusText}`;

/**
 * What is wrong with one field of a request the api refuses, as its check found it. The spec
 * words none of these (its screens never send such requests); `received` describes what was sent.
 */
export type FieldProblem =
  | { kind: 'missing' }
  | { kind: 'type'; expected: string; received?: string }
  | { kind: 'tooLong'; max: number; length?: number }
  | { kind: 'tooShort'; min: number }
  | { kind: 'tooManyItems'; max: number; count?: number }
  | { kind: 'tooFewItems'; min: number }
  | { kind: 'tooSmall'; min: number }
  | { kind: 'tooLarge'; max: number }
  | { kind: 'notOneOf'; values: readonly string[] }
  | { kind: 'unsafeCharacters' }
  | { kind: 'invalid' };

/** The api's message for a refused request field, named by its path as sent ('photos.2.filename'). */
export function invalidField(field: string, problem: FieldProblem): string {
  const sent = (value: string | number | undefined) =>
    value === undefined ? '' : `, not ${value}`;
  switch (problem.kind) {
    case 'missing':
      return `${field} is required`;
    case 'type':
      return `${field} must be ${problem.expected}${sent(problem.received)}`;
    case 'tooLong':
      return `${field} must be at most ${problem.max} characters${sent(problem.length)}`;
    case 'tooShort':
      return problem.min <= 1
        ? `${field} must not be empty`
        : `${field} must be at least ${problem.min} characters`;
    case 'tooManyItems':
      return `${field} may list at most ${problem.max} items${sent(problem.count)}`;
    case 'tooFewItems':
      return problem.min <= 1
        ? `${field} must not be empty`
        : `${field} must list at least ${problem.min} items`;
    case 'tooSmall':
      return `${field} must be at least ${problem.min}`;
    case 'tooLarge':
      return `${field} must be at most ${problem.max}`;
    case 'notOneOf':
      return problem.values.length === 1
        ? `${field} must be ${problem.values[0]}`
        : `${field} must be one of ${problem.values.join(', ')}`;
    case 'unsafeCharacters':
      return `${field} must not contain control or text-direction characters`;
    case 'invalid':
      return `${field} is not valid`;
  }
}

export const authenticationFailed = (error: string): string => `Authentication failed: ${error}`;

/** The logout callback passes error_description, or error when there is no description. */
export const logoutFailed = (descriptionOrError: string): string =>
  `Logout failed: ${descriptionOrError}`;

export const passwordMinLength = (minLength: number): string =>
  `Password must have at least ${minLength} characters`;

export type SocialProvider = 'Amazon' | 'Apple' | 'Facebook' | 'Google';

/** The sign-in widget's wording; the login page's own Google button is `signInWithGoogle`. */
export const socialButtonLabel = (provider: SocialProvider, flow: 'signIn' | 'signUp'): string =>
  `${flow === 'signIn' ? LOGIN_TEXT.signInTab : LOGIN_TEXT.signUpTab} with ${provider}`;

/**
 * The "code is on the way" note. `destination` is shown as given: the identity service already
 * masks it (see `maskEmail` / `maskPhoneNumber` for the embedded service).
 */
export function codeDeliveryMessage(medium: string | undefined, destination?: string): string {
  if (destination && (medium === 'EMAIL' || medium === 'SMS')) {
    const instruction = medium === 'EMAIL' ? LOGIN_TEXT.codeEmailed : LOGIN_TEXT.codeTexted;
    return `${instruction} ${destination}. ${LOGIN_TEXT.codeArrival}.`;
  }
  return `${LOGIN_TEXT.codeSent}. ${LOGIN_TEXT.codeArrival}.`;
}
