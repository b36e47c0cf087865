import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BUILD = fileURLToPath(new URL('../kernels/build.mjs', import.meta.url));

// A Node process of its own that loads wabt: seconds on a busy machine.
describe('face-net kernels', { timeout: 60_000 }, () => {
  it('are the WebAssembly their generator assembles today', () => {
    expect(() =>
      execFileSync(process.execPath, [BUILD, '--check'], { stdio: 'pipe' }),
    ).not.toThrow();
  });
});
