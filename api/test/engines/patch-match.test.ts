import { describe, expect, it } from 'vitest';
import { pushPullFill } from '../../src/engines/cpu/inpaint';
import { exemplarFill } from '../../src/engines/cpu/patch-match';
import { seededRandom } from '../../src/engines/cpu/random';
import { maskedRmse, seamEnergy } from '../support/fill-measures';

const [WIDTH, HEIGHT] = [128, 96];

/** A woven texture (two stripe sets of different colours and periods) with a little noise. */
function texture(seed = 1) {
  const random = seededRandom(seed);
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const across = x % 10 < 5 ? 60 : 0;
      const down = y % 8 < 3 ? 70 : 0;
      const at = (y * WIDTH + x) * 3;
      const noise = () => Math.round((random() - 0.5) * 10);
      data[at] = 90 + across + noise();
      data[at + 1] = 60 + down + noise();
      data[at + 2] = 120 + (across ? 0 : 40) - (down ? 30 : 0) + noise();
    }
  }
  return { data, width: WIDTH, height: HEIGHT };
}

function disc(cx: number, cy: number, radius: number): Uint8Array {
  return Uint8Array.from({ length: WIDTH * HEIGHT }, (_, at) =>
    Math.hypot((at % WIDTH) - cx, Math.floor(at / WIDTH) - cy) < radius ? 1 : 0,
  );
}

describe('exemplarFill (multi-scale PatchMatch)', () => {
  it('fills a hole in a texture from that texture, far closer to the truth than push-pull', () => {
    const image = texture();
    const hole = disc(64, 48, 18);
    const filled = exemplarFill(image, hole, { seed: 1 });
    const smooth = pushPullFill(image, hole);
    const learned = maskedRmse(filled.data, image.data, hole);
    const classical = maskedRmse(smooth.data, image.data, hole);
    expect(learned).toBeLessThan(0.5 * classical);
    expect(learned).toBeLessThan(20);
  });

  it('leaves less of a seam at the border than push-pull, about the texture’s own steps', () => {
    const image = texture();
    const hole = disc(64, 48, 18);
    const own = seamEnergy(image.data, hole, WIDTH);
    const filled = seamEnergy(exemplarFill(image, hole, { seed: 2 }).data, hole, WIDTH);
    const smooth = seamEnergy(pushPullFill(image, hole).data, hole, WIDTH);
    expect(filled).toBeLessThan(smooth);
    expect(filled).toBeLessThan(1.5 * own);
  });

  it('changes no pixel outside the hole, and gives the same bytes for the same seed', () => {
    const image = texture();
    const hole = disc(40, 40, 12);
    const first = exemplarFill(image, hole, { seed: 3 });
    const again = exemplarFill(image, hole, { seed: 3 });
    expect(Buffer.from(first.data).equals(Buffer.from(again.data))).toBe(true);
    let changed = 0;
    hole.forEach((inHole, at) => {
      for (let c = 0; c < 3; c += 1)
        if (!inHole && first.data[at * 3 + c] !== image.data[at * 3 + c]) changed += 1;
    });
    expect(changed).toBe(0);
  });

  it('copies only from the allowed sources', () => {
    // Left half red, right half green; the hole sits on the border but may copy only green.
    const data = new Uint8Array(WIDTH * HEIGHT * 3);
    for (let at = 0; at < WIDTH * HEIGHT; at += 1) {
      const green = at % WIDTH >= WIDTH / 2;
      data.set(green ? [30, 200, 40] : [200, 30, 40], at * 3);
    }
    const hole = disc(64, 48, 10);
    const sources = Uint8Array.from({ length: WIDTH * HEIGHT }, (_, at) =>
      at % WIDTH >= WIDTH / 2 ? 1 : 0,
    );
    const filled = exemplarFill({ data, width: WIDTH, height: HEIGHT }, hole, { seed: 4, sources });
    // The middle of the hole is green (the border is blended towards the red side it meets).
    const middle = (48 * WIDTH + 64) * 3;
    expect(filled.data[middle + 1]!).toBeGreaterThan(filled.data[middle]!);
  });
});
