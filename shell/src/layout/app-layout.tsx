import { LAYOUT, THEME_COLORS } from '@app/shared/spec';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { InstallBanner } from '../pwa/install-banner';
import { AppHeader } from './app-header';

// Signed-in chrome stays out of the first load of a signed-out visitor.
const BottomNav = lazy(() => import('./bottom-nav'));

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
});

export function AppLayout() {
  const styles = useStyles();
  const signedIn = useAuth().status === 'authenticated';
  return (
    <div className={styles.page}>
      <AppHeader />
      <main className={mergeClasses(styles.main, signedIn && styles.clearOfNav)}>
        <Outlet />
      </main>
      <InstallBanner />
      {signedIn && (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      )}
    </div>
  );
}
