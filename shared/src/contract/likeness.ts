import { z } from 'zod';

export const LIKENESS_VERDICTS = ['looks-like-you', 'might-not-look-like-you'] as const;
export type LikenessVerdict = (typeof LIKENESS_VERDICTS)[number];
export const likenessSchema = z
  .object({
    score: z.number().int().min(0).max(100),
    verdict: z.enum(LIKENESS_VERDICTS),
  })
  .nullable()
  .meta({
    description:
      'Generated images: how sure the server is that the face is the model’s person (score in %, calibrated on same- and different-person photo pairs); null when no face',
  });
export type Likeness = z.infer<typeof likenessSchema>;
