import { z } from 'zod';
import { safeText } from './safe-text';
import { MODEL_STATUSES, SUBSCRIPTION_STATUSES } from '../spec/constants';
import { FILE_TEXT, FORM_TEXT, PROFILE_TEXT } from '../spec/messages';
import { uuidParam, withErrors, type RouteContract } from './common';
import { modelPreviewSchema, modelSchema, TRAINING_ENGINES } from './models';

/** The user's choices kept on the server (GET /user `settings`, PUT /user `settings`). */
export const userSettingsSchema = z
  .object({
    emailWhenModelReady: z
      .boolean()
      .meta({ description: 'E-mail the user when a training ends (ready or failed)' }),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** GET /user (spec §7). */
export const userProfileSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    createdAt: z.string(),
    profilePicture: z.string().nullable().meta({ description: 'Signed, expiring URL' }),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    subscriptionEnd: z.string().nullable(),
    models: z.array(modelSchema),
    isAdmin: z.boolean(),
    modelLimit: z.number().int().meta({ description: '1 free, 5 Pro, 999 admin (unlimited)' }),
    modelStatus: z.enum(MODEL_STATUSES),
    modelId: z.string().nullable().meta({ description: 'Legacy single model (PUT /user/model)' }),
    storageUsed: z.number().int().meta({
      description:
        'Bytes the user stores: images with their thumbnails, profile picture, edit inputs',
    }),
    storageQuota: z.number().int().meta({
      description: 'Bytes the user may store; uploads and generations beyond it answer 413',
    }),
    trainingEngine: z
      .enum(TRAINING_ENGINES)
      .meta({ description: 'Where a new training runs (how long it takes depends on it)' }),
    settings: userSettingsSchema,
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;

export const updateUserBody = z.object({
  name: safeText(
    z.string({ error: FORM_TEXT.required }).trim().min(1, FORM_TEXT.required).max(100),
  ).optional(),
  settings: userSettingsSchema.partial().optional(),
});
export type UpdateUserRequest = z.input<typeof updateUserBody>;

export const trainingStatusSchema = z
  .object({
    modelStatus: z.enum(MODEL_STATUSES),
    isTraining: z.boolean(),
    models: z.array(
      z.object({
        modelId: z.string(),
        name: z.string(),
        status: z.enum(MODEL_STATUSES),
        jobId: z.string().nullable(),
        jobStatus: z.string().nullable(),
        progress: z.number().nullable(),
        etaSeconds: z.number().nullable(),
        startedAt: z.string().nullable(),
        elapsedSeconds: z.number().nullable(),
        failureReason: z.string().nullable(),
        previews: z
          .array(modelPreviewSchema)
          .meta({ description: 'While training: the preview pictures made so far' }),
      }),
    ),
  })
  .meta({ id: 'TrainingStatus' });
export type TrainingStatus = z.infer<typeof trainingStatusSchema>;

export const profilePictureBody = z.object({
  imageBase64: z.string({ error: FILE_TEXT.invalidFile }).meta({
    description: 'Base64 or a data URL',
  }),
  contentType: z.string({ error: PROFILE_TEXT.unsupportedPictureFormat }),
});
export type ProfilePictureRequest = z.input<typeof profilePictureBody>;
export const profilePictureSchema = z.object({ profilePictureUrl: z.string() });
export const removedProfilePictureSchema = z.object({ profilePicture: z.null() });

export const setDefaultModelBody = z.object({ modelId: uuidParam });

/** What the word typed to confirm an account's deletion must be. */
export const ACCOUNT_DELETION_WORD = 'DELETE';

export const deleteAccountBody = z.object({
  confirm: z
    .string()
    .min(1)
    .refine((value) => value === ACCOUNT_DELETION_WORD, {
      message: `Type ${ACCOUNT_DELETION_WORD} to confirm.`,
    })
    .meta({ description: `Exactly "${ACCOUNT_DELETION_WORD}"` }),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountBody>;

/** What an account held when its deletion was asked for: the receipt e-mail lists it. */
export const accountContentsSchema = z
  .object({
    models: z.number().int(),
    trainingPhotos: z.number().int(),
    generatedImages: z.number().int(),
    profilePicture: z.boolean(),
    subscription: z.boolean().meta({ description: 'A paid subscription to cancel' }),
    providerModels: z.number().int().meta({ description: 'Models stored at the image provider' }),
  })
  .meta({ id: 'AccountContents' });
export type AccountContents = z.infer<typeof accountContentsSchema>;

export const accountDeletionSchema = z
  .object({ jobId: z.string(), contents: accountContentsSchema })
  .meta({ id: 'AccountDeletion' });

export const userRoutes = {
  'GET /user': { response: withErrors({ 200: userProfileSchema }) },
  'PUT /user': { body: updateUserBody, response: withErrors({ 200: userProfileSchema }, 400) },
  'GET /user/training-status': { response: withErrors({ 200: trainingStatusSchema }) },
  'POST /user/profile-picture': {
    body: profilePictureBody,
    response: withErrors({ 200: profilePictureSchema }, 400, 413, 415, 503),
  },
  'DELETE /user/profile-picture': {
    response: withErrors({ 200: removedProfilePictureSchema }, 404),
  },
  'POST /user/deletion': {
    body: deleteAccountBody,
    response: withErrors({ 202: accountDeletionSchema }, 400),
  },
  'PUT /user/model': {
    body: setDefaultModelBody,
    response: withErrors({ 200: userProfileSchema }, 400, 404),
  },
} as const satisfies Record<string, RouteContract>;
