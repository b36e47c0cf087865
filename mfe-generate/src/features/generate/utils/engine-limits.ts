import type { ModelSummary } from '@app/shared/contract/models';

/** Words shown first as examples, when the engine reads them: one per thing a prompt can steer. */
const EXAMPLE_WORDS = [
  'studio',
  'beach',
  'sunset',
  'night',
  'black and white',
  'vintage',
  'dramatic',
  'soft',
  'warm',
  'bright',
];
const EXAMPLES_SHOWN = 5;

export interface EngineLimits {
  /** The chosen models whose engine draws portraits only (not text-conditioned). */
  modelNames: string[];
  /** Whether an edit with them repaints what the prompt says. */
  editFollowsPrompt: boolean;
  /** A few words the engine reads, for the sentence. */
  examples: string[];
  /** Every word it reads (its whole vocabulary). */
  words: string[];
}

/**
 * What the chosen models cannot do, said before the user types (api/src/engines/README.md:
 * the built-in engine draws a head-and-shoulders portrait whatever the prompt, and reads only a
 * fixed vocabulary). Null when every chosen model draws what its prompt describes.
 */
export function engineLimits(models: readonly ModelSummary[]): EngineLimits | null {
  const limited = models.filter((model) => model.capabilities?.textConditioned === false);
  if (limited.length === 0) return null;
  const words = [...new Set(limited.flatMap((model) => model.capabilities?.promptWords ?? []))];
  const examples = [
    ...EXAMPLE_WORDS.filter((word) => words.includes(word)),
    ...words.filter((word) => !EXAMPLE_WORDS.includes(word)),
  ].slice(0, EXAMPLES_SHOWN);
  return {
    modelNames: limited.map((model) => model.name),
    editFollowsPrompt: limited.every((model) => model.capabilities?.editFollowsPrompt === true),
    examples,
    words,
  };
}
