export type NavTab = 'home' | 'generate' | 'models' | 'profile';

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
