import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  API_TEXT,
  editMaskProblem,
  type EditPoint,
  FILE_TEXT,
  GENERATE_TEXT,
  invalidField,
  MAX_UPLOAD_BYTES,
} from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { API_ROUTES } from '@app/shared/contract/api-routes';
import { editImageFields, modelIdsSchema } from '@app/shared/contract/generate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../http-errors';
import { idempotencyKey, keyedRequest, type KeyedRequest } from '../jobs/idempotency';
import { jobStatusCode, waitForJob } from '../jobs/wait-for-job';
import { sniffImageType } from '../media/image-type';
import { loadSharp } from '../media/load-sharp';
import {
  MAX_INPUT_PIXELS,
  processImageFile,
  readHead,
  type ImageFile,
  type ProcessedImage,
} from '../media/pipeline';
import type { TempFile, TempFiles } from '../media/temp-files';
import { unlessStalled } from '../plugins/body-idle-timeout';
import { presentJob } from '../presenters';
import type { GenerationService } from '../services/generation';
import type { UserRow } from '../services/users';
import { messageOf } from '../validation-message';

/**
 * The edit form's text fields. model_ids arrives as a JSON list in a text field: the contract
 * describes the text, and its mistakes are worded here as if the list had been sent as is.
 */
const editFields = editImageFields.extend({
  model_ids: editImageFields.shape.model_ids.transform((value, context) => {
    if (value === undefined || value === '') return undefined;
    let list: unknown;
    try {
      list = JSON.parse(value);
    } catch {
      const problem = { kind: 'type', expected: 'a JSON list of model ids' } as const;
      context.addIssue({ code: 'custom', message: invalidField('model_ids', problem) });
      return z.NEVER;
    }
    const ids = modelIdsSchema.safeParse(list);
    if (ids.success) return ids.data;
    const [issue] = ids.error.issues;
    const message = issue
      ? messageOf({ ...issue, path: ['model_ids', ...issue.path] }, { model_ids: list }, 'body')
      : GENERATE_TEXT.selectModel;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  }),
});

interface EditForm {
  fields: Record<string, string>;
  image?: TempFile;
  mask?: TempFile;
  /** Removes the received files; the route calls it whatever happens. */
  dispose(): Promise<void>;
}

/** The side of the grid the mask is read at for the face rule: finer than a face's outline. */
const MASK_SAMPLE_SIDE = 512;

/** The image is the spec's single-image upload; the mask's words name the mask. */
const PART_LIMITS = {
  image: { maxBytes: MAX_UPLOAD_BYTES, tooLargeMessage: FILE_TEXT.tooLarge },
  mask: { maxBytes: MAX_UPLOAD_BYTES, tooLargeMessage: API_TEXT.maskTooLarge },
};

/** Busboy's words for a body that ends before the form's closing boundary. */
function isCutOff(error: unknown): boolean {
  return error instanceof Error && /unexpected end of multipart data/i.test(error.message);
}

/** Streams the two files to temp files (each capped at 10 MB) and collects the text fields. */
async function readEditForm(request: FastifyRequest, tempFiles: TempFiles): Promise<EditForm> {
  const received: TempFile[] = [];
  const form: EditForm = {
    fields: {},
    dispose: async () => {
      await Promise.all(received.map((file) => file.dispose()));
    },
  };
  // The parser reads request.raw itself: a stalled body reaches it only through this signal.
  const stalled = request.bodyStalled;
  const parts = request.parts();
  try {
    for (;;) {
      const next = await unlessStalled(parts.next(), stalled);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        if (part.fieldname !== 'image' && part.fieldname !== 'mask') {
          part.file.resume();
          continue;
        }
        const limits = PART_LIMITS[part.fieldname];
        const file = await tempFiles.receive(part.file, { ...limits, signal: stalled });
        received.push(file);
        // The parser stops a file at its own 10 MB limit without an error of ours.
        if (part.file.truncated) throw payloadTooLarge(limits.tooLargeMessage);
        form[part.fieldname] = file;
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await form.dispose();
    // Our limits and the multipart parser's carry their status (413); a broken body is a plain
    // Error from busboy and still the client's mistake.
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw badRequest(isCutOff(error) ? API_TEXT.uploadIncomplete : FILE_TEXT.invalidFile);
  }
  return form;
}

/** The painted mask: a PNG (spec §5) of sane dimensions; its pixels are the engine's concern. */
async function checkMask(mask: TempFile): Promise<void> {
  if (mask.size === 0) throw badRequest(API_TEXT.maskEmpty);
  if (sniffImageType(await readHead(mask.path, 12)) !== 'png') {
    throw unsupportedMediaType(API_TEXT.maskNotPng);
  }
  let pixels: number;
  try {
    const sharp = await loadSharp();
    const { width, height } = await sharp(mask.path, {
      limitInputPixels: MAX_INPUT_PIXELS,
    }).metadata();
    pixels = width * height;
  } catch (error) {
    const tooMany = error instanceof Error && /pixel limit/i.test(error.message);
    throw badRequest(tooMany ? API_TEXT.maskTooManyPixels : API_TEXT.maskNotPng);
  }
  if (pixels > MAX_INPUT_PIXELS) throw badRequest(API_TEXT.maskTooManyPixels);
}

/** The share of the mask's pixels painted white (regenerate), 0-1. */
async function paintedFraction(mask: TempFile): Promise<number> {
  const sharp = await loadSharp();
  const { channels } = await sharp(mask.path, { limitInputPixels: MAX_INPUT_PIXELS })
    .flatten({ background: '#000000' })
    .greyscale()
    .threshold(128)
    .stats();
  return (channels[0]?.mean ?? 0) / 255;
}

/** Whether the mask is painted at a point (0-1 of its width and height). */
async function paintedAt(mask: TempFile): Promise<(point: EditPoint) => boolean> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(mask.path, { limitInputPixels: MAX_INPUT_PIXELS })
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(MASK_SAMPLE_SIDE, MASK_SAMPLE_SIDE, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return ({ x, y }) => {
    const column = Math.min(info.width - 1, Math.floor(x * info.width));
    const row = Math.min(info.height - 1, Math.floor(y * info.height));
    return data[row * info.width + column]! >= 128;
  };
}

/**
 * The edit-mask rule (spec/edit-mask.ts) for checked models whose engine fills from the photo:
 * the area first, and only a mask of a size it can fill has its faces looked at (the face
 * thread's work).
 */
async function maskProblem(
  generation: GenerationService,
  user: UserRow,
  modelIds: string[],
  { image, mask }: { image: ProcessedImage<ImageFile>; mask: TempFile },
): Promise<string | null> {
  const areaFraction = await paintedFraction(mask);
  const tooLarge = editMaskProblem({ areaFraction });
  if (tooLarge) return tooLarge;
  const [painted, faces] = await Promise.all([
    paintedAt(mask),
    generation.editFaces(user, modelIds[0]!, image.web.data),
  ]);
  return editMaskProblem({ areaFraction, painted, faces });
}

/** The form's text fields, checked against the contract. */
function editFieldsOf(form: EditForm) {
  const fields = editFields.safeParse(form.fields);
  if (fields.success) return fields.data;
  const [issue] = fields.error.issues;
  throw badRequest(issue ? messageOf(issue, form.fields, 'body') : FILE_TEXT.invalidFile);
}

/** The form's image through the pipeline (the spec's single-image upload). */
function editImageOf(form: EditForm) {
  if (!form.image) throw badRequest(GENERATE_TEXT.uploadImage);
  return processImageFile(form.image.path, form.image.size, {
    maxBytes: MAX_UPLOAD_BYTES,
    tooLargeMessage: FILE_TEXT.tooLarge,
    allowedTypes: ['jpeg', 'png', 'webp'],
    typeMessage: FILE_TEXT.singleImageTypeNotAllowed,
  });
}

/** The form's image through the pipeline and its mask checked. */
async function editFilesOf(form: EditForm) {
  if (!form.image) throw badRequest(GENERATE_TEXT.uploadImage);
  if (!form.mask) throw badRequest(GENERATE_TEXT.paintMask);
  const image = await editImageOf(form);
  await checkMask(form.mask);
  return { image, mask: form.mask };
}

async function fileHash(file: TempFile | undefined): Promise<string | null> {
  if (!file) return null;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file.path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A keyed edit is the same request when its fields and both files are the same. */
async function keyedEdit(
  request: FastifyRequest,
  form: EditForm,
): Promise<KeyedRequest | undefined> {
  if (idempotencyKey(request) === undefined) return undefined;
  const files = await Promise.all([fileHash(form.image), fileHash(form.mask)]);
  return keyedRequest(request, { fields: form.fields, files });
}

/** Edits arrive as multipart forms (the parser is registered by generateRoutes). */
export const editImageRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  app.post(
    '/generate/edit-image/faces',
    {
      // Each look is face-thread work: as many a minute as edits may be started.
      config: { rateLimit: writeLimit, tooLargeMessage: FILE_TEXT.tooLarge },
      schema: {
        summary: 'The faces of a photo to edit, for the edit-mask rule before submit',
        description:
          "multipart/form-data: `image` and optional `model_ids`, as POST /generate/edit-image takes them (a smaller copy of the photo is enough). For an engine that fills the mask from the photo (the built-in engine), each face's jaw line, its head's outline above the ears and whether it is the first model's person; the generate page applies the rule that POST /generate/edit-image applies (`editMaskProblem`). No faces for other engines.",
        consumes: ['multipart/form-data'],
        ...API_ROUTES['POST /generate/edit-image/faces'],
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw unsupportedMediaType(GENERATE_TEXT.uploadImage);
      const form = await readEditForm(request, app.tempFiles);
      try {
        const { model_ids } = editFieldsOf(form);
        const modelIds = await app.generation.checkModels(request.user, model_ids);
        const image = await editImageOf(form);
        // An engine whose edits follow the prompt has no face rule.
        if (!(await app.generation.editFillsFromPhoto(request.user, modelIds)))
          return { faces: [] };
        return {
          faces: await app.generation.editFaces(request.user, modelIds[0]!, image.web.data),
        };
      } finally {
        await form.dispose();
      }
    },
  );

  app.post(
    '/generate/edit-image',
    {
      // The per-minute limit counts the edits started (GenerationService), not the requests.
      config: { tooLargeMessage: FILE_TEXT.tooLarge },
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
        // The spec's order: the fields (prompt, models), then the files.
        const fields = editFieldsOf(form);
        const modelIds = await app.generation.check(request.user, fields.prompt, fields.model_ids);
        const files = await editFilesOf(form);
        if (await app.generation.editFillsFromPhoto(request.user, modelIds)) {
          const problem = await maskProblem(app.generation, request.user, modelIds, files);
          if (problem) throw badRequest(problem);
        }
        queued = await app.generation.enqueueEdit(
          request.user,
          { prompt: fields.prompt.trim(), aspectRatio: fields.aspect_ratio, modelIds },
          files,
          await keyedEdit(request, form),
        );
      } finally {
        await form.dispose();
      }
      // The upload, its checks and the faces count against the wait.
      const job = await waitForJob(
        queued,
        { jobs: app.jobs, worker: app.jobWorker },
        reply.elapsedTime,
      );
      return reply.code(jobStatusCode(job)).send(presentJob(job));
    },
  );
};
