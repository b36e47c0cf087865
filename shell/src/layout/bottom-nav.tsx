import { hasReadyModel } from '@app/shared/data/user';
import { LAYOUT, NAV_TEXT, ROUTES } from '@app/shared/spec';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  BrainCircuit24Regular,
  Home24Regular,
  ImageSparkle24Regular,
  Person24Regular,
} from '@fluentui/react-icons';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
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
  // The tab's own box, so its tooltip can sit above it.
  tipAnchor: { position: 'relative', display: 'flex', flexGrow: 1, minWidth: 0 },
  // Fluent's tooltip, as its default appearance draws it.
  tip: {
    position: 'absolute',
    bottom: `calc(100% + ${tokens.spacingVerticalS})`,
    left: '50%',
    transform: 'translateX(-50%)',
    width: 'max-content',
    maxWidth: 'min(240px, calc(100vw - 16px))',
    padding: '4px 11px 6px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow8,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    textAlign: 'center',
    pointerEvents: 'none',
  },
});

/** How long a mouse rests on the tab before its tooltip shows (Fluent's default). */
const SHOW_DELAY_MS = 250;

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
 * The Generate tab's tooltip: shown while a mouse rests on the tab and while the keyboard's focus
 * is on it, hidden by Escape, as Fluent's Tooltip does; and on a tap of the locked tab (the only
 * way a phone can tell why it is locked), not of the open one, which takes the user to the page
 * and keeps the focus there. Our own rather than Fluent's: its positioning code (floating-ui, the
 * portal) was a chunk of every signed-in start for this one fixed tab, and loading it
 * later meant re-creating the tab, which lost taps.
 */
function useGenerateTip(generateEnabled: boolean) {
  const [visible, setVisible] = useState(false);
  const pointer = useRef<string | undefined>(undefined);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hide = () => {
    clearTimeout(hoverTimer.current);
    setVisible(false);
  };
  useEffect(() => () => clearTimeout(hoverTimer.current), []);
  useEffect(() => {
    if (!visible) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [visible]);
  const notePointer = (event: PointerEvent<HTMLButtonElement>) => {
    pointer.current = event.pointerType;
  };
  return {
    visible,
    triggerProps: {
      onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
        notePointer(event);
        if (event.pointerType !== 'mouse') return;
        clearTimeout(hoverTimer.current);
        hoverTimer.current = setTimeout(() => setVisible(true), SHOW_DELAY_MS);
      },
      onPointerLeave: (event: PointerEvent<HTMLButtonElement>) => {
        if (event.pointerType !== 'mouse') return;
        if (event.currentTarget.matches(':focus-visible')) clearTimeout(hoverTimer.current);
        else hide();
      },
      onPointerDown: notePointer,
      onFocus: (event: FocusEvent<HTMLButtonElement>) => {
        if (pointer.current === 'touch') setVisible(!generateEnabled);
        else if (event.currentTarget.matches(':focus-visible')) setVisible(true);
      },
      onBlur: () => {
        pointer.current = undefined;
        hide();
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
  const generateTipId = useId();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.defaultPrevented || arrowKeysBelongToFocus(document.activeElement)) return;
      // An open dialog owns the keys wherever focus is (a button that disabled itself drops it).
      if (document.querySelector('[aria-modal="true"]')) return;
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
              {...(tab.value === 'generate'
                ? { ...generateTip.triggerProps, 'aria-describedby': generateTipId }
                : {})}
            >
              {tab.label}
            </Button>
          );
          if (tab.value !== 'generate') return button;
          // Always in the page, so the tab is described whether or not the tooltip shows.
          return (
            <span key={tab.value} className={styles.tipAnchor}>
              {button}
              <span
                id={generateTipId}
                role="tooltip"
                className={styles.tip}
                hidden={!generateTip.visible}
              >
                {disabled ? NAV_TEXT.generateLockedTooltip : NAV_TEXT.generateReadyTooltip}
              </span>
            </span>
          );
        })}
      </div>
    </nav>
  );
}
