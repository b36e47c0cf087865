import { z } from 'zod';

/**
 * 'check-photo': the face check of an uploaded training photo (its result is on the photo);
 * 'delete-account': everything of a user, the job's own row last; 'hd': the 2× version of a
 * generated image (its output is the image's id); 'preview': one picture of a model still in
 * training, from a zero-shot identity model (its output is the image's id).
 */
export const JOB_KINDS = [
  'train',
  'generate',
  'edit',
  'check-photo',
  'delete-account',
  'hd',
  'preview',
] as const;
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;

/** A job of the caller: a training, a generation, an edit or a photo check (GET /generate/status/{id}). */
export const jobSchema = z
  .object({
    id: z.string(),
    kind: z.enum(JOB_KINDS),
    status: z.enum(JOB_STATUSES),
    output: z
      .array(z.string())
      .meta({ description: 'Ids of the images produced (GET /image/{id})' }),
    error: z.string().nullable(),
    progress: z.number().nullable(),
    etaSeconds: z.number().nullable().meta({ description: 'Estimated seconds left while running' }),
    modelId: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type JobView = z.infer<typeof jobSchema>;
export type JobKind = (typeof JOB_KINDS)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];
