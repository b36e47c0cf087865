import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const IDENTITY_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('standalone identity server', () => {
  it('starts on a free port, answers health, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'studio-identity-test-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: IDENTITY_DIR,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        IDENTITY_PORT: '0',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        IDENTITY_HOSTED_UI_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`main.ts exited with ${code}:\n${output}`)));
      });
      expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
    // Two processes start here (tsx compiles on the fly): slow on a busy machine.
  }, 30_000);
});
