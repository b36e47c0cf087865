// Compiles the server for `pnpm start`: the api, with the identity service and the parts of
// @app/shared it imports, into api/dist as ES modules Node runs without tsx. Type checking stays
// with `tsc` (pnpm typecheck); esbuild only strips types and bundles.
//
// npm packages are bundled too: Node loading dozens of packages file by file was most of a
// start's CPU time and a good part of its memory (bench/start-up.ts prints both). The exceptions
// stay imports, resolved at run time from api/node_modules: see EXTERNAL.
import { readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The server bundle: its presence and time prove a build. */
export const SERVER_OUTPUTS = ['api/dist/main.js'];

/** What a server build is made from (scripts/ensure-built.mjs compares their times). */
export const SERVER_INPUTS = [
  'api/src',
  'api/package.json',
  'api/face-net/src',
  'api/face-net/package.json',
  'identity/src',
  'identity/package.json',
  'shared/src',
  'shared/package.json',
  'pnpm-lock.yaml',
  'scripts/build-server.mjs',
];

/**
 * Packages that stay imports. Each must be a dependency of the api itself (pnpm lets the api's
 * files resolve only those; the build checks it).
 */
const EXTERNAL = new Set([
  // Native addons.
  'better-sqlite3',
  'sharp',
  // Read wasm, model or worker files from their own folder at run time.
  '@vladmandic/face-api',
  'heic-decode',
  'pino',
  '@fastify/swagger',
  // Loaded on first use, only when configured: kept out of the start's files altogether.
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  'pg',
  'replicate',
  'stripe',
  'yazl',
]);

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function externals() {
  return {
    name: 'externals',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, ({ path }) => {
        if (path.startsWith('node:')) return { path, external: true };
        const name = packageName(path);
        if (!EXTERNAL.has(name)) return undefined;
        if (!existsSync(join(ROOT, 'api/node_modules', name))) {
          return {
            errors: [{ text: `${name} stays an import but is not a dependency of the api` }],
          };
        }
        return { path, external: true };
      });
    },
  };
}

/**
 * A bundled CommonJS module that finds files next to itself would look beside the bundle
 * instead: such a package belongs in EXTERNAL.
 */
async function refuseFileRelativeCode(outputFiles) {
  for (const file of outputFiles) {
    const code = await readFile(file, 'utf8');
    const line = code.split('\n').findIndex((text) => /\b__(dirname|filename)\b/.test(text));
    if (line >= 0) {
      throw new Error(
        `${file}:${line + 1} uses __dirname or __filename: keep its package external`,
      );
    }
  }
}

export async function buildServer() {
  const started = performance.now();
  const outdir = join(ROOT, 'api/dist');
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Whitespace and syntax only: names stay, so a stack trace still names its functions (its
    // positions map back through the linked source map, e.g. `node --enable-source-maps`). The
    // comments that esbuild keeps otherwise carry non-Latin-1 characters, which make V8 hold the
    // whole source as a two-byte string; minified it is one-byte text, and smaller.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: ROOT,
    // Worker threads start from files of their own (engines/cpu/start-thread.ts): the CPU
    // engine's and the face analysis'.
    entryPoints: {
      main: join(ROOT, 'api/src/main.ts'),
      'cpu-engine-thread': join(ROOT, 'api/src/engines/cpu/cpu-engine-thread.ts'),
      'face-thread': join(ROOT, 'api/src/engines/cpu/face-thread.ts'),
    },
    outdir,
    // What the api imports with `import()` stays in chunks of its own, loaded on first use: in
    // one file esbuild would hoist their imports to the top, loading them all at start.
    splitting: true,
    // Bundled CommonJS packages `require` Node's own modules, which an ES module can only do
    // through a require of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [externals()],
  });
  await refuseFileRelativeCode(
    Object.keys(result.metafile.outputs)
      .filter((file) => file.endsWith('.js'))
      .map((file) => join(ROOT, file)),
  );
  return performance.now() - started;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`server built in ${ms.toFixed(0)} ms: ${SERVER_OUTPUTS.join(', ')}`);
}
