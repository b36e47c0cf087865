import { bus, type BusEvents } from '@app/shared/bus';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from '@app/shared/navigation';
import { useAuth } from './auth/auth-context';
import type { ShownToast } from './shell-toaster';

let toastCount = 0;

// Toasts are rare; loading their code on the first one keeps it out of the shell's first load.
const ShellToaster = lazy(() => import('./shell-toaster'));

/** The shell's side of the bus: requests from remotes that only the shell can carry out. */
export function BusBridge() {
  const navigate = useNavigate();
  const { logout, updateName, deleteIdentity } = useAuth();
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const [toasterWanted, setToasterWanted] = useState(false);

  useEffect(() => {
    const onNav = ({ to, replace }: BusEvents['nav:go']) => navigate(to, { replace: !!replace });
    const onToast = (toast: BusEvents['toast:show']) => {
      setToasterWanted(true);
      setToasts((queue) => [...queue, { ...toast, id: (toastCount += 1) }]);
    };
    const onLogoutRequested = ({ reply }: BusEvents['auth:logout-requested']) => {
      logout().then(
        () => {
          reply?.({ ok: true });
          navigate('/', { replace: true });
        },
        (error: unknown) => {
          console.error('Logout failed', error);
          reply?.({ ok: false, error });
        },
      );
    };
    const onUpdateNameRequested = ({ name, reply }: BusEvents['auth:update-name-requested']) => {
      updateName(name).then(
        () => reply({ ok: true }),
        (error: unknown) => reply({ ok: false, error }),
      );
    };
    const onDeleteIdentityRequested = ({ reply }: BusEvents['auth:delete-identity-requested']) => {
      deleteIdentity().then(
        () => reply({ ok: true }),
        (error: unknown) => reply({ ok: false, error }),
      );
    };
    bus.on('nav:go', onNav);
    bus.on('auth:delete-identity-requested', onDeleteIdentityRequested);
    bus.on('toast:show', onToast);
    bus.on('auth:logout-requested', onLogoutRequested);
    bus.on('auth:update-name-requested', onUpdateNameRequested);
    return () => {
      bus.off('nav:go', onNav);
      bus.off('auth:delete-identity-requested', onDeleteIdentityRequested);
      bus.off('toast:show', onToast);
      bus.off('auth:logout-requested', onLogoutRequested);
      bus.off('auth:update-name-requested', onUpdateNameRequested);
    };
  }, [navigate, logout, updateName, deleteIdentity]);

  // The first toast waits in the queue while the toaster's code loads; then each in turn.
  const onDone = useCallback(() => setToasts((queue) => queue.slice(1)), []);

  if (!toasterWanted) return null;
  return (
    <Suspense fallback={null}>
      <ShellToaster toast={toasts[0] ?? null} onDone={onDone} />
    </Suspense>
  );
}
