// The api tests run on SQLite and on PostgreSQL: a throwaway cluster from the installed server
// binaries (Debian's), or the server TEST_DATABASE_URL names. On a fresh Debian machine where we
// run as root, install the binaries; elsewhere say how to.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

if (process.env.TEST_DATABASE_URL) process.exit(0);

function hasServerBinaries() {
  try {
    const binDir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(binDir, 'initdb'))) return true;
  } catch {
    // no pg_config on PATH: look where Debian puts the server
  }
  const debianRoot = '/usr/lib/postgresql';
  return (
    existsSync(debianRoot) &&
    readdirSync(debianRoot).some((major) => existsSync(join(debianRoot, major, 'bin', 'initdb')))
  );
}

if (hasServerBinaries()) process.exit(0);

const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (!canInstall) {
  console.error(
    'PostgreSQL server binaries (initdb, pg_ctl) not found. Install them (Debian: sudo apt-get ' +
      'install postgresql) or set TEST_DATABASE_URL=postgres://user@host/db for a role that may ' +
      'CREATE DATABASE.',
  );
  process.exit(1);
}
console.log('Installing Debian postgresql for the api tests…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
  stdio: 'inherit',
  env,
});
