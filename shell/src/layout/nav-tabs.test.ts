import { describe, expect, it } from 'vitest';
import { tabForPath } from './nav-tabs';

describe('tabForPath', () => {
  it.each([
    ['/dashboard', 'home'],
    ['/home', 'home'],
    ['/home/anything', 'home'],
    ['/generate', 'generate'],
    ['/models', 'models'],
    ['/training', 'models'],
    ['/profile', 'profile'],
  ])('maps %s to %s', (path, tab) => {
    expect(tabForPath(path)).toBe(tab);
  });

  it('selects no tab on pages outside the navigation', () => {
    expect(tabForPath('/chat')).toBeUndefined();
    expect(tabForPath('/')).toBeUndefined();
    expect(tabForPath('/dashboards')).toBeUndefined();
  });
});
