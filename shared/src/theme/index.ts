import { createLightTheme, type Theme } from '@fluentui/react-components';
import { FONT_FAMILY, THEME_COLORS } from '../spec/constants';
import { brandRamp } from './brand-ramp';

/** Fluent has no "secondary" slot; components that need the accent colour read it from here. */
export const SECONDARY_COLOR = THEME_COLORS.secondary;

export const brandTheme: Theme = {
  ...createLightTheme(brandRamp(THEME_COLORS.primary)),
  fontFamilyBase: `${FONT_FAMILY}, -apple-system, 'Segoe UI', 'Helvetica Neue', Arial, sans-serif`,
  colorNeutralBackground2: THEME_COLORS.background,
};
