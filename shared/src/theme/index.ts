import { createCSSRuleFromTheme, createLightTheme, type Theme } from '@fluentui/react-components';
import { FONT_FAMILY, THEME_COLORS } from '../spec/constants';
import { TOUCH_ONLY_MEDIA_QUERY } from '../ui/hover';
import { brandRamp } from './brand-ramp';
import { PAGE_THEME_STYLE_ID } from './page-theme-id';

export const brandTheme: Theme = {
  ...createLightTheme(brandRamp(THEME_COLORS.primary)),
  fontFamilyBase: `${FONT_FAMILY}, -apple-system, 'Segoe UI', 'Helvetica Neue', Arial, sans-serif`,
  colorNeutralBackground2: THEME_COLORS.background,
};

/**
 * The theme for a screen whose input cannot hover (ui/hover.ts): every hover colour is its
 * resting one, so a control does not stay lit after a tap. Pressed colours stay, so a tap shows.
 */
function withoutHoverColours(theme: Theme): Theme {
  const tokens = theme as unknown as Record<string, string | number>;
  const touch: Record<string, string | number> = { ...tokens };
  for (const name of Object.keys(tokens)) {
    if (!name.endsWith('Hover')) continue;
    // colorNeutralForeground2BrandHover rests as colorNeutralForeground2, and the light-alpha
    // subtle background as the subtle one.
    const rest = [
      name.slice(0, -'Hover'.length),
      name.replace(/(Brand|LightAlpha)Hover$/, ''),
    ].find((candidate) => candidate !== name && candidate in tokens);
    if (rest) touch[name] = tokens[rest]!;
  }
  return touch as unknown as Theme;
}

export const touchBrandTheme: Theme = withoutHoverColours(brandTheme);

/**
 * The theme as one stylesheet for the whole page: its variables on :root, and on a touch-only
 * screen the hover colours that differ (`touchBrandTheme`). The shell's build writes it into
 * index.html, so every app's FluentProvider, and every portal (dialogs, menus, toasts), inherits
 * the same variables, and no app computes a theme or inserts it at start.
 */
function themeStylesheet(): string {
  const brand = brandTheme as unknown as Record<string, string | number>;
  const touch = touchBrandTheme as unknown as Record<string, string | number>;
  const touchOnly = Object.fromEntries(
    Object.entries(touch).filter(([name, value]) => brand[name] !== value),
  );
  return (
    createCSSRuleFromTheme(':root', brandTheme) +
    `@media ${TOUCH_ONLY_MEDIA_QUERY}{${createCSSRuleFromTheme(':root', touchOnly)}}`
  );
}

/** The page's theme stylesheet as an element, with the id a provider looks for (page-theme-id.ts). */
export function themeStyleElement(): string {
  return `<style id="${PAGE_THEME_STYLE_ID}">${themeStylesheet()}</style>`;
}
