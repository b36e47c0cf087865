import { MODEL_STATUSES, SUBSCRIPTION_STATUSES } from '@app/shared/spec';
import { z } from 'zod';

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
      .array(
        z.object({
          photoId: z.string(),
          filename: z.string(),
          problem: z.enum(['no-face', 'several-faces', 'face-too-small', 'too-blurry']),
        }),
      )
      .meta({ description: 'Photos the training could not use, and why' }),
    progress: z.number().nullable().meta({ description: '0..1 while training, when known' }),
    etaSeconds: z
      .number()
      .nullable()
      .meta({ description: 'Estimated seconds left while training, when known' }),
    createdAt: z.string(),
    engine: z
      .string()
      .meta({ description: 'The engine that trained it: builtin-cpu or replicate' }),
    capabilities: z
      .object({
        textConditioned: z.boolean(),
        editFollowsPrompt: z.boolean(),
        framing: z.enum(['head-and-shoulders', 'any']),
        promptWords: z.array(z.string()),
      })
      .meta({ description: 'What the engine can do (api/src/engines/README.md)' }),
  })
  .meta({ id: 'Model' });

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
  })
  .meta({ id: 'UserProfile' });
