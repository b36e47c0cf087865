import type { tokens as fluentTokens } from '@fluentui/react-components';

/** The tokens whose variable carries a fallback, as Fluent's map writes them. */
const FALLBACKS: Readonly<Record<string, number>> = {
  zIndexBackground: 0,
  zIndexContent: 1,
  zIndexOverlay: 1000,
  zIndexPopup: 2000,
  zIndexMessages: 3000,
  zIndexFloating: 4000,
  zIndexPriority: 5000,
  zIndexDebug: 6000,
};

/**
 * Fluent's `tokens` map, which every app's build uses in place of `@fluentui/tokens`' own
 * (shared/build/rspack-rules.ts). Each of its values only names the token's CSS variable, but the
 * map lists them all: several hundred entries that every app downloads and compiles at start,
 * because Fluent's shipped style files still read a few tokens into constants that the minifier
 * cannot prove unused. The same values, computed from the name on each read.
 * `fluent-tokens.test.ts` compares every entry with Fluent's map.
 */
export const tokens = new Proxy({} as typeof fluentTokens, {
  get: (_target, name) => {
    if (typeof name !== 'string') return undefined;
    const fallback = FALLBACKS[name];
    return fallback === undefined ? `var(--${name})` : `var(--${name}, ${fallback})`;
  },
});
