import { z } from 'zod';

export const mediaTypeSchema = z.enum(['training', 'generated']);
export const mediaStatusSchema = z.enum(['pending', 'receiving', 'ready', 'failed']);

export const mediaItemSchema = z
  .object({
    imageId: z.string(),
    type: mediaTypeSchema,
    status: mediaStatusSchema,
    filename: z.string(),
    contentType: z.string(),
    caption: z.string(),
    prompt: z.string().nullable(),
    aspectRatio: z.string().nullable(),
    mode: z.string().nullable(),
    seed: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Generated images: reproduces the image' }),
    modelIds: z
      .array(z.string())
      .nullable()
      .meta({ description: 'Generated images: the models used' }),
    engine: z
      .string()
      .nullable()
      .meta({ description: 'Generated images: the engine that made it' }),
    identityScore: z
      .number()
      .nullable()
      .meta({ description: 'Face similarity (0..1) to the model’s photos; null when no face' }),
    failureReason: z
      .string()
      .nullable()
      .meta({ description: 'Status failed: why the uploaded file was refused' }),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    createdAt: z.string(),
    displayUrl: z
      .string()
      .optional()
      .meta({ description: 'Signed, expiring; full-size web image' }),
    thumbnailUrl: z.string().optional(),
    downloadUrl: z.string().optional().meta({ description: 'Signed original, as an attachment' }),
  })
  .meta({ id: 'MediaItem' });

export const trainingPhotoSchema = z
  .object({
    imageId: z.string(),
    filename: z.string(),
    createdAt: z.string(),
    modelIds: z.array(z.string()),
    displayUrl: z.string().optional(),
    thumbnailUrl: z.string().optional(),
  })
  .meta({ id: 'TrainingPhoto' });
