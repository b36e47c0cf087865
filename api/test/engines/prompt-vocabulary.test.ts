import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STEERING, VOCABULARY, steeringFor } from '../../src/engines/cpu/prompt-vocabulary';

describe('prompt vocabulary of the built-in engine', () => {
  it('ignores every word it does not know', () => {
    expect(steeringFor('a cat')).toEqual(DEFAULT_STEERING);
    expect(steeringFor('lisa riding a bicycle')).toEqual(DEFAULT_STEERING);
  });

  it('makes "black and white" grey even when a style implies sepia (the named palette wins)', () => {
    expect(steeringFor('black and white vintage photo')).toMatchObject({
      palette: 'mono',
      film: true,
      colour: null,
    });
    expect(steeringFor('vintage black & white')).toMatchObject({ palette: 'mono', film: true });
    expect(steeringFor('vintage portrait')).toMatchObject({ palette: 'sepia', film: true });
  });

  it('lets equally specific words resolve by order: the first one counts', () => {
    expect(steeringFor('sepia, black and white').palette).toBe('sepia');
    expect(steeringFor('black and white, sepia').palette).toBe('mono');
    expect(steeringFor('warm and cool').warmth).toBe(1);
    expect(steeringFor('sunset at the beach').scene).toBe('sunset');
  });

  it('prefers a named place over "outdoors", a named colour over the place, a light word over the light a place implies', () => {
    expect(steeringFor('outdoors at the beach').scene).toBe('beach');
    expect(steeringFor('red dragon over a castle')).toMatchObject({
      scene: 'city',
      colour: [170, 38, 42],
    });
    expect(steeringFor('sunset').warmth).toBeGreaterThan(0);
    expect(steeringFor('cool sunset').warmth).toBe(-1);
    expect(steeringFor('bright night')).toMatchObject({ scene: 'night', exposure: 1 });
  });

  it('reads "light" and "dark" before a colour as its shade, not as the exposure', () => {
    const light = steeringFor('light blue studio');
    expect(light.exposure).toBe(0);
    expect(light.colour![2]).toBeGreaterThan(168);
    expect(steeringFor('dark blue').exposure).toBe(0);
    expect(steeringFor('dark portrait').exposure).toBe(-1);
  });

  it('gives the four prompts of the issue four different steerings', () => {
    const prompts = [
      'astronaut on the moon',
      'a cat',
      'bicycle in Paris',
      'red dragon over a castle',
    ];
    const steerings = new Set(prompts.map((prompt) => JSON.stringify(steeringFor(prompt))));
    expect(steerings.size).toBe(4);
  });

  it('is documented word for word in the engine README', () => {
    const readme = readFileSync(new URL('../../src/engines/README.md', import.meta.url), 'utf8');
    const missing = VOCABULARY.flatMap((entry) => entry.words).filter(
      (word) => !readme.includes(word),
    );
    expect(missing).toEqual([]);
  });
});
