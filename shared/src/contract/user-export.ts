import { z } from 'zod';
import { safeText } from './safe-text';
import { MODEL_STATUSES, SUBSCRIPTION_STATUSES } from '../spec/constants';
import { withErrors, withPublicErrors, type RouteContract } from './common';
import { JOB_KINDS, JOB_STATUSES } from './jobs';
import { userSettingsSchema } from './user';

/** Where each part sits in the zip of GET /user/export. */
export const USER_EXPORT_PATHS = {
  data: 'data.json',
  trainingPhotos: 'training-photos/',
  generatedImages: 'generated-images/',
  profilePicture: 'profile-picture',
} as const;

/** `ai-image-studio-data-2026-01-31.zip`: the day it was made (UTC). */
export function userExportFileName(date: Date): string {
  return `ai-image-studio-data-${date.toISOString().slice(0, 10)}.zip`;
}

const file = z
  .string()
  .nullable()
  .meta({ description: 'Its path in the zip; null when its file could not be read' });

/** `data.json` in the zip: the account as the product stores it, files by their path. */
export const userExportSchema = z
  .object({
    exportedAt: z.string(),
    account: z.object({
      name: z.string(),
      email: z.string(),
      createdAt: z.string(),
      subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
      subscriptionEnd: z.string().nullable(),
      settings: userSettingsSchema,
      profilePicture: file,
    }),
    models: z.array(
      z.object({
        modelId: z.string(),
        name: z.string(),
        triggerWord: z.string(),
        status: z.enum(MODEL_STATUSES),
        engine: z.string().nullable(),
        failureReason: z.string().nullable(),
        trainingPhotoIds: z.array(z.string()),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    trainingPhotos: z.array(
      z.object({
        imageId: z.string(),
        file,
        filename: z.string(),
        contentType: z.string(),
        width: z.number().nullable(),
        height: z.number().nullable(),
        createdAt: z.string(),
      }),
    ),
    generatedImages: z.array(
      z.object({
        imageId: z.string(),
        file,
        prompt: z.string().nullable(),
        mode: z.string().nullable(),
        aspectRatio: z.string().nullable(),
        seed: z.number().nullable(),
        modelIds: z.array(z.string()),
        engine: z.string().nullable(),
        width: z.number().nullable(),
        height: z.number().nullable(),
        hdFile: file.meta({
          description: 'Its 2× version (Download HD or Download enlarged); null when none was made',
        }),
        createdAt: z.string(),
      }),
    ),
    generations: z
      .array(
        z.object({
          jobId: z.string(),
          kind: z.enum(JOB_KINDS),
          status: z.enum(JOB_STATUSES),
          prompts: z.array(z.string()),
          modelIds: z.array(z.string()),
          aspectRatio: z.string().nullable(),
          imageIds: z.array(z.string()),
          error: z.string().nullable(),
          createdAt: z.string(),
          finishedAt: z.string().nullable(),
        }),
      )
      .meta({ description: 'Every generation and edit asked for, failed ones included' }),
  })
  .meta({ id: 'UserExport' });
export type UserExport = z.infer<typeof userExportSchema>;

/** A URL the browser opens to save the zip without a token, for a short while. */
export const userExportLinkSchema = z
  .object({ url: z.string(), expiresAt: z.string() })
  .meta({ id: 'UserExportLink' });
export type UserExportLink = z.infer<typeof userExportLinkSchema>;

export const userExportRoutes = {
  /** The zip itself (application/zip). */
  'GET /user/export': { response: withErrors({}) },
  'POST /user/export/link': { response: withErrors({ 200: userExportLinkSchema }) },
} as const satisfies Record<string, RouteContract>;

/** The signature in the URL is the permission: it covers the path (the user) and the expiry. */
export const userExportPublicRoutes = {
  'GET /exports/{id}': {
    params: z.object({ id: safeText(z.string().max(100)) }),
    querystring: z.object({
      expires: z.coerce.number().int(),
      signature: z.string().max(100),
    }),
    response: withPublicErrors({}, 404, 429),
  },
} as const satisfies Record<string, RouteContract>;
