import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BUILD = fileURLToPath(new URL('../../../scripts/face-kernels/build.mjs', import.meta.url));

describe('face-net kernels', () => {
  it('are the WebAssembly their generator assembles today', () => {
    expect(() =>
      execFileSync(process.execPath, [BUILD, '--check'], { stdio: 'pipe' }),
    ).not.toThrow();
  });
});
