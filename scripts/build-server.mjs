// Compiles the server for `pnpm start`: the api (with the parts of @app/shared it imports) to
// api/dist, the identity service to identity/dist, as ES modules Node runs without tsx. Type
// checking stays with `tsc` (pnpm typecheck); esbuild only strips types and bundles our sources.
// Packages from npm stay imports, resolved at run time from each package's own node_modules,
// which is why identity is a bundle of its own: its dependencies are not the api's.
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The server bundles and the files whose presence proves a build. */
export const SERVER_OUTPUTS = ['api/dist/main.js', 'identity/dist/index.js'];

/** What a server build is made from (scripts/ensure-built.mjs compares their times). */
export const SERVER_INPUTS = [
  'api/src',
  'api/package.json',
  'identity/src',
  'identity/package.json',
  'shared/src',
  'shared/package.json',
  'pnpm-lock.yaml',
  'scripts/build-server.mjs',
];

/**
 * Workspace packages (`@app/*`, TypeScript sources) are bundled; every other bare import stays
 * an import. `@app/identity` from the api becomes an import of identity's own bundle.
 */
function imports({ identityBundle }) {
  return {
    name: 'imports',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, ({ path }) => {
        if (identityBundle && path === '@app/identity') {
          return { path: identityBundle, external: true };
        }
        if (path.startsWith('@app/')) return undefined;
        return { path, external: true };
      });
    },
  };
}

const COMMON = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Stack traces name our functions; the size gain of minifying does not matter on a server.
  minify: false,
  logLevel: 'warning',
};

export async function buildServer() {
  const started = performance.now();
  await Promise.all([
    rm(join(ROOT, 'api/dist'), { recursive: true, force: true }),
    rm(join(ROOT, 'identity/dist'), { recursive: true, force: true }),
  ]);
  await Promise.all([
    build({
      ...COMMON,
      entryPoints: [join(ROOT, 'identity/src/index.ts')],
      outfile: join(ROOT, 'identity/dist/index.js'),
      plugins: [imports({})],
    }),
    build({
      ...COMMON,
      // Worker threads start from files of their own (engines/cpu/start-thread.ts): the CPU
      // engine's and the face analysis'.
      entryPoints: {
        main: join(ROOT, 'api/src/main.ts'),
        'cpu-engine-thread': join(ROOT, 'api/src/engines/cpu/cpu-engine-thread.ts'),
        'face-thread': join(ROOT, 'api/src/engines/cpu/face-thread.ts'),
      },
      outdir: join(ROOT, 'api/dist'),
      // What the api imports with `import()` (sharp, S3, Stripe, Replicate) stays in chunks of
      // its own: in one file esbuild would hoist their packages' imports to the top, loading
      // them all at start.
      splitting: true,
      plugins: [imports({ identityBundle: '../../identity/dist/index.js' })],
    }),
  ]);
  return performance.now() - started;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`server built in ${ms.toFixed(0)} ms: ${SERVER_OUTPUTS.join(', ')}`);
}
