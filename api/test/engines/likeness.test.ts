import { describe, expect, it } from 'vitest';
import { likenessOf } from '../../src/engines/likeness';

/** Mean distances measured on testdata/faces (engines README, "Likeness"). */
const SAME_PERSON = [0.152, 0.227, 0.326, 0.392, 0.416, 0.488];
const OTHER_PEOPLE = [0.759, 0.788, 0.839, 0.878, 0.902];

describe('likenessOf', () => {
  it('reads a face of the same person high', () => {
    for (const distance of SAME_PERSON) {
      const likeness = likenessOf(1 - distance);
      expect(likeness?.verdict).toBe('looks-like-you');
      expect(likeness?.score).toBeGreaterThanOrEqual(80);
    }
  });

  it('reads anyone else low', () => {
    for (const distance of OTHER_PEOPLE) {
      const likeness = likenessOf(1 - distance);
      expect(likeness?.verdict).toBe('might-not-look-like-you');
      expect(likeness?.score).toBeLessThanOrEqual(10);
    }
  });

  it('splits at the threshold and falls as the distance grows', () => {
    expect(likenessOf(0.4)).toEqual({ score: 50, verdict: 'looks-like-you' });
    expect(likenessOf(0.39)?.verdict).toBe('might-not-look-like-you');
    expect(likenessOf(0.7)!.score).toBeGreaterThan(likenessOf(0.5)!.score);
    expect(likenessOf(1)?.score).toBe(100);
  });

  it('has none without a face', () => {
    expect(likenessOf(null)).toBeNull();
  });
});
