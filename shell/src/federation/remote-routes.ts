import type { RemoteName } from '@app/shared/runtime-config';
import { ROUTES } from '@app/shared/spec';

/** Where each remote is mounted (spec §2); app.tsx builds its routes from this table. */
export const REMOTE_ROUTES: readonly { path: string; remote: RemoteName }[] = [
  { path: ROUTES.dashboard, remote: 'gallery' },
  { path: ROUTES.generate, remote: 'generate' },
  { path: ROUTES.models, remote: 'models' },
  { path: ROUTES.training, remote: 'models' },
  { path: ROUTES.profile, remote: 'profile' },
];

/** The remote that renders `pathname`, if one does. */
export function remoteForPath(pathname: string): RemoteName | null {
  const route = REMOTE_ROUTES.find(
    ({ path }) => pathname === path || pathname.startsWith(`${path}/`),
  );
  return route?.remote ?? null;
}
