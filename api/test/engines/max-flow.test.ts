import { describe, expect, it } from 'vitest';
import { minimumCut, type GridCut } from '../../src/engines/cpu/max-flow';
import { seededRandom } from '../../src/engines/cpu/random';

/** The cost of a labelling: terminal edges cut plus neighbour edges between different labels. */
function cost(grid: GridCut, labels: Uint8Array): number {
  let sum = 0;
  for (let at = 0; at < labels.length; at += 1) {
    sum += labels[at] ? grid.toSink[at]! : grid.toSource[at]!;
    const x = at % grid.width;
    if (x < grid.width - 1 && labels[at] !== labels[at + 1]) sum += grid.right[at]!;
    if (at + grid.width < labels.length && labels[at] !== labels[at + grid.width])
      sum += grid.down[at]!;
  }
  return sum;
}

function randomGrid(width: number, height: number, seed: number): GridCut {
  const random = seededRandom(seed);
  const values = () => Float32Array.from({ length: width * height }, () => random() * 10);
  return { width, height, toSource: values(), toSink: values(), right: values(), down: values() };
}

describe('minimumCut', () => {
  it('finds the cheapest labelling of small random grids (checked against every labelling)', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const grid = randomGrid(seed % 2 ? 4 : 3, 3, seed);
      const count = grid.width * grid.height;
      let best = Infinity;
      for (let code = 0; code < 2 ** count; code += 1) {
        const labels = Uint8Array.from({ length: count }, (_, at) => (code >> at) & 1);
        best = Math.min(best, cost(grid, labels));
      }
      expect(cost(grid, minimumCut(grid))).toBeCloseTo(best, 3);
    }
  });

  it('separates a noisy disc from its surroundings', () => {
    const [width, height] = [80, 60];
    const random = seededRandom(7);
    const inside = (at: number) => Math.hypot((at % width) - 40, Math.floor(at / width) - 30) < 18;
    const count = width * height;
    // Each pixel's own evidence is wrong a third of the time; smoothness repairs it.
    const says = Float32Array.from({ length: count }, (_, at) =>
      (random() < 0.33 ? !inside(at) : inside(at)) ? 1 : 0,
    );
    const grid: GridCut = {
      width,
      height,
      toSource: Float32Array.from(says, (value) => (value ? 2 : 0)),
      toSink: Float32Array.from(says, (value) => (value ? 0 : 2)),
      right: new Float32Array(count).fill(1.5),
      down: new Float32Array(count).fill(1.5),
    };
    const labels = minimumCut(grid);
    let wrong = 0;
    for (let at = 0; at < count; at += 1) if (labels[at] !== (inside(at) ? 1 : 0)) wrong += 1;
    expect(wrong / count).toBeLessThan(0.03);
  });
});
