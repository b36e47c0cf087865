// Builds each front end whose build is missing or older than its sources (or @app/shared's),
// and the server (scripts/build-server.mjs) when its bundles are older than what they are made
// of, so `pnpm start` on a fresh clone serves the product and later starts are instant.
// `--server`: the server only (what the benchmarks and e2e's api processes need).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_INPUTS, SERVER_OUTPUTS } from './build-server.mjs';
import { FRONTENDS } from './frontends.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const serverOnly = process.argv.includes('--server');

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

const serverBuiltAt = (files) =>
  Math.min(
    ...files.map((file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0)),
  );

const serverInputs = Math.max(...SERVER_INPUTS.map((input) => newestMtime(join(root, input))));
if (!force && serverBuiltAt(SERVER_OUTPUTS) > serverInputs) {
  console.log('server: up to date');
} else {
  console.log('server: building…');
  await buildServer();
}

const sharedInputs = newestMtime(join(root, 'shared'));

for (const app of serverOnly ? [] : FRONTENDS) {
  const dir = join(root, app.dir);
  const marker = join(dir, app.builtMarker);
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const inputs = Math.max(
    sharedInputs,
    newestMtime(join(dir, 'src')),
    newestMtime(join(dir, 'public')),
    newestMtime(join(dir, 'build')),
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
