// Builds each front end whose build is missing or older than its sources (or @app/shared's),
// so `pnpm start` on a fresh clone serves the product and later starts are instant.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FRONTENDS } from './frontends.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const sharedInputs = newestMtime(join(root, 'shared'));

for (const app of FRONTENDS) {
  const dir = join(root, app.dir);
  const marker = join(dir, app.builtMarker);
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const inputs = Math.max(
    sharedInputs,
    newestMtime(join(dir, 'src')),
    newestMtime(join(dir, 'public')),
    newestMtime(join(dir, 'package.json')),
    newestMtime(join(dir, 'rspack.config.ts')),
  );
  if (!force && builtAt > inputs) {
    console.log(`${app.dir}: up to date`);
    continue;
  }
  console.log(`${app.dir}: building…`);
  execFileSync(join(dir, 'node_modules', '.bin', 'rspack'), ['build', '--mode', 'production'], {
    cwd: dir,
    stdio: 'inherit',
  });
}
