import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from './helpers';
import { createJobDb } from './support/job-db';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

/** `pnpm dev` runs the sources through tsx; `pnpm start` the compiled bundle. */
const STARTS = [
  { name: 'from source (tsx)', argv: ['--import', 'tsx', 'src/main.ts'] },
  { name: 'built (dist/main.js)', argv: ['dist/main.js'] },
];

/** Root writes anywhere: a read-only directory is read-only only to another user. */
const UNPRIVILEGED = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

function startProcess(
  argv: string[],
  env: Record<string, string>,
  options: { uid?: number; gid?: number } = {},
): ChildProcess {
  return spawn(process.execPath, argv, {
    ...options,
    cwd: API_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      // Any free port: a running product or another test may hold the default 3443.
      IDENTITY_HOSTED_UI_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the port main.ts announces in its "running at" log line. */
async function announcedPort(child: ChildProcess): Promise<number> {
  return (await announced(child)).port;
}

/** The port main.ts announces in its "running at" log line, and what it logged until then. */
function announced(child: ChildProcess): Promise<{ port: number; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match?.[1]) resolve({ port: Number(match[1]), output });
    });
    child.once('exit', (code) => reject(new Error(`main.ts exited with ${code}:\n${output}`)));
  });
}

describe.each(STARTS)('api main.ts $name', { timeout: 60_000 }, ({ argv }) => {
  let tempDir: string;
  beforeAll(async () => {
    tempDir = await makeTempDir();
    // What `pnpm start` does first: compile the server if its sources changed.
    if (argv[0] === 'dist/main.js') {
      execFileSync(process.execPath, ['../scripts/ensure-built.mjs', '--server'], {
        cwd: API_DIR,
      });
    }
  });
  afterAll(() => removeDir(tempDir));
  const startMain = (env: Record<string, string>, options?: { uid?: number; gid?: number }) =>
    startProcess(argv, env, options);

  it('serves the API and the embedded identity service, and stops cleanly on SIGTERM', async () => {
    const child = startMain({ DATA_DIR: join(tempDir, 'data'), WEB_ROOT: join(tempDir, 'web') });
    try {
      const base = `http://127.0.0.1:${await announcedPort(child)}`;

      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({
        status: 'ok',
        database: 'ok',
      });
      expect(await (await fetch(`${base}/identity/health`)).json()).toEqual({ status: 'ok' });
      const identity = await fetch(`${base}/identity/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
        },
        body: '{}',
      });
      // Answered by the identity service in Cognito's error format (no access token given).
      expect(identity.status).toBe(400);
      expect(identity.headers.get('x-amzn-errortype')).toMatch(/Exception$/);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('claims jobs only where JOB_WORKER is on', async () => {
    const jobs = await createJobDb('sqlite');
    const start = (env: Record<string, string>) =>
      startMain({
        DATA_DIR: join(tempDir, 'workers'),
        SERVE_WEB: 'false',
        DATABASE_URL: jobs.url,
        ...env,
      });
    try {
      const id = await jobs.enqueue('generate');
      const webOnly = start({ JOB_WORKER: 'false' });
      try {
        // main.ts starts no engines and no worker in it, and says so before it listens.
        const { output } = await announced(webOnly);
        expect(output).toContain('job worker off (JOB_WORKER=false)');
        expect((await jobs.row(id)).status).toBe('queued');
      } finally {
        webOnly.kill('SIGTERM');
        await once(webOnly, 'exit');
      }
      const worker = start({});
      try {
        await announcedPort(worker);
        await expect.poll(async () => (await jobs.row(id)).attempts, { timeout: 10_000 }).toBe(1);
      } finally {
        worker.kill('SIGTERM');
        await once(worker, 'exit');
      }
    } finally {
      await jobs.close();
    }
  });

  it('exits non-zero with one line naming DATA_DIR when it is read-only', async () => {
    const dataDir = join(tempDir, 'read-only');
    await mkdir(dataDir);
    await chmod(tempDir, 0o755);
    await chmod(dataDir, 0o555);
    const child = startMain({ DATA_DIR: dataDir }, UNPRIVILEGED);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `DATA_DIR ${dataDir} is not writable (EACCES): make it writable for the user running the server, or set DATA_DIR to a writable directory.`,
    ]);
  });

  it('exits non-zero naming the bad variable', async () => {
    const child = startMain({ PORT: 'not-a-port' });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('PORT: must be a port number');
  });
});
