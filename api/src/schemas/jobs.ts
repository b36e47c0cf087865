import { z } from 'zod';
import type { Job } from '../jobs/queue';

export const jobSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['train', 'generate', 'edit']),
    status: z.enum(['queued', 'running', 'succeeded', 'failed', 'canceled']),
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

export function presentJob(job: Job): z.infer<typeof jobSchema> {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    output: job.output,
    error: job.error,
    progress: job.progress,
    etaSeconds: job.etaSeconds,
    modelId: job.modelId,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}
