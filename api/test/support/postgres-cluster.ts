import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

/** Every throwaway cluster lives in a folder named so; a crashed run's folders are found by it. */
const FOLDER_PREFIX = 'studio-test-pg-';
const OWNER_FILE = 'owner.pid';

export const INSTALL_HINT =
  'The api tests need PostgreSQL server binaries (initdb, pg_ctl) or TEST_DATABASE_URL. ' +
  'On Debian: `node scripts/ensure-postgres.mjs` as root (or `apt-get install postgresql`); ' +
  'elsewhere install PostgreSQL 13 or newer, or set TEST_DATABASE_URL=postgres://user@host/db ' +
  'for a role that may CREATE DATABASE.';

/** `pg_config --bindir` first, else the newest Debian `/usr/lib/postgresql/<major>/bin`. */
export function findServerBinaries(): string | undefined {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config on PATH: try Debian's layout
  }
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const majors = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...majors.map((major) => join(debianRoot, major, 'bin')));
  }
  return candidates.find(
    (dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A PostgreSQL cluster for one test run: a temp folder with its data directory, unix socket and
 * log, on a free local TCP port, with trust authentication for the `postgres` role. initdb
 * refuses to run as root, so as root every server binary runs as the `postgres` OS user.
 */
export class PostgresCluster {
  private constructor(
    private readonly binDir: string,
    private readonly folder: string,
    readonly url: string,
  ) {}

  static async start(binDir: string): Promise<PostgresCluster> {
    await removeAbandonedClusters(binDir);
    const folder = await mkdtemp(join(tmpdir(), FOLDER_PREFIX));
    await writeFile(join(folder, OWNER_FILE), String(process.pid));
    await chmod(folder, 0o700);
    if (isRoot()) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      chownSync(folder, uid, gid);
    }
    try {
      await serverCommand(binDir, 'initdb', [
        '--pgdata',
        join(folder, 'data'),
        '--username',
        'postgres',
        '--auth',
        'trust',
        '--encoding',
        'UTF8',
        '--locale',
        'C.UTF-8',
        ...(majorVersion(binDir) >= 15 ? LINGUISTIC_DEFAULT_COLLATION : []),
        '--no-sync',
      ]);
      const port = await startServer(binDir, folder);
      return new PostgresCluster(binDir, folder, `postgres://postgres@127.0.0.1:${port}/postgres`);
    } catch (error) {
      await stopAndRemove(binDir, folder);
      throw error;
    }
  }

  stop(): Promise<void> {
    return stopAndRemove(this.binDir, this.folder);
  }
}

/**
 * On purpose: the schema must not depend on a C database (PostgreSQL 15 and newer can default to
 * an ICU collation; any machine has it, unlike most glibc locales).
 */
const LINGUISTIC_DEFAULT_COLLATION = ['--locale-provider', 'icu', '--icu-locale', 'en-US'];

function majorVersion(binDir: string): number {
  const version = execFileSync(join(binDir, 'initdb'), ['--version'], { encoding: 'utf8' });
  return Number(/(\d+)/.exec(version)?.[1] ?? 0);
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

async function serverCommand(binDir: string, name: string, args: string[]): Promise<void> {
  const binary = join(binDir, name);
  const [command, commandArgs] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  try {
    await run(command, commandArgs, { cwd: tmpdir() });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${name} failed: ${stderr || stdout || String(error)}`, { cause: error });
  }
}

/** Durability is worth nothing in a throwaway cluster; turning it off makes tests faster. */
const SERVER_OPTIONS = [
  'listen_addresses=127.0.0.1',
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  'max_connections=200',
];

async function startServer(binDir: string, folder: string): Promise<number> {
  // The free port can be taken between the check and the start: try a few.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const options = [`-p ${port}`, `-k ${folder}`, ...SERVER_OPTIONS.map((o) => `-c ${o}`)];
    try {
      await serverCommand(binDir, 'pg_ctl', [
        '--pgdata',
        join(folder, 'data'),
        '--log',
        join(folder, 'server.log'),
        '--options',
        options.join(' '),
        '--wait',
        'start',
      ]);
      return port;
    } catch (error) {
      if (attempt === 3) {
        const log = existsSync(join(folder, 'server.log'))
          ? readFileSync(join(folder, 'server.log'), 'utf8')
          : '';
        throw new Error(`PostgreSQL did not start:\n${log}`, { cause: error });
      }
    }
  }
}

async function stopAndRemove(binDir: string, folder: string): Promise<void> {
  if (existsSync(join(folder, 'data', 'postmaster.pid'))) {
    await serverCommand(binDir, 'pg_ctl', [
      '--pgdata',
      join(folder, 'data'),
      '--mode',
      'immediate',
      '--wait',
      'stop',
    ]).catch(() => undefined);
  }
  await rm(folder, { recursive: true, force: true });
}

/** A run that crashed or was killed left its cluster running: stop it and free the disk. */
async function removeAbandonedClusters(binDir: string): Promise<void> {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(FOLDER_PREFIX))) {
    const folder = join(tmpdir(), name);
    const ownerFile = join(folder, OWNER_FILE);
    if (!existsSync(ownerFile)) {
      // Another run may be between creating the folder and writing its owner: give it time.
      if (Date.now() - statSync(folder).mtimeMs < 60_000) continue;
    } else if (isAlive(Number(readFileSync(ownerFile, 'utf8')))) {
      continue;
    }
    await stopAndRemove(binDir, folder);
  }
}
