import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RuleSetRule, RuleSetUseItem } from '@rspack/core';

const require = createRequire(import.meta.url);

/**
 * Loaders every front-end app uses: TypeScript/JSX through rspack's built-in SWC, then Griffel's
 * build-time transform; CSS through rspack's native CSS support, fonts and images as hashed files.
 */
export function appModuleRules(mode: 'development' | 'production'): RuleSetRule[] {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      // Loaders run last to first: SWC strips the types and JSX, Griffel then sees plain ES2020.
      use: [
        { loader: require.resolve('./griffel-aot-check.cjs') },
        griffelAheadOfTime(),
        swc(mode),
      ],
      type: 'javascript/auto',
    },
    { test: /\.css$/, type: 'css/auto' },
    { test: /\.(woff2?|png|svg|jpe?g|webp|ico)$/, type: 'asset/resource' },
  ];
}

/**
 * Modules every app's build replaces (for `resolve.alias`): Fluent's `tokens` map by
 * `@app/shared/theme/fluent-tokens`, which gives the same values without listing them. Fluent's
 * own files import the map by a relative path, so it is replaced by its absolute one. If a Fluent
 * release moves it, the build fails here rather than shipping the map again unnoticed.
 */
export function fluentTokensAlias(): Record<string, string> {
  const from = (file: string) => createRequire(file);
  const components = require.resolve('@fluentui/react-components/package.json');
  const theme = from(components).resolve('@fluentui/react-theme/package.json');
  const tokensMap = join(
    dirname(from(theme).resolve('@fluentui/tokens/package.json')),
    'lib',
    'tokens.js',
  );
  if (!existsSync(tokensMap)) throw new Error(`Fluent's tokens map is no longer at ${tokensMap}`);
  return { [`${tokensMap}$`]: require.resolve('../src/theme/fluent-tokens.ts') };
}

function swc(mode: 'development' | 'production'): RuleSetUseItem {
  return {
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        // Every browser that runs the app (service workers, Module Federation) runs ES2020: no
        // down-levelled async functions or helpers in the bundles.
        target: 'es2020',
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: mode === 'development' } },
      },
    },
  };
}

/**
 * Fluent's own components ship their styles resolved (`__styles`); ours would otherwise be
 * resolved at every start (stylis, rtl-css-js, hashing: main-thread work before a phone's first
 * frame). The loader evaluates each `makeStyles`/`makeResetStyles` argument at
 * build time, with whatever it imports (tokens, shorthands, @app/shared's spec and theme), and
 * writes `__styles`/`__resetStyles` with the resolved class names and CSS instead. A style object
 * it cannot evaluate fails the build with the file and the expression.
 */
function griffelAheadOfTime(): RuleSetUseItem {
  return {
    loader: require.resolve('@griffel/webpack-loader'),
    options: {
      modules: [
        {
          moduleSource: '@fluentui/react-components',
          importName: 'makeStyles',
          resetImportName: 'makeResetStyles',
          // Fluent does not re-export `__staticStyles`: static sheets stay resolved at run time.
          staticImportName: null,
        },
      ],
      // Linaria's evaluator rewrites each evaluated module with @babel/runtime's helpers, which no
      // app depends on.
      webpackResolveOptions: {
        alias: { '@babel/runtime': dirname(require.resolve('@babel/runtime/package.json')) },
      },
      // Imported TypeScript (e.g. @app/shared/theme) is evaluated from source, outside SWC.
      babelOptions: {
        presets: [
          [require.resolve('@babel/preset-typescript'), { allExtensions: true, isTSX: true }],
        ],
      },
    },
  };
}
