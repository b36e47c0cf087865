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
