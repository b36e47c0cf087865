import { describe, expect, it } from 'vitest';
import { arrowKeysBelongToFocus, neighbourTab, tabForPath, type FocusTarget } from './nav-tabs';

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

describe('neighbourTab', () => {
  it('moves one tab left or right', () => {
    expect(neighbourTab('models', 'left', true)).toBe('generate');
    expect(neighbourTab('models', 'right', true)).toBe('profile');
  });

  it('skips Generate while it is disabled', () => {
    expect(neighbourTab('home', 'right', false)).toBe('models');
    expect(neighbourTab('models', 'left', false)).toBe('home');
  });

  it('stops at either end and without a selected tab', () => {
    expect(neighbourTab('home', 'left', true)).toBeUndefined();
    expect(neighbourTab('profile', 'right', true)).toBeUndefined();
    expect(neighbourTab(undefined, 'right', true)).toBeUndefined();
  });
});

describe('arrowKeysBelongToFocus', () => {
  const element = (tagName: string, inside: string | null = null): FocusTarget => ({
    tagName,
    closest: (selector: string) => (inside && selector.includes(inside) ? {} : null),
  });

  it('leaves arrow keys to text fields', () => {
    expect(arrowKeysBelongToFocus(element('INPUT'))).toBe(true);
    expect(arrowKeysBelongToFocus(element('TEXTAREA'))).toBe(true);
    expect(arrowKeysBelongToFocus({ ...element('DIV'), isContentEditable: true })).toBe(true);
  });

  it('leaves arrow keys to dialogs, modals and the photo viewer', () => {
    expect(arrowKeysBelongToFocus(element('BUTTON', 'role="dialog"'))).toBe(true);
    expect(arrowKeysBelongToFocus(element('BUTTON', 'aria-modal'))).toBe(true);
    expect(arrowKeysBelongToFocus(element('IMG', 'data-photo-viewer'))).toBe(true);
  });

  it('takes arrow keys elsewhere', () => {
    expect(arrowKeysBelongToFocus(element('BUTTON'))).toBe(false);
    expect(arrowKeysBelongToFocus(null)).toBe(false);
  });
});
