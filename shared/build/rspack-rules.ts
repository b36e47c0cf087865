import type { RuleSetRule } from '@rspack/core';

/**
 * Loaders every front-end app uses: TypeScript/JSX through rspack's built-in SWC, CSS through
 * rspack's native CSS support, fonts and images as hashed files.
 */
export function appModuleRules(mode: 'development' | 'production'): RuleSetRule[] {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
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
      type: 'javascript/auto',
    },
    { test: /\.css$/, type: 'css/auto' },
    { test: /\.(woff2?|png|svg|jpe?g|webp|ico)$/, type: 'asset/resource' },
  ];
}
