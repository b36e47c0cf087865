import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['mfe-gallery', 'mfe-generate', 'mfe-models', 'mfe-profile'];

/** The modules of @app/shared that hold state; shared/build/federation.ts shares the same list. */
const STATEFUL_SHARED_MODULES = JSON.parse(
  readFileSync(new URL('./shared/build/stateful-modules.json', import.meta.url), 'utf8'),
);

/**
 * Module Federation shares a module by its import request: reached by any other path, a stateful
 * module is bundled again, as a copy nobody configured (a second bus, an unconfigured API client).
 */
const statefulByRelativePath = {
  regex: `^\\.{1,2}/(?:.*/)?(?:${STATEFUL_SHARED_MODULES.join('|')})(?:\\.tsx?)?$`,
  message:
    'Import stateful shared modules by package name (@app/shared/<name>), also inside @app/shared.',
};
const sharedByRelativePath = {
  regex: '(?:^|/)shared/(?:src|build)(?:/|$)',
  message: 'Import @app/shared by its package name.',
};

/** Imports flow one way: apps -> @app/shared, never app -> app; backends never import browser code. */
function restrictedImportsFor(dir) {
  const forbidden = [...REMOTES, 'shell'].filter((other) => other !== dir);
  return {
    files: [`${dir}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router-dom', 'react-router'].map((name) => ({
            name,
            message:
              'Import the router from @app/shared/navigation: one router per page, and only the parts the apps use.',
          })),
          patterns: [
            sharedByRelativePath,
            ...forbidden.map((other) => ({
              group: [`@app/${other}`, `@app/${other}/*`, `**/${other}/**`],
              message: 'Apps depend only on @app/shared, never on each other.',
            })),
          ],
        },
      ],
    },
  };
}

/**
 * Layers of a backend, top first: a module may import its own layer and the ones below, never one
 * above. Entries are folders or files under `src`.
 */
function layerZones(pkg, layers) {
  const at = (entries) => entries.map((entry) => `./${pkg}/src/${entry}`);
  return layers.slice(1).map((layer, index) => ({
    target: at(layer.entries),
    from: at(layers.slice(0, index + 1).flatMap((above) => above.entries)),
    message: `The ${layer.name} layer of ${pkg} never imports from a layer above it.`,
  }));
}

/**
 * The api: routes -> services -> engines -> jobs -> storage and the database. A lower layer gets
 * the services it uses as parameters (constructor or factory): it never sees the Fastify app.
 */
const API_LAYERS = [
  { name: 'composition', entries: ['app.ts', 'main.ts'] },
  // Plugins wire the services into Fastify beside the routes; neither is imported from below.
  { name: 'routes', entries: ['routes', 'presenters.ts', 'plugins'] },
  { name: 'services', entries: ['services', 'billing'] },
  { name: 'engines', entries: ['engines'] },
  { name: 'jobs', entries: ['jobs'] },
  {
    name: 'foundation',
    entries: [
      'db',
      'storage',
      'media',
      'auth',
      'web',
      'config.ts',
      'data-dir.ts',
      'paths.ts',
      'http-errors.ts',
      'errors.ts',
      'validation-message.ts',
    ],
  },
];

/** @app/face-net (api/face-net) is a leaf: the api uses it, it uses nothing of the workspace. */
const FACE_NET_ZONES = [
  {
    target: './api/face-net',
    from: ['./api/src', './api/test', './identity', './shared'],
    message: '@app/face-net imports nothing of the api or of the other workspace packages.',
  },
];

/** identity: entry points -> operations (the user-pool API) -> auth flows -> users, tokens, db. */
const IDENTITY_LAYERS = [
  {
    name: 'entry',
    entries: [
      'index.ts',
      'main.ts',
      'cli.ts',
      'config.ts',
      'data-dir.ts',
      'cors.ts',
      'close-connections.ts',
      'routes',
      'hosted-ui',
      'admin',
    ],
  },
  { name: 'operations', entries: ['operations'] },
  { name: 'auth', entries: ['auth', 'mfa', 'codes', 'srp', 'call-context.ts'] },
  { name: 'tokens', entries: ['tokens', 'service.ts'] },
  {
    name: 'storage',
    entries: ['users', 'mail', 'db', 'errors.ts', 'options.ts'],
  },
];

const BACKENDS = { api: API_LAYERS, identity: IDENTITY_LAYERS };

/** Whether a file sits in one of the layers (a folder or a file under `<pkg>/src`). */
function inLayer(file, pkg, layers) {
  const path = relative(join(import.meta.dirname, pkg, 'src'), file)
    .split(sep)
    .join('/');
  return layers.some(({ entries }) =>
    entries.some((entry) => path === entry || path.startsWith(`${entry}/`)),
  );
}

/** Every file of a backend's src belongs to a layer, so the layer rules cover all of it. */
const layersPlugin = {
  rules: {
    'in-a-layer': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const pkg = Object.keys(BACKENDS).find((name) =>
          context.filename.startsWith(join(import.meta.dirname, name, 'src') + sep),
        );
        if (!pkg || inLayer(context.filename, pkg, BACKENDS[pkg])) return {};
        return {
          Program(node) {
            context.report({
              node,
              message: `This file is in no layer of ${pkg}: add it (or its folder) to the layers in eslint.config.js.`,
            });
          },
        };
      },
    },
  },
};

/** The files of a backend below its top layer (routes and plugins, or identity's entry points). */
function lowerLayerFiles(pkg, layers, top) {
  const below = layers.slice(layers.findIndex((layer) => layer.name === top) + 1);
  return below
    .flatMap((layer) => layer.entries)
    .map((entry) =>
      entry.endsWith('.ts') ? `${pkg}/src/${entry}` : `${pkg}/src/${entry}/**/*.ts`,
    );
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.work/**',
      '**/.data/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // A function or component a reader can hold in mind at once; longer ones split by concern.
    // Tests and e2e are excluded.
    files: [
      'shell/src/**/*.{ts,tsx}',
      'mfe-*/src/**/*.{ts,tsx}',
      'shared/src/**/*.{ts,tsx}',
      'api/src/**/*.ts',
      'api/face-net/src/**/*.ts',
      'identity/src/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  ...['shell', ...REMOTES].map(restrictedImportsFor),
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [statefulByRelativePath] }],
    },
  },
  {
    files: ['api/**/*.ts', 'identity/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            sharedByRelativePath,
            {
              group: [
                '@app/shared/ui',
                '@app/shared/theme*',
                '@app/shared/bus',
                'react',
                'react-dom',
                '@fluentui/*',
              ],
              message: 'Backends use only the framework-free parts of @app/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/**/*.ts', 'api/face-net/**/*.ts', 'identity/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports into other files, which it must resolve and parse as TypeScript.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...layerZones('api', API_LAYERS),
            ...layerZones('identity', IDENTITY_LAYERS),
            ...FACE_NET_ZONES,
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/**/*.ts', 'identity/src/**/*.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/in-a-layer': 'error' },
  },
  {
    // The layer rule holds for what is passed in as for what is imported: below the routes, code
    // gets the services it uses, never the app that holds them all.
    files: [
      ...lowerLayerFiles('api', API_LAYERS, 'routes'),
      ...lowerLayerFiles('identity', IDENTITY_LAYERS, 'entry'),
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyInstance'],
              message:
                'Below the routes, take the services you use as parameters, not the Fastify app.',
            },
            {
              name: 'fastify-plugin',
              message: 'Plugins belong to the routes layer (api/src/plugins).',
            },
          ],
        },
      ],
    },
  },
);
