import { API_ROUTES } from '@app/shared/contract/api-routes';
import { API_TEXT, HD_TEXT } from '@app/shared/spec';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../http-errors';
import { jobStatusCode, waitForJob } from '../jobs/wait-for-job';
import { presentHd, presentJob, requestOrigin } from '../presenters';

/**
 * A generated image's 2× version, made once as a job and stored beside it. Its per-minute limit
 * counts the jobs (GenerationService), not the requests: asking again for one never counts.
 */
export const hdVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/media/:id/hd',
    {
      schema: {
        summary: 'Make (once) the 2× version of a generated image',
        description:
          "Answers with the job making it and the version as it stands: 200 once it is stored (hd.downloadUrl), else 202 while it runs (poll GET /generate/status/{id}, then ask again). Asking again never makes a second one; after a failed job it is tried again. hd.quality says what it is: 'hd' from an upscaler model, 'enlarged' from a resample. A new one counts like an image in the per-minute write limit.",
        ...API_ROUTES['POST /media/{id}/hd'],
      },
    },
    async (request, reply) => {
      const row = await app.media.findOwned(request.user.id, request.params.id);
      if (!row) throw notFound(API_TEXT.imageNotFound);
      if (row.type !== 'generated') throw badRequest(HD_TEXT.onlyGenerated);
      if (row.status !== 'ready') throw badRequest(HD_TEXT.notReady);
      const started = await app.generation.requestHd(request.user, row, app.media);
      const job = await waitForJob(started, { jobs: app.jobs, worker: app.jobWorker });
      const now = (await app.media.findOwned(request.user.id, row.id)) ?? row;
      const hd = await presentHd(app.storage, requestOrigin(request), now, true);
      return reply.code(jobStatusCode(job)).send({ job: presentJob(job), hd: hd! });
    },
  );
};
