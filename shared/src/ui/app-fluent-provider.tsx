import { FluentProvider, IdPrefixProvider } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { brandTheme, touchBrandTheme } from '../theme';
import { TOUCH_ONLY_MEDIA_QUERY } from './hover';
import { useMediaQuery } from './use-media-query';

/**
 * Each federated app bundles its own Fluent copy, and Fluent components only see a provider from
 * the same copy (portals, dialogs and tooltips included), so every app wraps its tree in this.
 * The id prefix keeps ids unique when several copies render on one page (fluentui #26448).
 * On a touch-only screen the theme has no hover colours (`withoutHoverColours`).
 */
export function AppFluentProvider({
  idPrefix,
  children,
}: {
  idPrefix: string;
  children: ReactNode;
}) {
  const touchOnly = useMediaQuery(TOUCH_ONLY_MEDIA_QUERY);
  return (
    <IdPrefixProvider value={`${idPrefix}-`}>
      <FluentProvider
        theme={touchOnly ? touchBrandTheme : brandTheme}
        style={{ backgroundColor: 'transparent' }}
      >
        {children}
      </FluentProvider>
    </IdPrefixProvider>
  );
}
