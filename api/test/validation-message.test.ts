import { GENERATE_TEXT } from '@app/shared/spec';
import { describe, expect, it } from 'vitest';
import { validationMessage } from '../src/validation-message';

describe('validationMessage', () => {
  it('keeps spec texts exactly and names the field of a generic zod text', () => {
    expect(
      validationMessage({ message: GENERATE_TEXT.enterPrompt, instancePath: '/prompt' }, 'body'),
    ).toBe('Please enter a prompt');
    expect(
      validationMessage(
        { message: 'Invalid input: expected string', instancePath: '/photos/0/filename' },
        'body',
      ),
    ).toBe('photos.0.filename: Invalid input: expected string');
    expect(
      validationMessage({ message: 'Invalid input: expected object', instancePath: '/' }, 'body'),
    ).toBe('body: Invalid input: expected object');
  });
});
