/** How an instruction for an editing model names the person in its input photo. */
const PERSON = 'this person';

/**
 * A pack prompt written for the person's own model (its trigger word names them) as an
 * instruction for an image-editing model, which knows the person only from the photo it is
 * given: the trigger word becomes "this person", and the face is asked to stay as it is.
 */
export function previewInstruction(prompt: string, triggerWord: string): string {
  const escaped = triggerWord.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = triggerWord
    ? prompt.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'giu'), PERSON)
    : prompt;
  const scene = named
    .trim()
    .replace(new RegExp(`^${PERSON}\\s*,\\s*`, 'i'), '')
    .replace(/[\s,.;]+$/, '');
  const picture = !scene.toLowerCase().includes(PERSON)
    ? `a photo of ${PERSON}${scene ? `: ${scene}` : ''}`
    : /^(a |an )?(photo|picture|portrait|image) of /i.test(scene)
      ? scene.replace(/^(a |an )?/i, 'a ')
      : `a photo of ${scene}`;
  return `Make ${picture}. Keep the same face, features and identity as in the photo.`;
}
