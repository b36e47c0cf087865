import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Error codes that mean "this process may not write there" (SQLite's and the file system's). */
const NOT_WRITABLE = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_READONLY_DIRECTORY',
  'SQLITE_FULL',
]);

/** One line an operator can act on, instead of a stack from deep inside the start. */
export function dataDirMessage(dataDir: string, reason: string): string {
  return `DATA_DIR ${dataDir} is not writable (${reason}): make it writable for the user running the server, or set DATA_DIR to a writable directory.`;
}

/** The message for a start-up error caused by the data directory, else undefined. */
export function dataDirProblem(dataDir: string, error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code !== undefined && NOT_WRITABLE.has(code)) return dataDirMessage(dataDir, code);
  }
  return undefined;
}

/**
 * Creates the directory and writes a file in it: everything the server keeps (the database, the
 * identity pool, files, temp files) goes there, so a read-only one stops the start right away.
 * The probe catches what a permission check misses (a read-only mount, a full disk, root).
 * Resolves with the one-line problem, or undefined when the directory is usable.
 */
export async function unwritableDataDir(dataDir: string): Promise<string | undefined> {
  const probe = join(dataDir, `.write-check-${randomUUID()}`);
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(probe, '');
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return dataDirMessage(dataDir, code ?? String(error));
  } finally {
    await rm(probe, { force: true });
  }
}
