/**
 * The spec's validation rules (§3, §5) as pure functions, shared by the front ends and the api.
 * A `validate*` function returns the spec's message, or null when the input is fine. Files are
 * plain `{ name, size, type }` objects so that a browser `File` and a server upload both fit.
 */

import {
  CONFIRM_PASSWORD_MATCH_MIN_LENGTH,
  GALLERY_CAPTION_MAX,
  GENERAL_IMAGE_MIME_TYPES,
  MAX_MODELS_PER_GENERATION,
  MAX_PROFILE_PICTURE_BYTES,
  MAX_TRAINING_PHOTOS,
  MAX_UPLOAD_BYTES,
  MIN_TRAINING_PHOTOS,
  MODEL_NAME_MAX_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  PROFILE_PICTURE_MIME_TYPES,
  PROMPT_CHIP_LABEL_MAX,
  PROMPT_HISTORY_MAX,
  SINGLE_IMAGE_MIME_TYPES,
  STANDARD_USER_ATTRIBUTES,
  TRAINING_PHOTO_MIME_TYPES,
  type GenerationMode,
  type PasswordPolicy,
} from './constants';
import {
  FILE_TEXT,
  FORM_TEXT,
  GENERATE_TEXT,
  PROFILE_TEXT,
  TRAINING_TEXT,
  fileError,
  filesTooLarge,
  invalidFileTypes,
  passwordMinLength,
  tooManyPhotos,
} from './messages';
import { EDIT_MASK_TEXT } from './edit-mask';

export interface FileLike {
  name: string;
  size: number;
  /** MIME type as the browser reports it; empty when the browser does not know it. */
  type: string;
}

function hasType(file: FileLike, allowed: readonly string[]): boolean {
  return allowed.includes(file.type.toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// Image files
// ---------------------------------------------------------------------------------------------

/** The general image check: at most 10 MB, JPEG/PNG/WebP/HEIC/HEIF. */
export function validateImageFile(file: FileLike): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TEXT.tooLarge;
  if (!hasType(file, GENERAL_IMAGE_MIME_TYPES)) return FILE_TEXT.generalTypeNotAllowed;
  return null;
}

/** One 'File {n}: {error}' line per failing file (n counts from 1); empty when all pass. */
export function validateImageFiles(files: readonly FileLike[]): string[] {
  return files.flatMap((file, index) => {
    const error = validateImageFile(file);
    return error ? [fileError(index + 1, error)] : [];
  });
}

/**
 * The edit-mode drop area takes exactly one PNG/JPEG/WebP of at most 10 MB. The type is checked
 * first, as the drop area rejects a wrong type before it looks at the size.
 */
export function validateSingleImageDrop(files: readonly FileLike[]): string | null {
  const [file] = files;
  if (!file || files.length > 1) return FILE_TEXT.invalidFile;
  if (!hasType(file, SINGLE_IMAGE_MIME_TYPES)) return FILE_TEXT.singleImageTypeNotAllowed;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TEXT.tooLarge;
  return null;
}

/**
 * Photos being added to the Train New Model dialog. A batch with any bad file is refused as a
 * whole, so the user sees every offending name at once; `alreadyChosen` counts the photos the
 * dialog holds, because the maximum applies to the total.
 */
export function validateTrainingPhotoBatch(
  files: readonly FileLike[],
  alreadyChosen = 0,
): string | null {
  const wrongType = files.filter((file) => !hasType(file, TRAINING_PHOTO_MIME_TYPES));
  if (wrongType.length > 0) return invalidFileTypes(wrongType.map((file) => file.name));
  const tooLarge = files.filter((file) => file.size > MAX_UPLOAD_BYTES);
  if (tooLarge.length > 0) return filesTooLarge(tooLarge.map((file) => file.name));
  const total = alreadyChosen + files.length;
  if (total > MAX_TRAINING_PHOTOS) return tooManyPhotos(total);
  return null;
}

/** Training needs at least 5 photos (and the dialog never holds more than 20). */
export function validateTrainingPhotoCount(count: number): string | null {
  if (count < MIN_TRAINING_PHOTOS) return TRAINING_TEXT.notEnoughPhotos;
  if (count > MAX_TRAINING_PHOTOS) return tooManyPhotos(count);
  return null;
}

export function validateProfilePicture(file: FileLike): string | null {
  if (!hasType(file, PROFILE_PICTURE_MIME_TYPES)) return PROFILE_TEXT.unsupportedPictureFormat;
  if (file.size > MAX_PROFILE_PICTURE_BYTES) return PROFILE_TEXT.pictureTooLarge;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Models and training
// ---------------------------------------------------------------------------------------------

export function validateModelName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return TRAINING_TEXT.modelNameRequired;
  if (trimmed.length > MODEL_NAME_MAX_LENGTH) return TRAINING_TEXT.modelNameTooLong;
  return null;
}

/** An empty trigger word is fine: it is derived from the model name at submit. */
export function validateTriggerWord(triggerWord: string): string | null {
  return /\s/.test(triggerWord) ? TRAINING_TEXT.triggerWordHasSpace : null;
}

/** The model name (or the user's name) without spaces, lower-cased. */
export function deriveTriggerWord(name: string): string {
  return name.replace(/\s+/g, '').toLowerCase();
}

export interface TrainingFormState {
  busy: boolean;
  modelName: string;
  triggerWord: string;
  /** Photos a training can use: uploaded and checked. */
  photoCount: number;
  /** Photos still on their way up or being checked. */
  pendingPhotos?: number;
}

/**
 * Why 'Start Training' cannot be pressed, shown beside it (spec §5: without a name, with a spaced
 * trigger, under 5 photos; and while photos are still uploaded or checked), or null. Busy is not
 * a reason to tell: the button says 'Starting...'.
 */
export function startTrainingBlocker(form: Omit<TrainingFormState, 'busy'>): string | null {
  if (form.modelName.trim() === '') return TRAINING_TEXT.enterModelName;
  const trigger = validateTriggerWord(form.triggerWord);
  if (trigger) return trigger;
  if ((form.pendingPhotos ?? 0) > 0) return TRAINING_TEXT.waitForChecks;
  if (form.photoCount < MIN_TRAINING_PHOTOS) return TRAINING_TEXT.notEnoughPhotos;
  return null;
}

/** 'Start Training' is disabled while busy, without a name, under 5 photos or with a spaced trigger. */
export function canStartTraining(form: TrainingFormState): boolean {
  return !form.busy && startTrainingBlocker(form) === null;
}

// ---------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------

export function validatePrompt(prompt: string): string | null {
  return prompt.trim() === '' ? GENERATE_TEXT.enterPrompt : null;
}

export function validateModelSelection(selectedCount: number): string | null {
  if (selectedCount < 1) return GENERATE_TEXT.selectModel;
  if (selectedCount > MAX_MODELS_PER_GENERATION) return GENERATE_TEXT.tooManyModels;
  return null;
}

export interface GenerationInput {
  mode: GenerationMode;
  prompt: string;
  modelCount: number;
  /** Only checked in edit mode. */
  hasImage?: boolean;
  /** Only checked in edit mode. */
  hasMask?: boolean;
  /** Edit mode: the mask breaks the chosen engine's edit-mask rule (edit-mask.ts). */
  maskRefused?: boolean;
}

/** The first failing rule, in the order the spec lists them: prompt, models, image, mask. */
export function validateGenerationInput(input: GenerationInput): string | null {
  const error = validatePrompt(input.prompt) ?? validateModelSelection(input.modelCount);
  if (error || input.mode !== 'edit') return error;
  if (!input.hasImage) return GENERATE_TEXT.uploadImage;
  if (!input.hasMask) return GENERATE_TEXT.paintMask;
  if (input.maskRefused) return EDIT_MASK_TEXT.changeMask;
  return null;
}

/** Newest first, no duplicates, at most 10; a blank prompt leaves the history as it was. */
export function updatePromptHistory(history: readonly string[], prompt: string): string[] {
  const entry = prompt.trim();
  if (entry === '') return [...history];
  return [entry, ...history.filter((previous) => previous !== entry)].slice(0, PROMPT_HISTORY_MAX);
}

/** Cuts by code point so an emoji is never split in half. */
function truncateWithEllipsis(text: string, maxChars: number): string {
  const chars = Array.from(text);
  return chars.length > maxChars ? `${chars.slice(0, maxChars).join('')}...` : text;
}

export function promptChipLabel(prompt: string): string {
  return truncateWithEllipsis(prompt, PROMPT_CHIP_LABEL_MAX);
}

export function galleryCaption(prompt: string): string {
  return truncateWithEllipsis(prompt, GALLERY_CAPTION_MAX);
}

// ---------------------------------------------------------------------------------------------
// Sign-in widget forms
// ---------------------------------------------------------------------------------------------

export function validateRequired(value: string | undefined | null): string | null {
  return value == null || value.trim() === '' ? FORM_TEXT.required : null;
}

export function validateEmail(value: string): string | null {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : FORM_TEXT.invalidEmail;
}

export function validateTermsAccepted(accepted: boolean): string | null {
  return accepted ? null : FORM_TEXT.mustAgreeToTerms;
}

/**
 * Every rule of the policy the password breaks, in the widget's order. Without a policy no rule
 * applies: the widget only checks passwords when the user pool reports a policy.
 */
export function passwordPolicyErrors(password: string, policy?: PasswordPolicy): string[] {
  if (!policy) return [];
  const errors: string[] = [];
  if (password.length < policy.minLength) errors.push(passwordMinLength(policy.minLength));
  if (policy.requireLowercase && !/[a-z]/.test(password)) {
    errors.push(FORM_TEXT.passwordNeedsLowercase);
  }
  if (policy.requireUppercase && !/[A-Z]/.test(password)) {
    errors.push(FORM_TEXT.passwordNeedsUppercase);
  }
  if (policy.requireNumbers && !/[0-9]/.test(password)) errors.push(FORM_TEXT.passwordNeedsNumbers);
  if (
    policy.requireSpecialCharacters &&
    !Array.from(password).some((char) => PASSWORD_SPECIAL_CHARACTERS.includes(char))
  ) {
    errors.push(FORM_TEXT.passwordNeedsSpecialCharacters);
  }
  return errors;
}

export interface ConfirmPasswordState {
  password: string;
  confirmPassword: string;
  passwordTouched: boolean;
  confirmPasswordTouched: boolean;
}

/**
 * 'Your passwords must match', but only once it is fair to say so: something has been typed and
 * either both fields were visited or both are already 6+ characters long. Otherwise the user
 * would be told off after the first keystroke.
 */
export function validateConfirmPassword(state: ConfirmPasswordState): string | null {
  const { password, confirmPassword } = state;
  if (password === confirmPassword) return null;
  const bothTouched = state.passwordTouched && state.confirmPasswordTouched;
  const bothLongEnough =
    password.length >= CONFIRM_PASSWORD_MATCH_MIN_LENGTH &&
    confirmPassword.length >= CONFIRM_PASSWORD_MATCH_MIN_LENGTH;
  return bothTouched || bothLongEnough ? FORM_TEXT.passwordsMustMatch : null;
}

const UNTRIMMED_FIELDS: ReadonlySet<string> = new Set(['password', 'confirm_password']);

/** Form values are trimmed, except passwords: a space there is part of the secret. */
export function trimFormValues(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      UNTRIMMED_FIELDS.has(key) ? value : value.trim(),
    ]),
  );
}

/** Sign-up sends only standard user-pool attributes and `custom:*` ones. */
export function filterSignUpAttributes(
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const standard: ReadonlySet<string> = new Set(STANDARD_USER_ATTRIBUTES);
  return Object.fromEntries(
    Object.entries(values).filter(([key]) => standard.has(key) || key.startsWith('custom:')),
  );
}

/** The dial code followed by the digits only, e.g. ('+1', '(555) 123-4567') -> '+15551234567'. */
export function normalizePhoneNumber(dialCode: string, phone: string): string {
  return `${dialCode}${phone.replace(/\D/g, '')}`;
}

/**
 * Cognito's mask: the first character of the local part and of the domain, each followed by
 * three asterisks whatever the length, and the top-level domain: 'jane@example.com' ->
 * 'j***@e***.com'. Neither length nor last character is given away.
 */
export function maskEmail(email: string): string {
  const first = (text: string) => Array.from(text)[0] ?? '';
  const at = email.lastIndexOf('@');
  if (at < 0) return `${first(email)}***`;
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const topLevel = dot > 0 ? domain.slice(dot) : '';
  return `${first(email.slice(0, at))}***@${first(domain)}***${topLevel}`;
}

/** Shows only the last 4 digits: '+15551234567' -> '+*******4567'. */
export function maskPhoneNumber(phone: string): string {
  let digitsToKeep = 4;
  const chars = Array.from(phone);
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    if (!/\d/.test(chars[i] ?? '')) continue;
    if (digitsToKeep > 0) digitsToKeep -= 1;
    else chars[i] = '*';
  }
  return chars.join('');
}

// ---------------------------------------------------------------------------------------------
// Text fields
// ---------------------------------------------------------------------------------------------

/** Controls (C0, DEL, C1), line separators, and the marks, embeddings, overrides, isolates of bidi. */
const UNSAFE_CHARACTER = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const LINE_BREAK = /[\t\n\r]/g;

/**
 * Whether a text holds characters a name must not: a NUL ends a string in C code and logs, a
 * right-to-left override makes 'Eve\u202egnp.exe' display as 'Eveexe.png'. Multi-line texts (a
 * prompt) may keep tabs and line breaks.
 */
export function hasUnsafeCharacters(text: string, { allowLineBreaks = false } = {}): boolean {
  return UNSAFE_CHARACTER.test(allowLineBreaks ? text.replace(LINE_BREAK, '') : text);
}
