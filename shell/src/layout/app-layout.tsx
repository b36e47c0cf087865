import { LAYOUT, THEME_COLORS } from '@app/shared/spec';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Outlet } from '@app/shared/navigation';
import { useAuth } from '../auth/auth-context';
import { InstallBanner } from '../pwa/install-banner';
import { onUpdateWaiting, waitingUpdate } from '../pwa/service-worker';
import { AppHeader } from './app-header';

// Signed-in chrome stays out of the first load of a signed-out visitor. It is one chunk group with
// the header's picture, "signed-in", which index.html preloads for a returning user
// (build/first-paint-plugin.ts).
const BottomNav = lazy(() => import(/* webpackChunkName: "signed-in" */ './bottom-nav'));
// Only ever shown when a new version is waiting.
const UpdatePrompt = lazy(() => import('../pwa/update-prompt'));

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100dvh',
    backgroundColor: THEME_COLORS.background,
    color: tokens.colorNeutralForeground1,
  },
  main: {
    flexGrow: 1,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
  },
  clearOfNav: {
    // Keeps the last row of content clear of the fixed bottom navigation.
    paddingBottom: `calc(${LAYOUT.bottomNavMinHeightPx}px + env(safe-area-inset-bottom))`,
  },
  /** Install and update notices float at the bottom, in thumb reach, above the navigation. */
  notices: {
    position: 'fixed',
    left: tokens.spacingHorizontalM,
    right: tokens.spacingHorizontalM,
    bottom: `calc(${tokens.spacingVerticalM} + env(safe-area-inset-bottom))`,
    zIndex: 20,
    maxWidth: '640px',
    margin: '0 auto',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
  },
  noticesAboveNav: {
    bottom: `calc(${LAYOUT.bottomNavMinHeightPx}px + ${tokens.spacingVerticalS} + env(safe-area-inset-bottom))`,
  },
});

export function AppLayout() {
  const styles = useStyles();
  const signedIn = useAuth().status === 'authenticated';
  const takeUpdate = useSyncExternalStore(onUpdateWaiting, waitingUpdate, () => null);
  const [updateDeclined, setUpdateDeclined] = useState(false);
  return (
    <div className={styles.page}>
      <AppHeader />
      <main className={mergeClasses(styles.main, signedIn && styles.clearOfNav)}>
        <Outlet />
      </main>
      <div className={mergeClasses(styles.notices, signedIn && styles.noticesAboveNav)}>
        {takeUpdate && !updateDeclined && (
          <Suspense fallback={null}>
            <UpdatePrompt onAccept={takeUpdate} onDismiss={() => setUpdateDeclined(true)} />
          </Suspense>
        )}
        <InstallBanner />
      </div>
      {signedIn && (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      )}
    </div>
  );
}
