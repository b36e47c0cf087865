import type { z } from 'zod';
import { hasUnsafeCharacters } from '../spec/validators';

/** The refinement `safeText` adds; the api's validation messages word it with the field's path. */
export const UNSAFE_CHARACTERS_PROBLEM = 'unsafeCharacters';

/**
 * Refuses control and text-direction characters (NUL, right-to-left override...) in a text
 * field; `allowLineBreaks` for multi-line texts such as a prompt.
 */
export function safeText<T extends z.ZodType<string>>(
  schema: T,
  options: { allowLineBreaks?: boolean } = {},
): T {
  return schema.refine((text) => !hasUnsafeCharacters(text, options), {
    params: { problem: UNSAFE_CHARACTERS_PROBLEM },
  });
}
