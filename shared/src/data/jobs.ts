import { api } from '@app/shared/api-client';
import { useRef } from 'react';
import useSWR, { mutate, type SWRResponse } from 'swr';
import type { EditFacesAnswer, TextToImageRequest } from '../contract/generate';
import type { JobView } from '../contract/jobs';
import { GENERATION_POLL_DEADLINE_MS } from '../spec/constants';
import { GENERATE_TEXT } from '../spec/messages';
import { fetchApiKey, jobKeys } from './api-key';
import { invalidateMediaLists } from './media';
import { invalidateUser } from './user';

/** How often a queued or running job is asked for (GET /generate/status/{id}). */
const JOB_POLL_MS = 2000;

export { jobKeys } from './api-key';

export const isJobSettled = (job: Pick<JobView, 'status'> | undefined): boolean =>
  job !== undefined && job.status !== 'queued' && job.status !== 'running';

/** What a finished job changed: its images join the gallery, a training changes its model. */
async function afterJobSettled(job: JobView): Promise<void> {
  if (job.kind === 'train') await invalidateUser();
  else if (job.status === 'succeeded') await invalidateMediaLists();
}

/**
 * A job polled until it has succeeded, failed or was canceled; then polling stops and what the
 * job changed is re-read.
 */
export function useJobStatus(jobId: string | null, pollMs = JOB_POLL_MS): SWRResponse<JobView> {
  const settledJobId = useRef<string | null>(null);
  return useSWR<JobView>(jobId === null ? null : jobKeys.status(jobId), fetchApiKey, {
    refreshInterval: (job) => (isJobSettled(job) ? 0 : pollMs),
    onSuccess: (job) => {
      if (!isJobSettled(job) || settledJobId.current === job.id) return;
      settledJobId.current = job.id;
      void afterJobSettled(job);
    },
  });
}

/** Settled or not, the answer seeds the status key, so a poll starts from it. */
async function seedJob(job: JobView): Promise<JobView> {
  await mutate(jobKeys.status(job.id), job, { revalidate: false });
  if (isJobSettled(job)) await afterJobSettled(job);
  return job;
}

const idempotency = (key: string | undefined) =>
  key ? { headers: { 'Idempotency-Key': key } } : {};

/** The edit form: the text fields of a text-to-image request plus the two files. */
export interface EditImageForm extends Omit<TextToImageRequest, 'prompt' | 'prompts' | 'count'> {
  prompt: string;
  image: Blob;
  imageFilename?: string;
  /** PNG; white marks the region to regenerate. */
  mask: Blob;
}

/** POST /generate/text-to-image: 200 with the finished job, or 202 while it runs. */
export async function textToImage(
  request: TextToImageRequest,
  idempotencyKey?: string,
): Promise<JobView> {
  const job = await api.post<JobView>('/generate/text-to-image', {
    json: request,
    ...idempotency(idempotencyKey),
  });
  return seedJob(job);
}

/** POST /generate/edit-image as multipart: the image file, the PNG mask and the text fields. */
export async function editImage(form: EditImageForm, idempotencyKey?: string): Promise<JobView> {
  const body = new FormData();
  body.append('prompt', form.prompt);
  if (form.aspect_ratio !== undefined) body.append('aspect_ratio', form.aspect_ratio);
  if (form.model_ids !== undefined) body.append('model_ids', JSON.stringify(form.model_ids));
  body.append('image', form.image, form.imageFilename ?? 'image');
  body.append('mask', form.mask, 'mask.png');
  const job = await api.post<JobView>('/generate/edit-image', {
    body,
    ...idempotency(idempotencyKey),
  });
  return seedJob(job);
}

/**
 * POST /generate/edit-image/faces: the faces of a photo to edit with these models, for the
 * edit-mask rule (`editMaskProblem`); none when their engine has no face rule.
 */
export async function editFaces(image: Blob, modelIds: readonly string[]) {
  const body = new FormData();
  body.append('model_ids', JSON.stringify(modelIds));
  body.append('image', image, 'image.jpg');
  const { faces } = await api.post<OlderEditFacesAnswer>('/generate/edit-image/faces', { body });
  return faces.map((face) => ({ ...face, headOutline: face.headOutline ?? [] }));
}

type EditFaceAnswer = EditFacesAnswer['faces'][number];
/**
 * The page and the api are deployed apart: an api deployed before the head outline answers
 * without it, and the head rule then waits for the api's own check when the edit is sent.
 */
interface OlderEditFacesAnswer {
  faces: (Omit<EditFaceAnswer, 'headOutline'> & Partial<Pick<EditFaceAnswer, 'headOutline'>>)[];
}

/** GET /generate/status/{id}: the job as it is now. */
export function jobStatus(jobId: string): Promise<JobView> {
  return fetchApiKey<JobView>(jobKeys.status(jobId));
}

/** The page stopped waiting for a job still queued or running (spec §4's waiting period). */
export class JobWaitExpired extends Error {
  constructor() {
    super(GENERATE_TEXT.takingTooLong);
  }
}

/**
 * The job once it has settled, asked for every `pollMs`. After `polls` answers that it still
 * runs, the page stops waiting with `JobWaitExpired`; the job goes on, and what it makes still
 * reaches the gallery.
 */
export async function settledJob(
  job: JobView,
  pollMs: number,
  polls = Math.ceil(GENERATION_POLL_DEADLINE_MS / pollMs),
): Promise<JobView> {
  for (let asked = 0; !isJobSettled(job); asked += 1) {
    if (asked >= polls) throw new JobWaitExpired();
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    job = await jobStatus(job.id);
  }
  return job;
}

export async function cancelJob(jobId: string): Promise<JobView> {
  const job = await api.post<JobView>(`/generate/cancel/${encodeURIComponent(jobId)}`);
  return seedJob(job);
}
