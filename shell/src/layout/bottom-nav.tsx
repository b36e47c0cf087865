import { hasReadyModel } from '@app/shared/data/user';
import { LAYOUT, NAV_TEXT, ROUTES } from '@app/shared/spec';
import { Button, makeStyles, mergeClasses, tokens, Tooltip } from '@fluentui/react-components';
import {
  BrainCircuit24Regular,
  Home24Regular,
  ImageSparkle24Regular,
  Person24Regular,
} from '@fluentui/react-icons';
import { useEffect, useRef, useState, type PointerEvent, type ReactElement } from 'react';
import { useLocation, useNavigate } from '@app/shared/navigation';
import { useProfileKeptOffline } from './offline-profile';
import { arrowKeysBelongToFocus, neighbourTab, tabForPath, type NavTab } from './nav-tabs';

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
  items: {
    display: 'flex',
    width: '100%',
    maxWidth: '640px',
    justifyContent: 'space-around',
    alignItems: 'stretch',
  },
  item: {
    flexDirection: 'column',
    flexGrow: 1,
    gap: '2px',
    minWidth: 0,
    borderRadius: 0,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground2,
  },
  // Fluent greys a disabled button's icon; the label must say 'disabled' just as clearly.
  disabled: { color: tokens.colorNeutralForegroundDisabled },
  selected: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    boxShadow: `inset 0 -3px 0 ${tokens.colorBrandStroke1}`,
  },
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

const PATH_OF = Object.fromEntries(TABS.map((tab) => [tab.value, tab.to])) as Record<
  NavTab,
  string
>;

/**
 * The Generate tab's tooltip, shown on hover and keyboard focus as Fluent does, and on a tap of
 * the locked tab (the only way a phone can tell why it is locked). A tap of the open tab takes
 * the user to the page: the tab keeps the focus there, and Fluent would leave its description
 * over the page until the focus moved.
 */
function useGenerateTip(generateEnabled: boolean) {
  const [visible, setVisible] = useState(false);
  const pointer = useRef<string | undefined>(undefined);
  const notePointer = (event: PointerEvent<HTMLButtonElement>) => {
    pointer.current = event.pointerType;
  };
  return {
    visible,
    onVisibleChange: (_event: unknown, data: { visible: boolean }) =>
      setVisible(data.visible && !(generateEnabled && pointer.current === 'touch')),
    triggerProps: {
      onPointerEnter: notePointer,
      onPointerDown: notePointer,
      onBlur: () => {
        pointer.current = undefined;
      },
    },
  };
}

/** The signed-in navigation (spec §2): Generate waits for a ready model; arrow keys move along. */
export default function BottomNav() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = tabForPath(pathname);
  const profile = useProfileKeptOffline();
  const generateEnabled = hasReadyModel(profile);
  const generateTip = useGenerateTip(generateEnabled);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (arrowKeysBelongToFocus(document.activeElement)) return;
      // The address, not the rendered tab: a second press can come before React has rendered
      // the first one's route (navigations are transitions), and must move on from there.
      const next = neighbourTab(
        tabForPath(window.location.pathname),
        event.key === 'ArrowLeft' ? 'left' : 'right',
        generateEnabled,
      );
      if (!next) return;
      event.preventDefault();
      navigate(PATH_OF[next]);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [generateEnabled, navigate]);

  return (
    <nav className={styles.nav} aria-label="Main">
      <div className={styles.items}>
        {TABS.map((tab) => {
          const disabled = tab.value === 'generate' && !generateEnabled;
          const button = (
            <Button
              key={tab.value}
              appearance="transparent"
              icon={tab.icon}
              className={mergeClasses(
                styles.item,
                tab.value === selected && styles.selected,
                disabled && styles.disabled,
              )}
              aria-current={tab.value === selected ? 'page' : undefined}
              disabledFocusable={disabled}
              onClick={() => navigate(tab.to)}
              {...(tab.value === 'generate' ? generateTip.triggerProps : {})}
            >
              {tab.label}
            </Button>
          );
          if (tab.value !== 'generate') return button;
          return (
            <Tooltip
              key={tab.value}
              relationship="description"
              content={disabled ? NAV_TEXT.generateLockedTooltip : NAV_TEXT.generateReadyTooltip}
              visible={generateTip.visible}
              onVisibleChange={generateTip.onVisibleChange}
            >
              {button}
            </Tooltip>
          );
        })}
      </div>
    </nav>
  );
}
