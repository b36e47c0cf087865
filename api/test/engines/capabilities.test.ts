import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../../src/engines/capabilities';
import { CpuEngine } from '../../src/engines/cpu/cpu-engine';
import { DEFAULT_STEERING, VOCABULARY, steeringFor } from '../../src/engines/cpu/prompt-vocabulary';
import { LocalStorage } from '../../src/storage/local-storage';

describe('engine capabilities', () => {
  it('say the built-in engine draws portraits steered by a few words and enlarges, Replicate follows the prompt and makes HD', () => {
    const builtin = new CpuEngine(new LocalStorage('/nonexistent', 'secret')).name;
    expect(capabilitiesOf(builtin)).toMatchObject({
      textConditioned: false,
      editFollowsPrompt: false,
      framing: 'head-and-shoulders',
      needsTrainingPhotos: true,
      enlargement: 'enlarged',
      previews: false,
    });
    expect(capabilitiesOf('cog')).toMatchObject({ previews: false });
    expect(capabilitiesOf('replicate')).toEqual({
      textConditioned: true,
      editFollowsPrompt: true,
      framing: 'any',
      promptWords: [],
      needsTrainingPhotos: false,
      enlargement: 'hd',
      previews: true,
    });
    expect(capabilitiesOf('some-engine-gone')).toMatchObject({
      textConditioned: false,
      needsTrainingPhotos: true,
    });
  });

  it('list exactly the words the built-in engine reads, each of which it acts on', () => {
    const { promptWords } = capabilitiesOf('builtin-cpu');
    const vocabulary = new Set(VOCABULARY.flatMap((entry) => entry.words));
    expect(new Set(promptWords)).toEqual(vocabulary);
    // The studio words name the default backdrop; every other word changes the picture alone.
    const studio = new Set(VOCABULARY.find((entry) => entry.words.includes('studio'))!.words);
    const inert = promptWords.filter(
      (word) =>
        !studio.has(word) && JSON.stringify(steeringFor(word)) === JSON.stringify(DEFAULT_STEERING),
    );
    expect(inert).toEqual([]);
  });
});
