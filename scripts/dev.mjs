// `pnpm dev`: rspack dev servers with hot reload for the shell and every remote, plus the api in
// watch mode. Open the shell's dev server; it proxies the api, identity and /config.json.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FRONTENDS } from './frontends.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const remoteUrls = Object.fromEntries(
  FRONTENDS.filter((app) => app.remote).map((app) => [
    `REMOTE_${app.remote.toUpperCase()}_URL`,
    `http://localhost:${app.devPort}/mf-manifest.json`,
  ]),
);

const children = [];
function run(name, command, args, cwd, env = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n'))
        if (line) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code) => {
    if (!stopping) console.log(`${prefix}exited with ${code}`);
  });
  children.push(child);
}

let stopping = false;
function stop() {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const shellOrigin = `http://localhost:${FRONTENDS.find((app) => app.dir === 'shell').devPort}`;
run(
  'api',
  join(root, 'api', 'node_modules', '.bin', 'tsx'),
  ['watch', '--clear-screen=false', 'src/main.ts'],
  join(root, 'api'),
  {
    ...remoteUrls,
    SERVE_WEB: 'false',
    // The browser talks to the shell's dev server, which proxies the api and the identity service.
    IDENTITY_ALLOWED_ORIGINS: shellOrigin,
    IDENTITY_REDIRECT_URIS: `${shellOrigin}/callback`,
    IDENTITY_LOGOUT_URIS: `${shellOrigin}/logout`,
  },
);
for (const app of FRONTENDS) {
  const dir = join(root, app.dir);
  run(
    app.dir,
    join(dir, 'node_modules', '.bin', 'rspack'),
    ['serve', '--mode', 'development'],
    dir,
  );
}
console.log(`Open ${shellOrigin} (api on http://localhost:3000)`);
