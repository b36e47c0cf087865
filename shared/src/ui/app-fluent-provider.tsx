import { FluentProvider, IdPrefixProvider } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/**
 * The theme's variables are set once for the page, on :root, by the stylesheet the shell's build
 * writes into index.html (`themeStylesheet` in @app/shared/theme), so each provider adds none of
 * its own: it inherits them, as do its portals. Empty rather than absent, which Fluent reads as a
 * missing theme.
 */
const THEME_FROM_PAGE = {};

/**
 * Each federated app bundles its own Fluent copy, and Fluent components only see a provider from
 * the same copy (portals, dialogs and tooltips included), so every app wraps its tree in this.
 * The id prefix keeps ids unique when several copies render on one page (fluentui #26448).
 */
export function AppFluentProvider({
  idPrefix,
  children,
}: {
  idPrefix: string;
  children: ReactNode;
}) {
  return (
    <IdPrefixProvider value={`${idPrefix}-`}>
      <FluentProvider theme={THEME_FROM_PAGE} style={{ backgroundColor: 'transparent' }}>
        {children}
      </FluentProvider>
    </IdPrefixProvider>
  );
}
