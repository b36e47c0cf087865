import { ApiError, isNetworkFailure, isOnline } from '@app/shared/api-client';
import { bus } from '@app/shared/bus';
import type { JobView } from '@app/shared/contract/jobs';
import {
  cancelJob,
  editImage,
  isJobSettled,
  JobWaitExpired,
  settledJob,
  textToImage,
} from '@app/shared/data/jobs';
import {
  DEFAULT_ASPECT_RATIO,
  GENERATE_TEXT,
  type AspectRatio,
  type GenerationMode,
} from '@app/shared/spec';
import { useSyncExternalStore } from 'react';
import type { EditDraft } from '../../mask-editor/utils/edit-draft';
import { rememberPrompt } from '../utils/prompt-history';

export interface GenerationRequest {
  mode: GenerationMode;
  prompt: string;
  aspectRatio: AspectRatio;
  modelIds: string[];
  /** Text to image: images per prompt (1 when absent). */
  count?: number;
  /** A pack run: its prompts (maybe edited), run as one batch instead of `prompt`. */
  prompts?: string[];
  /** Edit mode: the photo and its PNG mask (the photo's shape). */
  image?: File;
  mask?: Blob;
}

/** The client's record of a result (spec §3). */
export interface GenerationResult {
  id: string;
  imageId: string;
  /** Every image of the batch (a single result has one); a "Try again" replaces its entry. */
  imageIds: string[];
  /** Images being made again ("Try again"), by the id they replace. */
  retrying: string[];
  prompt: string;
  aspectRatio: AspectRatio;
  mode: GenerationMode;
  timestamp: number;
}

export type GenerationState =
  | { status: 'idle' }
  | {
      status: 'busy';
      attempt: number;
      request: GenerationRequest;
      jobId: string | null;
      startedAt: number;
    }
  | { status: 'succeeded'; request: GenerationRequest; result: GenerationResult }
  | { status: 'failed'; request: GenerationRequest; error: string };

/** What the form holds; kept with the generation so both survive a visit to another tab. */
export interface GenerateDraft {
  mode: GenerationMode;
  prompt: string;
  aspectRatio: AspectRatio;
  /** Text to image: images per run, 1-4. */
  count: number;
  /** Edit mode: the chosen photo and its strokes, once a photo is chosen. */
  edit: EditDraft | null;
}

export interface GenerateStoreState {
  draft: GenerateDraft;
  generation: GenerationState;
}

const INITIAL: GenerateStoreState = {
  draft: {
    mode: 'generate',
    prompt: '',
    aspectRatio: DEFAULT_ASPECT_RATIO,
    count: 1,
    edit: null,
  },
  generation: { status: 'idle' },
};

/**
 * The page's state, held by the remote's module rather than a component: switching to the
 * gallery and back keeps the prompt and a running or finished generation. That is why the logout
 * broadcast must reset it (spec §9).
 */
let state: GenerateStoreState = INITIAL;
let attempts = 0;
const listeners = new Set<() => void>();

function set(next: GenerateStoreState) {
  state = next;
  for (const listener of listeners) listener();
}

const setGeneration = (generation: GenerationState) => set({ ...state, generation });

export function getGenerateState(): GenerateStoreState {
  return state;
}

export function useGenerateStore(): GenerateStoreState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getGenerateState,
    getGenerateState,
  );
}

export function updateDraft(changes: Partial<GenerateDraft>): void {
  set({ ...state, draft: { ...state.draft, ...changes } });
}

/** The photo's object URL is given up once the draft no longer holds that photo. */
function releasePhotoUnlessIn(next: EditDraft | null) {
  const kept = state.draft.edit?.photo;
  if (kept && kept.url !== next?.photo.url) URL.revokeObjectURL(kept.url);
}

/** Edit mode's photo and strokes, as the edit panel last changed them (null: no photo). */
export function keepEditDraft(edit: EditDraft | null): void {
  releasePhotoUnlessIn(edit);
  updateDraft({ edit });
}

/** Spec §2: switching mode clears the image, mask, result and error. A running generation is
 * left to finish unseen. */
export function switchMode(mode: GenerationMode): void {
  if (mode === state.draft.mode) return;
  abandonRunningJob();
  releasePhotoUnlessIn(null);
  set({ draft: { ...state.draft, mode, edit: null }, generation: { status: 'idle' } });
}

/** A job the page no longer waits for is canceled, so it does not hold the engine. */
function abandonRunningJob() {
  const { generation } = state;
  if (generation.status === 'busy' && generation.jobId) void cancelQuietly(generation.jobId);
}

async function cancelQuietly(jobId: string) {
  try {
    await cancelJob(jobId);
  } catch {
    // Already finished (409) or unreachable: nothing is left to stop.
  }
}

function failureMessage(error: unknown, mode: GenerationMode): string {
  // The api names a client's mistake (a model no longer ready, two engines); no answer at all
  // means the device is offline; anything else is the spec's general failure.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  if (isNetworkFailure(error) || !isOnline()) return GENERATE_TEXT.needsConnection;
  return mode === 'edit' ? GENERATE_TEXT.editFailed : GENERATE_TEXT.generateFailed;
}

function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
}

/** Sends the request; a 200 settles at once, a 202 is polled (`settleJob`) until it settles. */
export async function startGeneration(request: GenerationRequest, now = Date.now()): Promise<void> {
  abandonRunningJob();
  attempts += 1;
  const attempt = attempts;
  setGeneration({ status: 'busy', attempt, request, jobId: null, startedAt: now });
  let job: JobView;
  try {
    const key = newIdempotencyKey();
    job =
      request.mode === 'edit' && request.image && request.mask
        ? await editImage(
            {
              prompt: request.prompt,
              aspect_ratio: request.aspectRatio,
              model_ids: request.modelIds,
              image: request.image,
              imageFilename: request.image.name,
              mask: request.mask,
            },
            key,
          )
        : await textToImage(
            {
              ...(request.prompts ? { prompts: request.prompts } : { prompt: request.prompt }),
              ...(request.count && request.count > 1 ? { count: request.count } : {}),
              aspect_ratio: request.aspectRatio,
              model_ids: request.modelIds,
            },
            key,
          );
  } catch (error) {
    if (isCurrent(attempt)) {
      setGeneration({ status: 'failed', request, error: failureMessage(error, request.mode) });
    }
    return;
  }
  if (!isCurrent(attempt)) {
    // Canceled (or reset by a logout) while the request was on its way.
    if (!isJobSettled(job)) void cancelQuietly(job.id);
    return;
  }
  setGeneration({ ...(state.generation as BusyState), jobId: job.id });
  settleJob(job);
}

type BusyState = Extract<GenerationState, { status: 'busy' }>;

function isCurrent(attempt: number): boolean {
  return state.generation.status === 'busy' && state.generation.attempt === attempt;
}

/** A job answer (from the request or a poll): spec §4 succeeded / failed; others keep waiting. */
export function settleJob(job: JobView, now = Date.now()): void {
  const { generation } = state;
  if (generation.status !== 'busy' || generation.jobId !== job.id || !isJobSettled(job)) return;
  const { request } = generation;
  const imageId = job.output[0];
  if (job.status === 'succeeded' && imageId) {
    // Only a prompt that made an image joins the recent ones (spec §3 promptHistory); a pack's
    // prompts are the pack's, not the user's.
    if (!request.prompts) rememberPrompt(localStorage, request.prompt);
    setGeneration({
      status: 'succeeded',
      request,
      result: {
        id: job.id,
        imageId,
        imageIds: job.output,
        retrying: [],
        prompt: request.prompt,
        aspectRatio: request.aspectRatio,
        mode: request.mode,
        timestamp: now,
      },
    });
    bus.emit('gallery:invalidate', { reason: 'generated' });
    return;
  }
  setGeneration({ status: 'failed', request, error: job.error || GENERATE_TEXT.generationFailed });
}

/** How often "Try again" asks whether its image is ready. */
const RETRY_POLL_MS = 1500;

const resultOf = (generation: GenerationState) =>
  generation.status === 'succeeded' ? generation : null;

/** Changes the shown result, if it is still `resultId`. */
function updateResult(resultId: string, change: (result: GenerationResult) => GenerationResult) {
  const shown = resultOf(state.generation);
  if (shown?.result.id !== resultId) return;
  setGeneration({ ...shown, result: change(shown.result) });
}

/**
 * "Try again" on one image of a batch: the same prompt, models and ratio as a new job (so a new
 * seed); its image takes the old one's place in the result once made. The old image stays in the
 * gallery.
 */
export async function tryImageAgain(imageId: string, prompt: string): Promise<void> {
  const shown = resultOf(state.generation);
  if (!shown || shown.result.retrying.includes(imageId)) return;
  const { request, result } = shown;
  updateResult(result.id, (current) => ({
    ...current,
    retrying: [...current.retrying, imageId],
  }));
  let job: JobView | undefined;
  try {
    job = await textToImage(
      { prompt, aspect_ratio: request.aspectRatio, model_ids: request.modelIds },
      newIdempotencyKey(),
    );
    job = await settledJob(job, RETRY_POLL_MS);
  } catch (error) {
    const text =
      error instanceof JobWaitExpired ? error.message : failureMessage(error, 'generate');
    bus.emit('toast:show', { intent: 'error', text });
    job = undefined;
  }
  const made = job?.status === 'succeeded' ? job.output[0] : undefined;
  if (job && !made) {
    bus.emit('toast:show', { intent: 'error', text: job.error || GENERATE_TEXT.generationFailed });
  }
  updateResult(result.id, (current) => ({
    ...current,
    imageIds: made ? current.imageIds.map((id) => (id === imageId ? made : id)) : current.imageIds,
    retrying: current.retrying.filter((id) => id !== imageId),
  }));
  if (made) bus.emit('gallery:invalidate', { reason: 'generated' });
}

/** The waiting period is over and the job is still not done (spec §4, §8). */
export function giveUpWaiting(attempt: number): void {
  const { generation } = state;
  if (generation.status !== 'busy' || generation.attempt !== attempt) return;
  abandonRunningJob();
  setGeneration({
    status: 'failed',
    request: generation.request,
    error: GENERATE_TEXT.takingTooLong,
  });
}

/** Cancel (spec §4): back to idle; the job, if it has started, is canceled at the api. */
export function cancelGeneration(): void {
  abandonRunningJob();
  setGeneration({ status: 'idle' });
}

export function dismissGenerationError(): void {
  if (state.generation.status === 'failed') setGeneration({ status: 'idle' });
}

/**
 * Logout (spec §9): the generation state and the form start over. A running job is not canceled:
 * the session that could cancel it is ending, and its image lands in that user's gallery.
 */
export function resetGenerateStore(): void {
  releasePhotoUnlessIn(null);
  set(INITIAL);
}

// Registered once, when the remote first loads: the store outlives the page, so it must hear a
// logout that happens on another page too.
bus.on('auth:logout', resetGenerateStore);
