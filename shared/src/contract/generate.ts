import { z } from 'zod';
import {
  ASPECT_RATIOS,
  DEFAULT_ASPECT_RATIO,
  MAX_IMAGES_PER_PROMPT,
  MAX_IMAGES_PER_RUN,
  type AspectRatio,
} from '../spec/constants';
import { GENERATE_TEXT } from '../spec/messages';
import { idempotencyHeaders, idParams, uuidParam, withErrors, type RouteContract } from './common';
import { jobSchema } from './jobs';
import { safeText } from './safe-text';

export const PROMPT_MAX_LENGTH = 2000;

const aspectRatio = z
  .enum(ASPECT_RATIOS.map((ratio) => ratio.value) as [string, ...string[]])
  .default(DEFAULT_ASPECT_RATIO)
  .transform((value) => value as AspectRatio);
const prompt = safeText(z.string({ error: GENERATE_TEXT.enterPrompt }).max(PROMPT_MAX_LENGTH), {
  allowLineBreaks: true,
});
export const modelIdsSchema = z.array(uuidParam, { error: GENERATE_TEXT.selectModel }).max(10);

const count = z
  .number()
  .int()
  .min(1)
  .max(MAX_IMAGES_PER_PROMPT)
  .default(1)
  .meta({ description: `Images per prompt, 1-${MAX_IMAGES_PER_PROMPT}` });

/**
 * Without model_ids the default (legacy) model is used. `prompts` (a pack's, maybe edited) runs
 * them all as one job instead of `prompt`; every prompt gets `count` images, at most
 * MAX_IMAGES_PER_RUN in all.
 */
export const textToImageBody = z.object({
  prompt: prompt.optional(),
  prompts: z
    .array(prompt)
    .min(1, { error: GENERATE_TEXT.enterPrompt })
    .max(MAX_IMAGES_PER_RUN, { error: GENERATE_TEXT.tooManyImages })
    .optional()
    .meta({ description: 'A pack run: its prompts, one batch' }),
  count,
  aspect_ratio: aspectRatio,
  model_ids: modelIdsSchema.optional(),
});
export type TextToImageRequest = z.input<typeof textToImageBody>;

/**
 * The text fields of the multipart edit form (its files are `image` and `mask`); model_ids
 * arrives as a JSON list (modelIdsSchema) in a text field, which the api reads.
 */
export const editImageFields = z.object({
  prompt: safeText(z.string().max(PROMPT_MAX_LENGTH), { allowLineBreaks: true }).default(''),
  aspect_ratio: aspectRatio,
  model_ids: z.string().optional(),
});

const editPoint = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });

/**
 * The faces of a photo to edit (`EditFace`, spec/edit-mask.ts), for the generate page's mask rule
 * before submit. Empty for an engine whose edits follow the prompt: its masks have no face rule.
 */
export const editFacesResponse = z.object({
  faces: z.array(
    z.object({
      outline: z.array(editPoint).meta({
        description: "The jaw line from ear to ear, 0-1 of the upright photo's width and height",
      }),
      headOutline: z.array(editPoint).meta({
        description:
          "The outline of the head above the ears (its top and sides), left to right, in the same units; empty where the photo's top edge cuts the head off",
      }),
      isModelPerson: z.boolean().meta({ description: "Whether it is the first model's person" }),
    }),
  ),
});
export type EditFacesAnswer = z.infer<typeof editFacesResponse>;

export const generateResponse = jobSchema.extend({
  replicateJobId: z.string().meta({ description: 'Same as id; the name the older client reads' }),
});
export type LegacyGenerateAnswer = z.infer<typeof generateResponse>;

export const generateRoutes = {
  'POST /generate': {
    headers: idempotencyHeaders,
    body: textToImageBody,
    response: withErrors({ 200: generateResponse, 202: generateResponse }, 400, 404, 409, 413, 422),
  },
  'POST /generate/text-to-image': {
    headers: idempotencyHeaders,
    body: textToImageBody,
    response: withErrors({ 200: jobSchema, 202: jobSchema }, 400, 404, 409, 413, 422),
  },
  /** multipart/form-data: the api reads the parts itself and checks them with editImageFields. */
  'POST /generate/edit-image': {
    headers: idempotencyHeaders,
    response: withErrors({ 200: jobSchema, 202: jobSchema }, 400, 404, 409, 413, 415, 422, 503),
  },
  /** multipart/form-data: `image` and optional `model_ids`, as the edit form sends them. */
  'POST /generate/edit-image/faces': {
    response: withErrors({ 200: editFacesResponse }, 400, 404, 409, 413, 415, 422, 503),
  },
  'GET /generate/status/{id}': { params: idParams, response: withErrors({ 200: jobSchema }, 404) },
  'POST /generate/cancel/{id}': {
    params: idParams,
    response: withErrors({ 200: jobSchema }, 404, 409),
  },
} as const satisfies Record<string, RouteContract>;
