import { FORM_TEXT, GENERATE_TEXT, invalidField, tooManyPhotos } from '@app/shared/spec';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeText } from '@app/shared/contract/safe-text';
import { messageOf, validationMessage } from '../src/validation-message';

/** The message the first issue of a failed parse gets. */
function messageFor(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be refused');
  return messageOf(result.error.issues[0]!, input, 'body');
}

describe('messageOf', () => {
  const user = z.object({
    name: safeText(
      z.string({ error: FORM_TEXT.required }).trim().min(1, FORM_TEXT.required).max(100),
    ).optional(),
  });

  it("keeps a schema's spec text for a missing or empty value only", () => {
    const prompt = z.object({ prompt: z.string({ error: GENERATE_TEXT.enterPrompt }).max(5) });
    expect(messageFor(prompt, {})).toBe(GENERATE_TEXT.enterPrompt);
    expect(messageFor(user, { name: '' })).toBe(FORM_TEXT.required);
    expect(messageFor(user, { name: 'x'.repeat(101) })).toBe(
      'name must be at most 100 characters, not 101',
    );
    expect(messageFor(user, { name: 42 })).toBe('name must be text, not a number');
    expect(messageFor(prompt, { prompt: ['a'] })).toBe('prompt must be text, not a list');
  });

  it('names control and text-direction characters', () => {
    for (const name of ['Ada\u0000', 'Eve\u202egnp.exe', 'a\nb', 'x\u2066y']) {
      expect(messageFor(user, { name })).toBe(invalidField('name', { kind: 'unsafeCharacters' }));
    }
    const prompt = safeText(z.string(), { allowLineBreaks: true });
    expect(prompt.safeParse('a hat\nand a scarf').success).toBe(true);
    expect(prompt.safeParse('a hat\u202e').success).toBe(false);
  });

  it('names the mistake of the union branch the client meant', () => {
    const photo = z.object({ imageBase64: z.string(), caption: z.string().max(3).default('') });
    const upload = z.union([
      z.object({ photos: z.array(photo).min(1).max(20) }),
      z.object({ content: z.string(), filename: z.string().default('photo') }),
    ]);
    const many = Array.from({ length: 21 }, () => ({ imageBase64: 'AAAA' }));
    expect(messageFor(upload, { photos: many })).toBe(tooManyPhotos(21));
    expect(messageFor(upload, { photos: [] })).toBe('photos must not be empty');
    expect(messageFor(upload, { photos: 'x' })).toBe('photos must be a list, not text');
    expect(messageFor(upload, { photos: [{ imageBase64: 'A', caption: 'long' }] })).toBe(
      'photos.0.caption must be at most 3 characters, not 4',
    );
    expect(messageFor(upload, { content: 7 })).toBe('content must be text, not a number');
    expect(messageFor(upload, {})).toBe('photos is required');
    expect(messageFor(upload, null)).toBe('body must be an object, not null');
  });

  it('names query mistakes: numbers, limits, choices, flags', () => {
    const query = z.object({
      limit: z.coerce.number().int().min(1).max(100).optional(),
      status: z.enum(['ready', 'failed']).optional(),
      includeUrls: z.stringbool().optional(),
    });
    expect(messageFor(query, { limit: 'abc' })).toBe('limit must be a number, not text');
    expect(messageFor(query, { limit: '1.5' })).toBe('limit must be a whole number, not text');
    expect(messageFor(query, { limit: '0' })).toBe('limit must be at least 1');
    expect(messageFor(query, { limit: '101' })).toBe('limit must be at most 100');
    expect(messageFor(query, { status: 'x' })).toBe('status must be one of ready, failed');
    expect(messageFor(query, { includeUrls: 'maybe' })).toBe(
      'includeUrls must be true or false, not text',
    );
  });

  it('takes the spec words for the sizes the spec words', () => {
    const ids = z.object({ model_ids: z.array(z.string()).max(10) });
    expect(messageFor(ids, { model_ids: Array(11).fill('m') })).toBe(GENERATE_TEXT.tooManyModels);
  });
});

describe('validationMessage', () => {
  it('reads the issue as fastify-type-provider-zod hands it over', () => {
    expect(
      validationMessage(
        {
          keyword: 'too_big',
          instancePath: '/photos/0/filename',
          message: 'Too big: expected string to have <=3 characters',
          params: { origin: 'string', maximum: 3 },
        },
        'body',
        { photos: [{ filename: 'long' }] },
      ),
    ).toBe('photos.0.filename must be at most 3 characters, not 4');
    expect(
      validationMessage(
        {
          keyword: 'invalid_type',
          instancePath: '/',
          message: 'x',
          params: { expected: 'object' },
        },
        'body',
        [],
      ),
    ).toBe('body must be an object, not a list');
  });
});
