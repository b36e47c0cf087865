import { describe, expect, it } from 'vitest';
import { brandTheme, touchBrandTheme } from './index';

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
