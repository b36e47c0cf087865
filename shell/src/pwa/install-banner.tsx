import { STORAGE_KEY_PREFIX } from '@app/shared/spec';
import { Body1, Button, makeStyles, mergeClasses } from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { PRODUCT_TITLE } from '../product';
import { installBannerDelay, isSwipe, swipeDismisses } from './install-banner-rules';
import { useNoticeStyles } from './notice-styles';

// The banner follows the finger: the page must not scroll under it.
const useStyles = makeStyles({ swipeable: { touchAction: 'none' } });

/** Chrome's install prompt event; not in the DOM typings. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_AT_KEY = `${STORAGE_KEY_PREFIX}install-banner-dismissed-at`;

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** False where there is no browser: the page is also rendered at build time (first-paint/). */
function isIos(): boolean {
  return typeof navigator !== 'undefined' && /iphone|ipad|ipod/i.test(navigator.userAgent);
}

function dismissedAt(): number | null {
  const stored = Number(sessionStorage.getItem(DISMISSED_AT_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** Offers to install the app (spec §9 timings); iOS gets Add-to-Home-Screen instructions. */
export function InstallBanner() {
  const styles = useNoticeStyles();
  const swipeable = useStyles().swipeable;
  const [installPrompt, setInstallPrompt] = useState<BeforeInstallPromptEvent | null>(null);
  const [visible, setVisible] = useState(false);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const ios = isIos();

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setInstallPrompt(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setVisible(false);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  useEffect(() => {
    const delay = installBannerDelay({
      standalone: isStandalone(),
      ios,
      installPromptAvailable: installPrompt !== null,
      dismissedAt: dismissedAt(),
      now: Date.now(),
    });
    if (delay === null) return;
    const timer = window.setTimeout(() => setVisible(true), delay);
    return () => window.clearTimeout(timer);
  }, [installPrompt, ios]);

  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_AT_KEY, String(Date.now()));
    setVisible(false);
  };

  const install = async () => {
    if (!installPrompt) return;
    await installPrompt.prompt();
    const { outcome } = await installPrompt.userChoice;
    setInstallPrompt(null);
    if (outcome === 'dismissed') dismiss();
    else setVisible(false);
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (isSwipe(dx, dy) && swipeDismisses(dx, dy)) dismiss();
  };

  if (!visible) return null;
  return (
    <section
      className={mergeClasses(styles.notice, swipeable)}
      aria-label="Install app"
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <Body1 className={styles.text}>
        {ios
          ? `Install ${PRODUCT_TITLE}: tap Share, then Add to Home Screen.`
          : `Install ${PRODUCT_TITLE} for quick access, even offline.`}
      </Body1>
      {!ios && installPrompt && (
        <Button className={styles.action} appearance="primary" onClick={() => void install()}>
          Install
        </Button>
      )}
      <Button
        className={styles.action}
        appearance="subtle"
        icon={<Dismiss20Regular />}
        aria-label="Dismiss"
        title="Dismiss"
        onClick={dismiss}
      />
    </section>
  );
}
