import {
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';

/** How long a worker waits for another worker to make what it needs too (a trained fixture). */
const WAIT_MS = 900_000;

function read<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Whether the worker that holds `lock` still runs (a worker killed after a timeout does not). */
function holderAlive(lock: string): boolean {
  const pid = Number(readFileSync(lock, { encoding: 'utf8', flag: 'r' }) || NaN);
  if (!Number.isInteger(pid)) return true; // written in a moment
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The value stored in `file`, made by `make` the first time any worker of the run asks for it.
 * Workers run spec files side by side and several ask for the same fixture (a trained user, a
 * built test page): one makes it while the others wait for the file, which appears whole (written
 * aside, then renamed). A lock left by a worker that died is taken over.
 */
export async function runOnce<T>(file: string, make: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const made = read<T>(file);
    if (made !== undefined) return made;
    let fd: number | undefined;
    try {
      fd = openSync(lock, 'wx');
    } catch {
      // Another worker makes it.
    }
    if (fd !== undefined) {
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      try {
        const value = await make();
        writeFileSync(`${file}.${process.pid}`, JSON.stringify(value));
        renameSync(`${file}.${process.pid}`, file);
        return value;
      } finally {
        rmSync(lock, { force: true });
      }
    }
    try {
      if (!holderAlive(lock)) rmSync(lock, { force: true });
    } catch {
      // The lock went away meanwhile: try again.
    }
    if (Date.now() > deadline) throw new Error(`${file} was not made in ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
