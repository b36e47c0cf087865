import { LAYOUT, THEME_COLORS } from '@app/shared/spec';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Outlet } from 'react-router-dom';
import { InstallBanner } from '../pwa/install-banner';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';

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
    // Keeps the last row of content clear of the fixed bottom navigation.
    paddingBottom: `calc(${LAYOUT.bottomNavMinHeightPx}px + env(safe-area-inset-bottom))`,
  },
});

export function AppLayout() {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <AppHeader />
      <main className={styles.main}>
        <Outlet />
      </main>
      <InstallBanner />
      <BottomNav />
    </div>
  );
}
