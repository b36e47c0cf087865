import { FluentProvider, IdPrefixProvider } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { brandTheme } from '../theme';

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
      <FluentProvider theme={brandTheme} style={{ backgroundColor: 'transparent' }}>
        {children}
      </FluentProvider>
    </IdPrefixProvider>
  );
}
