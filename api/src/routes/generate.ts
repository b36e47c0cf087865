import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import { API_TEXT, FILE_TEXT, GENERATE_TEXT, MAX_UPLOAD_BYTES } from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { API_ROUTES } from '@app/shared/contract/api-routes';
import { editImageFields, type textToImageBody } from '@app/shared/contract/generate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import type { z } from 'zod';
import {
  badRequest,
  conflict,
  notFound,
  payloadTooLarge,
  unsupportedMediaType,
} from '../http-errors';
import { idempotencyKey } from '../jobs/idempotency';
import { jobStatusCode, waitForJob } from '../jobs/wait-for-job';
import { sniffImageType } from '../media/image-type';
import { MAX_INPUT_PIXELS, processImageFile, readHead } from '../media/pipeline';
import type { TempFile, TempFiles } from '../media/temp-files';
import { presentJob } from '../presenters';
import { checkGeneration, enqueueGeneration } from '../services/generation';

/** Not worded by the spec; defined here in the api. */
const JOB_ALREADY_FINISHED = 'This job has already finished.';
interface EditForm {
  fields: Record<string, string>;
  image?: TempFile;
  mask?: TempFile;
  /** Removes the received files; the route calls it whatever happens. */
  dispose(): Promise<void>;
}

const PART_LIMITS = { maxBytes: MAX_UPLOAD_BYTES, tooLargeMessage: FILE_TEXT.tooLarge };

/** Streams the two files to temp files (each capped at 10 MB) and collects the text fields. */
async function readEditForm(request: FastifyRequest, tempFiles: TempFiles): Promise<EditForm> {
  const received: TempFile[] = [];
  const form: EditForm = {
    fields: {},
    dispose: async () => {
      await Promise.all(received.map((file) => file.dispose()));
    },
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' && part.fieldname !== 'mask') {
          part.file.resume();
          continue;
        }
        const file = await tempFiles.receive(part.file, PART_LIMITS);
        received.push(file);
        // The parser stops a file at its own 10 MB limit without an error of ours.
        if (part.file.truncated) throw payloadTooLarge(FILE_TEXT.tooLarge);
        form[part.fieldname] = file;
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await form.dispose();
    // Our limits and the multipart parser's carry their status (413); a broken body (no
    // boundary, cut short) is a plain Error from busboy and still the client's mistake.
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw badRequest(FILE_TEXT.invalidFile);
  }
  return form;
}

/** The painted mask: a PNG (spec §5) of sane dimensions; its pixels are the engine's concern. */
async function checkMask(mask: TempFile): Promise<void> {
  if (sniffImageType(await readHead(mask.path, 12)) !== 'png') {
    throw unsupportedMediaType(API_TEXT.maskNotPng);
  }
  try {
    const { width, height } = await sharp(mask.path, {
      limitInputPixels: MAX_INPUT_PIXELS,
    }).metadata();
    if (width * height > MAX_INPUT_PIXELS) throw new Error('too many pixels');
  } catch {
    throw badRequest(API_TEXT.maskNotPng);
  }
}

export const generateRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  async function queueTextToImage(request: FastifyRequest, body: z.output<typeof textToImageBody>) {
    const ids = await checkGeneration(app, request.user, body.prompt, body.model_ids);
    const job = await enqueueGeneration(
      app,
      request.user,
      'generate',
      { prompt: body.prompt.trim(), aspectRatio: body.aspect_ratio, modelIds: ids },
      idempotencyKey(request),
    );
    return waitForJob(app, job);
  }

  /** Checks the edit form and stores its image and mask as the job's inputs. */
  async function queueEdit(request: FastifyRequest, form: EditForm) {
    const fields = editImageFields.safeParse(form.fields);
    if (!fields.success) {
      throw badRequest(fields.error.issues[0]?.message ?? GENERATE_TEXT.selectModel);
    }
    const { user } = request;
    const ids = await checkGeneration(app, user, fields.data.prompt, fields.data.model_ids);
    if (!form.image) throw badRequest(GENERATE_TEXT.uploadImage);
    if (!form.mask) throw badRequest(GENERATE_TEXT.paintMask);
    const image = await processImageFile(form.image.path, form.image.size, {
      maxBytes: MAX_UPLOAD_BYTES,
      tooLargeMessage: FILE_TEXT.tooLarge,
      allowedTypes: ['jpeg', 'png', 'webp'],
      typeMessage: FILE_TEXT.singleImageTypeNotAllowed,
    });
    await checkMask(form.mask);

    const inputs = `users/${user.id}/inputs/${randomUUID()}/`;
    const { original } = image;
    await Promise.all([
      app.storage.put(
        `${inputs}image`,
        { stream: createReadStream(original.data.path), size: original.data.size },
        original.contentType,
      ),
      app.storage.put(
        `${inputs}mask`,
        { stream: createReadStream(form.mask.path), size: form.mask.size },
        'image/png',
      ),
    ]);
    return enqueueGeneration(
      app,
      user,
      'edit',
      {
        prompt: fields.data.prompt.trim(),
        aspectRatio: fields.data.aspect_ratio,
        modelIds: ids,
        imageKey: `${inputs}image`,
        maskKey: `${inputs}mask`,
      },
      idempotencyKey(request),
    );
  }

  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });

  app.post(
    '/generate',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Queue a text-to-image generation with the default (legacy) model',
        description: `With \`model_ids\`, 1-2 ready models trained by the same engine (else 400, "${API_TEXT.modelsOfDifferentEngines}").`,
        ...API_ROUTES['POST /generate'],
      },
    },
    async (request, reply) => {
      const job = await queueTextToImage(request, request.body);
      return reply.code(jobStatusCode(job)).send({ ...presentJob(job), replicateJobId: job.id });
    },
  );

  app.post(
    '/generate/text-to-image',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Queue a text-to-image generation with 1-2 ready models',
        description: `Waits a bounded time for the result (200); otherwise answers with the running job (202): poll GET /generate/status/{id} until it has succeeded or failed. Two models must have been trained by the same engine (else 400, "${API_TEXT.modelsOfDifferentEngines}").`,
        ...API_ROUTES['POST /generate/text-to-image'],
      },
    },
    async (request, reply) => {
      const job = await queueTextToImage(request, request.body);
      return reply.code(jobStatusCode(job)).send(presentJob(job));
    },
  );

  app.post(
    '/generate/edit-image',
    {
      config: { rateLimit: writeLimit, tooLargeMessage: FILE_TEXT.tooLarge },
      schema: {
        summary: 'Queue an edit of the painted (mask) region of an uploaded image',
        description:
          'multipart/form-data: `prompt`, `aspect_ratio`, `image` (PNG/JPEG/WebP file, at most 10 MB), `mask` (PNG; white = regenerate), optional `model_ids` (JSON list, 1-2 ready models trained by the same engine, else 400 "' +
          API_TEXT.modelsOfDifferentEngines +
          '"; default model when absent).',
        consumes: ['multipart/form-data'],
        ...API_ROUTES['POST /generate/edit-image'],
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw unsupportedMediaType(GENERATE_TEXT.uploadImage);
      const form = await readEditForm(request, app.tempFiles);
      let queued;
      try {
        queued = await queueEdit(request, form);
      } finally {
        await form.dispose();
      }
      const job = await waitForJob(app, queued);
      return reply.code(jobStatusCode(job)).send(presentJob(job));
    },
  );

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
