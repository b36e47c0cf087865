import { describe, expect, it } from 'vitest';
import { personMatte } from '../../src/engines/cpu/person-matte';
import { cutOutPerson } from '../../src/engines/cpu/portrait-cutout';
import { UNIT } from '../../src/engines/cpu/portrait-frame';
import { LABELLED, labelledFrame, matteScores } from '../support/matte-measures';

describe('the person matte', { timeout: 120_000 }, () => {
  it('matches the hand-labelled masks: mean IoU ≥ 0.93, boundary F ≥ 0.72', async () => {
    // The GrabCut matte edits use (grabcut-matte.ts) falls well short; bench/engine.ts prints both.
    const scores: ReturnType<typeof matteScores>[] = [];
    for (const { photo, mask } of LABELLED) {
      const { photo: decoded, framed, truth } = await labelledFrame(photo, mask);
      scores.push(matteScores(await personMatte(decoded, framed), truth, framed.inside));
    }
    const mean = (pick: (score: ReturnType<typeof matteScores>) => number) =>
      scores.reduce((sum, score) => sum + pick(score), 0) / scores.length;
    expect(mean((score) => score.iou)).toBeGreaterThanOrEqual(0.93);
    expect(mean((score) => score.boundaryF)).toBeGreaterThanOrEqual(0.72);
  });

  it("ends the person before the photo's edge: nothing beyond it, a fade up to it, a longer one below", async () => {
    // A close selfie: the frame reaches below and beside the photo's shoulders.
    const { photo: decoded, framed } = await labelledFrame(LABELLED[4]!.photo, LABELLED[4]!.mask);
    const rgba = await cutOutPerson(decoded, framed);
    let bodyAtEdge = 0;
    let nearBottom = 0;
    for (let at = 0; at < framed.inside.length; at += 1) {
      const alpha = rgba[at * 4 + 3]!;
      if (!framed.inside[at]) expect(alpha).toBe(0);
      else if (framed.edge[at]! < 1) expect(alpha).toBe(0);
      else if (framed.edge[at]! > 0.5 * UNIT) bodyAtEdge = Math.max(bodyAtEdge, alpha);
      if (framed.inside[at] && framed.bottomEdge[at]! < 0.4 * UNIT) {
        nearBottom = Math.max(nearBottom, alpha);
      }
    }
    expect(bodyAtEdge).toBe(255);
    // Where the photo cuts the body off at its bottom, it fades over a longer way: no straight
    // cut across the clothes.
    expect(nearBottom).toBeGreaterThan(0);
    expect(nearBottom).toBeLessThan(64);
  });
});
