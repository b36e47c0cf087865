export type NavTab = 'home' | 'generate' | 'models' | 'profile';

const NAV_ORDER: readonly NavTab[] = ['home', 'generate', 'models', 'profile'];

/** Which bottom-navigation tab a path belongs to; /home… counts as Home (spec §2). */
export function tabForPath(pathname: string): NavTab | undefined {
  if (pathname.startsWith('/home')) return 'home';
  switch (pathname.split('/')[1]) {
    case 'dashboard':
      return 'home';
    case 'generate':
      return 'generate';
    case 'models':
    case 'training':
      return 'models';
    case 'profile':
      return 'profile';
    default:
      return undefined;
  }
}

/**
 * The tab an arrow key moves to from `current`, skipping Generate while it is disabled (spec
 * §2); undefined at either end or when no tab is selected.
 */
export function neighbourTab(
  current: NavTab | undefined,
  direction: 'left' | 'right',
  generateEnabled: boolean,
): NavTab | undefined {
  if (current === undefined) return undefined;
  const usable = NAV_ORDER.filter((tab) => tab !== 'generate' || generateEnabled);
  const index = usable.indexOf(current);
  if (index === -1) return undefined;
  return usable[index + (direction === 'left' ? -1 : 1)];
}

/** Element shapes the arrow-key rule needs; a DOM Element satisfies it. */
export interface FocusTarget {
  tagName: string;
  isContentEditable?: boolean;
  closest(selector: string): unknown;
}

/** Arrow keys belong to whatever has focus inside a dialog, modal, photo viewer or text field. */
export function arrowKeysBelongToFocus(focused: FocusTarget | null): boolean {
  if (!focused) return false;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(focused.tagName) || focused.isContentEditable) {
    return true;
  }
  return (
    focused.closest(
      '[role="dialog"], [role="alertdialog"], [aria-modal="true"], [data-photo-viewer]',
    ) !== null
  );
}
