// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_THEME_STYLE_ID } from '../theme/page-theme-id';
import { AppFluentProvider } from './app-fluent-provider';

/** The CSS rule the provider inserted for its own class (Fluent's theme style tag). */
function providerRule(container: HTMLElement): string {
  const provider = container.querySelector<HTMLElement>('.fui-FluentProvider')!;
  const ownClass = [...provider.classList].find((name) => name !== 'fui-FluentProvider')!;
  const tag = document.getElementById(ownClass) as HTMLStyleElement | null;
  return [...(tag?.sheet?.cssRules ?? [])].map((rule) => rule.cssText).join('');
}

describe('AppFluentProvider', () => {
  afterEach(() => {
    cleanup();
    document.getElementById(PAGE_THEME_STYLE_ID)?.remove();
  });

  it('adds no variables of its own where the page carries the theme', async () => {
    const style = document.createElement('style');
    style.id = PAGE_THEME_STYLE_ID;
    document.head.append(style);
    const { container } = render(<AppFluentProvider idPrefix="t">x</AppFluentProvider>);
    // Once a fallback would have loaded (the module is in memory), it still has none.
    await act(() => import('../theme'));
    expect(providerRule(container)).not.toContain('--colorBrandBackground');
  });

  it('sets the theme itself in a page built before the theme moved into it', async () => {
    const { container } = render(<AppFluentProvider idPrefix="t">x</AppFluentProvider>);
    await waitFor(() => expect(providerRule(container)).toContain('--colorBrandBackground'));
  });
});
