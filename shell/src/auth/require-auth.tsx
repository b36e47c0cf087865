import { ROUTES } from '@app/shared/spec';
import type { ReactNode } from 'react';
import { Navigate } from '@app/shared/navigation';
import { useAuth } from './auth-context';
import { AuthLoading } from './auth-loading';

/** Protected routes send a signed-out user to / (spec §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <AuthLoading />;
  if (status === 'unauthenticated') return <Navigate to={ROUTES.home} replace />;
  return children;
}
