import type { BusEvents } from '@app/shared/bus';
import { LAYOUT, REFRESH_MESSAGE_MS } from '@app/shared/spec';
import { REDUCED_MOTION_MEDIA } from '@app/shared/ui/use-media-query';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  CheckmarkCircleFilled,
  DismissCircleFilled,
  InfoFilled,
  WarningFilled,
} from '@fluentui/react-icons';
import { useEffect, useState } from 'react';

export type ShownToast = BusEvents['toast:show'] & { id: number };

const useStyles = makeStyles({
  // Above the bottom navigation (safe area included), never over it, nor over the header and the
  // page's heading with its buttons at the top: centred on a phone, at the end on a wide screen.
  region: {
    position: 'fixed',
    zIndex: 30,
    left: tokens.spacingHorizontalM,
    right: tokens.spacingHorizontalM,
    bottom: `calc(${LAYOUT.bottomNavMinHeightPx}px + env(safe-area-inset-bottom) + ${tokens.spacingVerticalM})`,
    display: 'flex',
    justifyContent: 'center',
    pointerEvents: 'none',
    '@media (min-width: 480px)': { left: 'auto', justifyContent: 'flex-end' },
  },
  toast: {
    display: 'flex',
    alignItems: 'flex-start',
    columnGap: tokens.spacingHorizontalS,
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '360px',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow16,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase300,
    pointerEvents: 'auto',
    animationName: {
      from: { opacity: 0, transform: 'translateY(8px)' },
      to: { opacity: 1, transform: 'translateY(0)' },
    },
    animationDuration: tokens.durationNormal,
    animationTimingFunction: tokens.curveDecelerateMid,
    [REDUCED_MOTION_MEDIA]: { animationName: 'none' },
  },
  icon: { flexShrink: 0, fontSize: '20px' },
  success: { color: tokens.colorPaletteGreenForeground1 },
  info: { color: tokens.colorBrandForeground1 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const ICONS = {
  success: CheckmarkCircleFilled,
  info: InfoFilled,
  warning: WarningFilled,
  error: DismissCircleFilled,
} as const;

/**
 * The shell's toasts (bus `toast:show`), one at a time for 3 s (spec §9), read out by a polite
 * live region. Plain elements rather than Fluent's Toaster: its focus groups put focusable,
 * aria-hidden sentinels inside the toast (axe's aria-hidden-focus), and nothing here is an action
 * to focus. A pointer resting on the toast keeps it while it is read.
 */
export default function ShellToaster({
  toast,
  onDone,
}: {
  toast: ShownToast | null;
  onDone: () => void;
}) {
  const styles = useStyles();
  const [paused, setPaused] = useState(false);
  // The live region is on the page before its first text, or a screen reader may miss it.
  const [regionReady, setRegionReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setRegionReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const shown = regionReady ? toast : null;

  useEffect(() => {
    if (!shown || paused) return;
    const timer = setTimeout(onDone, REFRESH_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [shown, paused, onDone]);

  const Icon = shown ? ICONS[shown.intent] : null;
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {shown && Icon ? (
        <div
          key={shown.id}
          className={styles.toast}
          data-testid="toast"
          data-intent={shown.intent}
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
        >
          <Icon className={mergeClasses(styles.icon, styles[shown.intent])} aria-hidden />
          <span>{shown.text}</span>
        </div>
      ) : null}
    </div>
  );
}
