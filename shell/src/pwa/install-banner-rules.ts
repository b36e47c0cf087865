import { INSTALL_BANNER } from '@app/shared/spec';

export interface InstallBannerContext {
  /** Already running as the installed app. */
  standalone: boolean;
  /** iOS Safari never fires `beforeinstallprompt`; it gets Add-to-Home-Screen instructions. */
  ios: boolean;
  /** The browser handed us an install prompt. */
  installPromptAvailable: boolean;
  /** When the user last dismissed the banner (ms since epoch), if ever. */
  dismissedAt: number | null;
  now: number;
}

/** How long to wait before showing the banner, or null when it must stay hidden (spec §9). */
export function installBannerDelay(context: InstallBannerContext): number | null {
  if (context.standalone) return null;
  if (
    context.dismissedAt !== null &&
    context.now - context.dismissedAt < INSTALL_BANNER.dismissalMs
  ) {
    return null;
  }
  if (context.ios) return INSTALL_BANNER.iosShowDelayMs;
  return context.installPromptAvailable ? INSTALL_BANNER.showDelayMs : null;
}

/** A touch that moved less than this was a tap, not a swipe. */
export function isSwipe(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) >= INSTALL_BANNER.touchMoveThresholdPx;
}

/** A swipe far enough in any direction dismisses the banner. */
export function swipeDismisses(dx: number, dy: number): boolean {
  return Math.max(Math.abs(dx), Math.abs(dy)) > INSTALL_BANNER.swipeDismissPx;
}
