import { describe, expect, it } from 'vitest';
import { countForPack, PACKS, packPrompts, packsFor } from './packs';

describe('packs', () => {
  it('each has 4-8 prompts with the trigger word and at least one engine', () => {
    expect(new Set(PACKS.map((pack) => pack.id)).size).toBe(PACKS.length);
    for (const pack of PACKS) {
      expect(pack.prompts.length).toBeGreaterThanOrEqual(4);
      expect(pack.prompts.length).toBeLessThanOrEqual(8);
      for (const prompt of pack.prompts) expect(prompt).toContain('{trigger}');
      expect(pack.engines.length).toBeGreaterThan(0);
    }
  });

  it('puts the trigger word in, or leaves it out when there is none', () => {
    const [studio] = PACKS;
    expect(packPrompts(studio!, 'lisa')[0]).toBe('lisa, studio portrait, soft light');
    expect(packPrompts(studio!, null)[0]).toBe('studio portrait, soft light');
  });

  it('offers only what the selected engines render, and counts what it hides', () => {
    const builtIn = packsFor(['builtin-cpu']);
    expect(builtIn.packs.map((pack) => pack.id)).toEqual([
      'studio-light',
      'outdoor-light',
      'golden-hour',
      'black-and-white',
      'corporate-headshot',
      'night-city',
    ]);
    expect(builtIn.hidden).toBe(4);
    expect(packsFor(['replicate'])).toMatchObject({ packs: PACKS, hidden: 0 });
    expect(packsFor([])).toMatchObject({ packs: PACKS, hidden: 0 });
  });

  it('asks fewer images per prompt when a pack would go over one batch', () => {
    expect(countForPack(4, 1)).toBe(1);
    expect(countForPack(4, 2)).toBe(2);
    expect(countForPack(4, 4)).toBe(2);
    expect(countForPack(6, 4)).toBe(1);
    expect(countForPack(8, 3)).toBe(1);
  });
});
