import { z } from 'zod';
import { safeText } from './safe-text';
import { GALLERY_PAGE_SIZE, MAX_TRAINING_PHOTOS, THUMBNAIL_PIXELS } from '../spec/constants';
import { FILE_TEXT } from '../spec/messages';
import { idempotencyHeaders, idParams, withErrors, type RouteContract } from './common';
import { jobSchema } from './jobs';
import { likenessSchema } from './likeness';
import { PHOTO_PROBLEMS } from './models';

/**
 * The face check of a training photo, made after it is uploaded (the review a training makes):
 * 'pending' until it has run, 'ok' when a training can learn from it, else why it cannot.
 */
export const PHOTO_CHECKS = ['pending', 'ok', ...PHOTO_PROBLEMS] as const;
export type PhotoCheck = (typeof PHOTO_CHECKS)[number];
const photoCheckSchema = z.enum(PHOTO_CHECKS).nullable().meta({
  description:
    "Training photos: 'pending' until the face check ran, 'ok', or why a training cannot use it; null when not checked (generated images, or the check could not run)",
});

/** 'hd': an upscaler model made it; 'enlarged': a resample (the engine has no upscaler). */
export const ENLARGEMENTS = ['hd', 'enlarged'] as const;
export type Enlargement = (typeof ENLARGEMENTS)[number];

/** A generated image's 2× version (POST /media/{id}/hd makes it once). */
export const hdVersionSchema = z
  .object({
    quality: z.enum(ENLARGEMENTS),
    ready: z.boolean().meta({ description: 'Stored: downloadUrl has it' }),
    jobId: z
      .string()
      .nullable()
      .meta({ description: 'The job making (or that made) it; null: never asked for' }),
    downloadUrl: z
      .string()
      .optional()
      .meta({ description: 'Signed, as an attachment named like the original with -hd' }),
  })
  .meta({ id: 'HdVersion' });
export type HdVersion = z.infer<typeof hdVersionSchema>;

export const MEDIA_TYPES = ['training', 'generated'] as const;
export const MEDIA_STATUSES = ['pending', 'receiving', 'ready', 'failed'] as const;
export const mediaTypeSchema = z.enum(MEDIA_TYPES);
export const mediaStatusSchema = z.enum(MEDIA_STATUSES);
export type MediaType = (typeof MEDIA_TYPES)[number];
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** A signed thumbnail URL (a new schema per use, so the OpenAPI document inlines each as before). */
const thumbnailUrl = (longestSide: number, use?: string) =>
  z
    .string()
    .optional()
    .meta({
      description: `Signed, expiring; at most ${longestSide} pixels on its longest side${use ? `, ${use}` : ''}`,
    });

/** Said of the sizes made since migrations 0010 and 0011. */
const ADDED_SIZE = 'absent for an image stored before this size existed, until the api has made it';

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
    likeness: likenessSchema,
    preview: z.boolean().meta({
      description:
        'A preview made from one training photo by a zero-shot model while the model trained, not by the model itself',
    }),
    failureReason: z
      .string()
      .nullable()
      .meta({ description: 'Status failed: why the uploaded file was refused' }),
    photoCheck: photoCheckSchema,
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    createdAt: z.string(),
    displayUrl: z
      .string()
      .optional()
      .meta({ description: 'Signed, expiring; full-size web image' }),
    thumbnailUrl: thumbnailUrl(THUMBNAIL_PIXELS.thumbnail),
    mediumThumbnailUrl: thumbnailUrl(THUMBNAIL_PIXELS.medium, `for mid-sized tiles; ${ADDED_SIZE}`),
    downloadUrl: z.string().optional().meta({ description: 'Signed original, as an attachment' }),
    checkUrl: z.string().optional().meta({
      description:
        'Signed like the others; answers HEAD for the thumbnail, so a client can ask whether its cached URLs still work without loading an image (S3 refuses HEAD on a presigned GET)',
    }),
    hd: hdVersionSchema
      .optional()
      .meta({ description: 'Generated images: the 2× version (its URL with includeUrls)' }),
  })
  .meta({ id: 'MediaItem' });
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const trainingPhotoSchema = z
  .object({
    imageId: z.string(),
    filename: z.string(),
    createdAt: z.string(),
    modelIds: z.array(z.string()),
    photoCheck: photoCheckSchema,
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    displayUrl: z.string().optional(),
    thumbnailUrl: thumbnailUrl(THUMBNAIL_PIXELS.thumbnail),
    mediumThumbnailUrl: thumbnailUrl(THUMBNAIL_PIXELS.medium, `for mid-sized tiles; ${ADDED_SIZE}`),
    smallThumbnailUrl: thumbnailUrl(THUMBNAIL_PIXELS.small, `for small tiles; ${ADDED_SIZE}`),
  })
  .meta({ id: 'TrainingPhoto' });
export type TrainingPhoto = z.infer<typeof trainingPhotoSchema>;

/** A declared content type; the file's bytes decide in the end. */
const declaredType = z.string({ error: FILE_TEXT.generalTypeNotAllowed }).max(100);

const base64Photo = z.object({
  imageBase64: z
    .string({ error: FILE_TEXT.invalidFile })
    .meta({ description: 'Base64 or a data URL' }),
  filename: z.string().max(1000).default('photo'),
  contentType: declaredType,
  caption: safeText(z.string().max(500)).default(''),
});

export const uploadBody = z.union([
  z.object({ photos: z.array(base64Photo).min(1).max(MAX_TRAINING_PHOTOS) }),
  z
    .object({
      filename: z.string().max(1000).default('photo'),
      content: z
        .string({ error: FILE_TEXT.invalidFile })
        .meta({ description: 'Base64 or a data URL' }),
      contentType: declaredType.optional(),
    })
    .meta({ description: 'One file per request (the older client)' }),
]);
export type UploadRequest = z.input<typeof uploadBody>;
export const mediaItemsSchema = z.object({ items: z.array(mediaItemSchema) });

export const presignedUrlsBody = z.object({
  files: z
    .array(z.object({ filename: z.string().max(1000), contentType: declaredType }))
    .min(1)
    .max(MAX_TRAINING_PHOTOS),
});
export type PresignedUrlsRequest = z.input<typeof presignedUrlsBody>;
export const presignedUrlsSchema = z.array(
  z.object({ presignedUrl: z.string(), imageId: z.string() }),
);
export type PresignedUpload = z.infer<typeof presignedUrlsSchema>[number];

export const mediaListQuery = z.object({
  type: mediaTypeSchema.optional(),
  status: mediaStatusSchema.optional(),
  includeUrls: z.stringbool().default(false),
  limit: z.coerce.number().int().min(1).max(100).default(GALLERY_PAGE_SIZE),
  sort: z.literal('createdAt:desc').default('createdAt:desc'),
  cursor: z.string().max(500).optional(),
});
/** What a caller may put in the query (strings, as they travel). */
export type MediaListQuery = z.input<typeof mediaListQuery>;

export const mediaPageSchema = z
  .object({
    items: z.array(mediaItemSchema),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'MediaPage' });
export type MediaPage = z.infer<typeof mediaPageSchema>;

export const trainingPhotosQuery = z.object({ includeUrls: z.stringbool().default(false) });
export const trainingPhotosSchema = z.object({ items: z.array(trainingPhotoSchema) });
export type TrainingPhotos = z.infer<typeof trainingPhotosSchema>;

export const deletedMediaSchema = z.object({ imageId: z.string(), deleted: z.literal(true) });

export const imageUrlSchema = z.object({
  url: z.string(),
  downloadUrl: z.string(),
  expiresAt: z.string(),
});
export type ImageUrl = z.infer<typeof imageUrlSchema>;

/** POST /media/{id}/hd: the job making the 2× version and the version as it stands. */
export const hdRequestSchema = z
  .object({ job: jobSchema, hd: hdVersionSchema })
  .meta({ id: 'HdRequest' });
export type HdRequest = z.infer<typeof hdRequestSchema>;

export const mediaRoutes = {
  'POST /media/upload': {
    headers: idempotencyHeaders,
    body: uploadBody,
    response: withErrors({ 200: mediaItemsSchema }, 400, 409, 413, 415, 422, 503),
  },
  'POST /media/presigned-urls': {
    headers: idempotencyHeaders,
    body: presignedUrlsBody,
    response: withErrors({ 200: presignedUrlsSchema }, 400, 409, 413, 415, 422),
  },
  'GET /media': {
    querystring: mediaListQuery,
    response: withErrors({ 200: mediaPageSchema }, 400),
  },
  'GET /media/training-photos': {
    querystring: trainingPhotosQuery,
    response: withErrors({ 200: trainingPhotosSchema }),
  },
  'DELETE /media/training-photos/{id}': {
    params: idParams,
    response: withErrors({ 200: deletedMediaSchema }, 404, 409),
  },
  'GET /media/{id}': { params: idParams, response: withErrors({ 200: mediaItemSchema }, 404) },
  'DELETE /media/{id}': {
    params: idParams,
    response: withErrors({ 200: deletedMediaSchema }, 404, 409),
  },
  'POST /media/{id}/hd': {
    params: idParams,
    response: withErrors({ 200: hdRequestSchema, 202: hdRequestSchema }, 400, 404, 413),
  },
  'GET /image/{imageId}': {
    params: z.object({ imageId: idParams.shape.id }),
    response: withErrors({ 200: imageUrlSchema }, 404),
  },
} as const satisfies Record<string, RouteContract>;
