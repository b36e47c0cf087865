import fastifyMultipart from '@fastify/multipart';
import { API_TEXT, MAX_UPLOAD_BYTES } from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ROUTES } from '@app/shared/contract/api-routes';
import type { textToImageBody } from '@app/shared/contract/generate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { conflict, notFound } from '../http-errors';
import { keyedRequest } from '../jobs/idempotency';
import { jobStatusCode, waitForJob } from '../jobs/wait-for-job';
import { presentJob } from '../presenters';
import { editImageRoutes } from './edit-image';

/** Not worded by the spec; defined here in the api. */
const JOB_ALREADY_FINISHED = 'This job has already finished.';

/** Checks and queues a text-to-image job, then waits a bounded time for it (wait-for-job.ts). */
async function queueTextToImage(
  app: FastifyInstance,
  request: FastifyRequest,
  body: z.output<typeof textToImageBody>,
) {
  const prompts = (body.prompts ?? [body.prompt ?? '']).map((prompt) => prompt.trim());
  const [prompt = ''] = prompts;
  const ids = await app.generation.check(request.user, prompt, body.model_ids);
  app.generation.checkRun(prompts, body.count);
  const job = await app.generation.enqueue(
    request.user,
    {
      prompt,
      aspectRatio: body.aspect_ratio,
      modelIds: ids,
      // A single image's job keeps the shape it always had.
      ...(body.prompts ? { prompts } : {}),
      ...(body.count > 1 ? { count: body.count } : {}),
    },
    keyedRequest(request),
  );
  return waitForJob(job, { jobs: app.jobs, worker: app.jobWorker });
}

/** A job of the caller's, as the status and cancel routes read it. */
const jobRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  app.get(
    '/generate/status/:id',
    {
      schema: {
        summary: 'A job of the caller (generation, edit or training)',
        ...API_ROUTES['GET /generate/status/{id}'],
      },
    },
    async (request) => {
      const job = await app.jobs.findOwned(request.user.id, request.params.id);
      if (!job) throw notFound(API_TEXT.jobNotFound);
      return presentJob(job);
    },
  );

  app.post(
    '/generate/cancel/:id',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary:
          'Cancel a queued or running job of the caller (a canceled training fails its model)',
        ...API_ROUTES['POST /generate/cancel/{id}'],
      },
    },
    async (request) => {
      const { id } = request.params;
      const job = await app.jobs.findOwned(request.user.id, id);
      if (!job) throw notFound(API_TEXT.jobNotFound);
      const canceled = await app.jobs.cancel(request.user.id, id);
      if (!canceled) throw conflict(JOB_ALREADY_FINISHED);
      app.jobWorker?.canceled(id);
      return presentJob(canceled);
    },
  );
};

export const generateRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  // For the edit form; in this context, as it has always been, for every generate route.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });

  // The per-minute limit of these counts the generations started (GenerationService), not the
  // requests: one that failed or was canceled gives its turn back.
  app.post(
    '/generate',
    {
      schema: {
        summary: 'Queue a text-to-image generation with the default (legacy) model',
        description: `With \`model_ids\`, 1-2 ready models trained by the same engine (else 400, "${API_TEXT.modelsOfDifferentEngines}").`,
        ...API_ROUTES['POST /generate'],
      },
    },
    async (request, reply) => {
      const job = await queueTextToImage(app, request, request.body);
      return reply.code(jobStatusCode(job)).send({ ...presentJob(job), replicateJobId: job.id });
    },
  );

  app.post(
    '/generate/text-to-image',
    {
      schema: {
        summary: 'Queue a text-to-image generation with 1-2 ready models',
        description: `\`count\` images per prompt (1-4); \`prompts\` runs a pack's prompts as one job, at most 8 images in all. The per-minute write limit counts images. Waits a bounded time for the result (200); otherwise answers with the running job (202): poll GET /generate/status/{id} until it has succeeded or failed. Two models must have been trained by the same engine (else 400, "${API_TEXT.modelsOfDifferentEngines}").`,
        ...API_ROUTES['POST /generate/text-to-image'],
      },
    },
    async (request, reply) => {
      const job = await queueTextToImage(app, request, request.body);
      return reply.code(jobStatusCode(job)).send(presentJob(job));
    },
  );

  await app.register(editImageRoutes, { writeLimit });
  await app.register(jobRoutes, { writeLimit });
};
