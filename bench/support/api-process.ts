/**
 * The api as production runs it, in a process of its own: the command of `pnpm --filter
 * @app/api start` (read from api/package.json, so the benchmarks follow the real start) on the
 * server compiled as `pnpm start` compiles it, with NODE_ENV=production, and its resident
 * memory and CPU time read from /proc. `API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`
 * profiles the api of any benchmark.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const API_DIR = fileURLToPath(new URL('../../api/', import.meta.url));

let built = false;

/** What `pnpm start` does first: compiles the server when its sources changed. */
function ensureServerBuilt() {
  if (built) return;
  execFileSync(process.execPath, ['../scripts/ensure-built.mjs', '--server'], {
    cwd: API_DIR,
    stdio: 'ignore',
  });
  built = true;
}

/** `A=1 B=2 node args…` → its environment and argv (the start script needs nothing more). */
export function startCommand(): { env: Record<string, string>; argv: string[] } {
  const pkg = JSON.parse(readFileSync(`${API_DIR}package.json`, 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [name = '', value = ''] = words.shift()!.split('=');
    env[name] = value;
  }
  return { env, argv: words };
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first 200 of GET /api/health. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Resident set size in MB, from /proc (what the kernel charges the process). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** CPU time (user + system, every thread) the process has used, in ms: steadier than the
 * wall clock on a loaded machine. */
export function cpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces); utime and stime are the 12th and
  // 13th of them, in clock ticks of 10 ms on Linux.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** `argv` replaces the start command's node arguments (e.g. the sources through tsx). */
export async function startApi(
  port: number,
  env: Record<string, string>,
  { argv }: { argv?: string[] } = {},
): Promise<ApiProcess> {
  const command = startCommand();
  const [program = 'node', ...startArgs] = command.argv;
  if (!argv) ensureServerBuilt();
  const args = [
    ...(process.env.API_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
    ...(argv ?? startArgs),
  ];
  const started = performance.now();
  const child = spawn(program, args, {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...command.env,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode}`);
    if (await healthy(url)) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    url,
    readyMs,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Samples RSS every `everyMs` until stopped; the peak and the samples. */
export function sampleRss(pid: number, everyMs = 25) {
  const samples: number[] = [];
  const timer = setInterval(() => {
    try {
      samples.push(rssMb(pid));
    } catch {
      // the process ended
    }
  }, everyMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      return { peak: Math.max(...samples), last: samples.at(-1) ?? 0 };
    },
  };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** The machine's load, printed beside every figure (other work on the 2 cores skews timings). */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
