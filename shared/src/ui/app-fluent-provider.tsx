import { FluentProvider, IdPrefixProvider, type PartialTheme } from '@fluentui/react-components';
import { useEffect, useState, type ReactNode } from 'react';
import { PAGE_THEME_STYLE_ID } from '../theme/page-theme-id';

/**
 * The theme's variables are set once for the page, on :root, by the stylesheet the shell's build
 * writes into index.html (`themeStyleElement` in @app/shared/theme), so each provider adds none of
 * its own: it inherits them, as do its portals. Empty rather than absent, which Fluent reads as a
 * missing theme.
 */
const THEME_FROM_PAGE: PartialTheme = {};

/**
 * A remote deployed ahead of its shell can run in a page built before the theme moved into it:
 * its portals (dialogs, toasts) would then have no variables. There the theme is loaded once and
 * set on this provider.
 */
function useTheme(): PartialTheme {
  const [theme, setTheme] = useState(THEME_FROM_PAGE);
  useEffect(() => {
    if (document.getElementById(PAGE_THEME_STYLE_ID)) return;
    let mounted = true;
    import('../theme').then(
      ({ brandTheme }) => mounted && setTheme(brandTheme),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return theme;
}

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
      <FluentProvider theme={useTheme()} style={{ backgroundColor: 'transparent' }}>
        {children}
      </FluentProvider>
    </IdPrefixProvider>
  );
}
