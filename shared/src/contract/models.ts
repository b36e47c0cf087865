import { z } from 'zod';
import { safeText } from './safe-text';
import { MAX_TRAINING_PHOTOS, MODEL_STATUSES } from '../spec/constants';
import { idempotencyHeaders, uuidParam, withErrors, type RouteContract } from './common';
import { jobSchema } from './jobs';
import { likenessSchema } from './likeness';

/** Why a photo was left out of a training (guides the user to better photos). */
export const PHOTO_PROBLEMS = [
  'no-face',
  'several-faces',
  'face-too-small',
  'face-cut-off',
  'too-blurry',
] as const;
export type PhotoProblem = (typeof PHOTO_PROBLEMS)[number];

/** The engines a model can be trained on (api/src/engines/README.md). */
export const TRAINING_ENGINES = ['builtin-cpu', 'replicate', 'cog'] as const;
export type TrainingEngine = (typeof TRAINING_ENGINES)[number];

export const photoIssueSchema = z.object({
  photoId: z.string(),
  filename: z.string(),
  problem: z.enum(PHOTO_PROBLEMS),
});
export type PhotoIssue = z.infer<typeof photoIssueSchema>;

/**
 * What the models of an engine can do, so the front end can say it before the user types: the
 * built-in engine draws a portrait of the person whatever the prompt, steered only by a few
 * words; an engine with a text-conditioned model draws what the prompt describes.
 */
export const engineCapabilitiesSchema = z
  .object({
    textConditioned: z
      .boolean()
      .meta({ description: 'The image shows what the prompt describes: scenes, clothes, styles' }),
    editFollowsPrompt: z
      .boolean()
      .meta({ description: 'An edit repaints the mask as the prompt says (else fills it)' }),
    framing: z
      .enum(['head-and-shoulders', 'any'])
      .meta({ description: 'head-and-shoulders: every image is a portrait of the person' }),
    promptWords: z
      .array(z.string())
      .meta({ description: 'The only words a non-text-conditioned engine reads; empty: all' }),
    needsTrainingPhotos: z.boolean().meta({
      description:
        'Generating reads the training photos: they cannot be deleted while the model is kept',
    }),
    enlargement: z.enum(['hd', 'enlarged']).meta({
      description:
        "What the 2× download of its images is: 'hd', an upscaler model adds detail; 'enlarged', a resample",
    }),
    previews: z.boolean().meta({
      description:
        'A training on it queues preview pictures from a zero-shot identity model, shown while it trains',
    }),
  })
  .meta({ id: 'EngineCapabilities' });
export type EngineCapabilities = z.infer<typeof engineCapabilitiesSchema>;

/** A preview picture of a model in training (its gallery item has `preview: true`). */
export const modelPreviewSchema = z
  .object({
    imageId: z.string(),
    thumbnailUrl: z.string().optional().meta({ description: 'Signed, expiring' }),
    displayUrl: z
      .string()
      .optional()
      .meta({ description: 'Signed, expiring: the picture large, for the viewer' }),
    likeness: likenessSchema,
  })
  .meta({ id: 'ModelPreview' });
export type ModelPreview = z.infer<typeof modelPreviewSchema>;

/** A trained (or training) model as GET /user lists it (spec §3). */
export const modelSchema = z
  .object({
    modelId: z.string(),
    name: z.string(),
    status: z.enum(MODEL_STATUSES),
    triggerWord: z.string(),
    trainingPhotos: z.array(z.string()).meta({ description: 'Image ids, in training order' }),
    avatar: z.string().nullable(),
    failureReason: z.string().nullable(),
    photoIssues: z
      .array(photoIssueSchema)
      .meta({ description: 'Photos the training could not use, and why' }),
    progress: z.number().nullable().meta({ description: '0..1 while training, when known' }),
    etaSeconds: z
      .number()
      .nullable()
      .meta({ description: 'Estimated seconds left while training, when known' }),
    createdAt: z.string(),
    engine: z.string().nullable().meta({
      description: 'The engine that trained it (builtin-cpu or replicate); null until trained',
    }),
    capabilities: engineCapabilitiesSchema
      .nullable()
      .meta({ description: 'What that engine can do (api/src/engines/README.md)' }),
    previews: z
      .array(modelPreviewSchema)
      .meta({ description: 'While training: the preview pictures made so far, oldest first' }),
  })
  .meta({ id: 'Model' });
export type ModelSummary = z.infer<typeof modelSchema>;

export const startTrainingBody = z
  .object({
    modelName: safeText(z.string().max(200)).optional(),
    triggerWord: safeText(z.string().max(200)).optional(),
    photoIds: z.array(uuidParam).max(100).optional(),
  })
  // No body at all reaches the schema as null.
  .nullish();
export type StartTrainingRequest = NonNullable<z.input<typeof startTrainingBody>>;

export const startTrainingResponse = z.object({
  modelId: z.string(),
  jobId: z.string(),
  status: z.literal('training'),
  job: jobSchema,
  model: modelSchema,
});
export type StartedTraining = z.infer<typeof startTrainingResponse>;

export const deletedModelSchema = z.object({ modelId: z.string(), deleted: z.literal(true) });

export const reorderModelsBody = z.object({ modelIds: z.array(uuidParam).max(1000) });
export type ReorderModelsRequest = z.input<typeof reorderModelsBody>;
export const modelListSchema = z.object({ models: z.array(modelSchema) });
export type ModelList = z.infer<typeof modelListSchema>;

export const modelParams = z.object({ modelId: uuidParam });

/** Uploaded training photos (ready, the caller's) to add to a model; ones it has are kept once. */
export const addModelPhotosBody = z.object({
  photoIds: z.array(uuidParam).min(1).max(MAX_TRAINING_PHOTOS),
});
export type AddModelPhotosRequest = z.input<typeof addModelPhotosBody>;

/** The model's photos in their new order: each of them exactly once. */
export const orderModelPhotosBody = z.object({
  photoIds: z.array(uuidParam).max(MAX_TRAINING_PHOTOS),
});
export type OrderModelPhotosRequest = z.input<typeof orderModelPhotosBody>;

export const modelRoutes = {
  'POST /media/start-training': {
    headers: idempotencyHeaders,
    body: startTrainingBody,
    response: withErrors({ 202: startTrainingResponse }, 400, 403, 404, 409, 422),
  },
  'POST /user/models/{modelId}/retry': {
    headers: idempotencyHeaders,
    params: modelParams,
    response: withErrors({ 202: startTrainingResponse }, 400, 403, 404, 409, 422),
  },
  'DELETE /user/models/delete': {
    querystring: z.object({ modelId: uuidParam }),
    response: withErrors({ 200: deletedModelSchema }, 400, 404, 409),
  },
  'PUT /user/models/reorder': {
    body: reorderModelsBody,
    response: withErrors({ 200: modelListSchema }, 400, 404),
  },
  'POST /user/models/{modelId}/photos': {
    params: modelParams,
    body: addModelPhotosBody,
    response: withErrors({ 200: modelSchema }, 400, 404, 409),
  },
  'PUT /user/models/{modelId}/photos/order': {
    params: modelParams,
    body: orderModelPhotosBody,
    response: withErrors({ 200: modelSchema }, 400, 404, 409),
  },
  'DELETE /user/models/{modelId}/photos': {
    params: modelParams,
    response: withErrors({ 200: modelSchema }, 400, 404, 409, 503),
  },
  'DELETE /user/model': {
    response: withErrors({ 200: deletedModelSchema }, 404, 409),
  },
} as const satisfies Record<string, RouteContract>;
