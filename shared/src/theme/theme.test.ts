import { describe, expect, it } from 'vitest';
import { TOUCH_ONLY_MEDIA_QUERY } from '../ui/hover';
import { brandTheme, themeStyleElement, touchBrandTheme } from './index';
import { PAGE_THEME_STYLE_ID } from './page-theme-id';

const tokens = (theme: object) => theme as Record<string, string | number>;

describe('touchBrandTheme', () => {
  it('rests in every hover colour, so a tapped control does not stay lit', () => {
    const brand = tokens(brandTheme);
    const touch = tokens(touchBrandTheme);
    const hovers = Object.keys(brand).filter((name) => name.endsWith('Hover'));
    expect(hovers.length).toBeGreaterThan(30);
    for (const name of hovers) {
      const rest =
        name.slice(0, -'Hover'.length) in brand
          ? name.slice(0, -'Hover'.length)
          : name.replace(/(Brand|LightAlpha)Hover$/, '');
      expect(touch[name], name).toBe(brand[rest]);
    }
    expect(touch.colorBrandBackgroundHover).toBe(brand.colorBrandBackground);
    expect(touch.colorNeutralForeground2BrandHover).toBe(brand.colorNeutralForeground2);
  });

  it('keeps every other token, pressed colours included', () => {
    const brand = tokens(brandTheme);
    const touch = tokens(touchBrandTheme);
    for (const name of Object.keys(brand).filter((name) => !name.endsWith('Hover'))) {
      expect(touch[name], name).toBe(brand[name]);
    }
    expect(touch.colorBrandBackgroundPressed).not.toBe(touch.colorBrandBackground);
  });
});

describe('themeStyleElement', () => {
  it('sets every token on :root, and only the differing hover colours on a touch-only screen', () => {
    const element = themeStyleElement();
    const opening = `<style id="${PAGE_THEME_STYLE_ID}">`;
    expect(element.startsWith(opening) && element.endsWith('</style>')).toBe(true);
    const css = element.slice(opening.length, -'</style>'.length);
    const [page, touchBlock] = css.split(`@media ${TOUCH_ONLY_MEDIA_QUERY}`);
    const variables = (text: string) =>
      Object.fromEntries(
        [...text.matchAll(/--([\w-]+): ([^;]+);/g)].map(([, name, value]) => [name, value]),
      );
    const brand = tokens(brandTheme);
    expect(page!.startsWith(':root {')).toBe(true);
    expect(variables(page!)).toEqual(
      Object.fromEntries(Object.entries(brand).map(([name, value]) => [name, String(value)])),
    );
    const touch = variables(touchBlock!);
    expect(Object.keys(touch).length).toBeGreaterThan(30);
    for (const [name, value] of Object.entries(touch)) {
      expect(name.endsWith('Hover'), name).toBe(true);
      expect(value).toBe(String(tokens(touchBrandTheme)[name]));
    }
    expect(touch.colorBrandBackgroundHover).toBe(brand.colorBrandBackground);
  });
});
