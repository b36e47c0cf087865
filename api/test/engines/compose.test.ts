import { ASPECT_RATIOS } from '@app/shared/spec';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composePortrait } from '../../src/engines/cpu/compose';
import { portraitLayout, poseFor } from '../../src/engines/cpu/layout';
import { UNIT } from '../../src/engines/cpu/portrait-frame';
import { FRAME_HEIGHT, FRAME_WIDTH, toUnits } from '../../src/engines/cpu/portrait-frame';
import { DEFAULT_STEERING } from '../../src/engines/cpu/prompt-vocabulary';

/** A grey disc of a "person" in the portrait frame, 2 eye distances across, on the eyes. */
function discPerson(): Uint8Array {
  const rgba = new Uint8Array(FRAME_WIDTH * FRAME_HEIGHT * 4);
  for (let at = 0; at < FRAME_WIDTH * FRAME_HEIGHT; at += 1) {
    const { x, y } = toUnits(at % FRAME_WIDTH, Math.floor(at / FRAME_WIDTH));
    rgba.fill(128, at * 4, at * 4 + 3);
    rgba[at * 4 + 3] = Math.hypot(x, y) < 1 ? 255 : 0;
  }
  return rgba;
}

describe('portrait composition', () => {
  it('makes every aspect ratio of the spec, a short side of 512 px or a tall one of 576', async () => {
    for (const { value } of ASPECT_RATIOS) {
      const png = await composePortrait(discPerson(), portraitLayout(value), DEFAULT_STEERING, 1);
      const { width = 0, height = 0 } = await sharp(png).metadata();
      const [w, h] = value.split(':').map(Number) as [number, number];
      expect(w < h ? height : Math.min(width, height)).toBe(w < h ? 576 : 512);
      expect(Math.abs(width / height - w / h)).toBeLessThan(0.01);
    }
    // Six full compositions: more than the default 5 s when other suites share the cores.
  }, 30_000);

  it('puts the eyes on the upper third, centred, and fills the frame with the backdrop', async () => {
    for (const { value } of ASPECT_RATIOS) {
      const layout = portraitLayout(value);
      expect(layout.eyes.y).toBeCloseTo(layout.height / 3, 5);
      expect(layout.eyes.x).toBeCloseTo(layout.width / 2, 5);
      // Room above the head (about 2.2 eye distances tall with hair) and the chest in the frame.
      expect(layout.eyes.y / layout.scale).toBeGreaterThan(2.4);
      expect((layout.height - layout.eyes.y) / layout.scale).toBeGreaterThan(4.5);
    }
  });

  it('never draws the person larger than the portrait frame holds, whatever the ratio or pose', () => {
    for (const { value } of ASPECT_RATIOS) {
      for (let seed = 0; seed < 50; seed += 1) {
        expect(portraitLayout(value, poseFor(seed)).scale).toBeLessThanOrEqual(UNIT);
      }
    }
  });
});
