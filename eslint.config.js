import { readFileSync } from 'node:fs';
import js from '@eslint/js';
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
);
