import { describe, expect, it } from 'vitest';
import { previewInstruction } from '../../src/engines/replicate/preview-instruction';

const KEEP = 'Keep the same face, features and identity as in the photo.';

describe('previewInstruction', () => {
  it('names the person as "this person" where the trigger word stood', () => {
    expect(previewInstruction('lisa, studio portrait, soft light', 'lisa')).toBe(
      `Make a photo of this person: studio portrait, soft light. ${KEEP}`,
    );
    expect(previewInstruction('photo of Lisa in a modern office, navy suit', 'lisa')).toBe(
      `Make a photo of this person in a modern office, navy suit. ${KEEP}`,
    );
    expect(previewInstruction('lisa as a knight in shining armour', 'lisa')).toBe(
      `Make a photo of this person as a knight in shining armour. ${KEEP}`,
    );
  });

  it('leaves words that only contain the trigger word alone', () => {
    expect(previewInstruction('max, portrait by the maxwell building', 'max')).toBe(
      `Make a photo of this person: portrait by the maxwell building. ${KEEP}`,
    );
  });

  it('makes an instruction of a prompt without the trigger word, or of none', () => {
    expect(previewInstruction('studio portrait, dramatic light.', 'lisa')).toBe(
      `Make a photo of this person: studio portrait, dramatic light. ${KEEP}`,
    );
    expect(previewInstruction('lisa', 'lisa')).toBe(`Make a photo of this person. ${KEEP}`);
  });
});
