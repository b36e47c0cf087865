import { LAYOUT, NAV_TEXT, ROUTES } from '@app/shared/spec';
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import {
  Home24Regular,
  ImageSparkle24Regular,
  Person24Regular,
  BrainCircuit24Regular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { tabForPath, type NavTab } from './nav-tabs';

const useStyles = makeStyles({
  nav: {
    position: 'fixed',
    left: 0,
    right: 0,
    bottom: 0,
    zIndex: 10,
    height: `${LAYOUT.bottomNavHeightPx}px`,
    minHeight: `${LAYOUT.bottomNavMinHeightPx}px`,
    paddingBottom: 'env(safe-area-inset-bottom)',
    display: 'flex',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
  tabs: { width: '100%', maxWidth: '640px', justifyContent: 'space-around' },
});

const TABS: ReadonlyArray<{ value: NavTab; label: string; to: string; icon: ReactElement }> = [
  { value: 'home', label: NAV_TEXT.home, to: ROUTES.dashboard, icon: <Home24Regular /> },
  {
    value: 'generate',
    label: NAV_TEXT.generate,
    to: ROUTES.generate,
    icon: <ImageSparkle24Regular />,
  },
  { value: 'models', label: NAV_TEXT.models, to: ROUTES.models, icon: <BrainCircuit24Regular /> },
  { value: 'profile', label: NAV_TEXT.profile, to: ROUTES.profile, icon: <Person24Regular /> },
];

export function BottomNav() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = tabForPath(pathname);
  return (
    <nav className={styles.nav} aria-label="Main">
      <TabList
        className={styles.tabs}
        selectedValue={selected ?? null}
        onTabSelect={(_event, data) => {
          const tab = TABS.find((t) => t.value === data.value);
          if (tab) navigate(tab.to);
        }}
      >
        {TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} icon={tab.icon} aria-label={tab.label}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
    </nav>
  );
}
