import {
  createPresenceComponent,
  Dialog,
  DialogSurface,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { VIEWER_TRANSITION_MS } from '../spec/constants';
import { COMMON_TEXT, KIT_TEXT } from '../spec/messages';
import { IconButton, type IconButtonProps } from './icon-button';
import { RetryingImage } from './retrying-image';
import { REDUCED_MOTION_MEDIA } from './use-media-query';
import { stepIndex } from './photo-viewer-logic';
import { useViewerStage } from './use-viewer-stage';
import { ReturnFocus } from './return-focus';
import { useBodyScrollLock } from './use-body-scroll-lock';

const useStyles = makeStyles({
  surface: {
    inset: '0',
    margin: '0',
    width: '100vw',
    maxWidth: 'none',
    height: '100vh',
    maxHeight: 'none',
    padding: '0',
    border: 'none',
    borderRadius: '0',
    backgroundColor: '#000',
    color: '#fff',
    display: 'flex',
    flexDirection: 'column',
    '@supports (height: 100dvh)': { height: '100dvh' },
  },
  backdrop: { backgroundColor: '#000' },
  topBar: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `calc(${tokens.spacingVerticalS} + env(safe-area-inset-top)) ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS}`,
    minHeight: '60px',
    boxSizing: 'border-box',
  },
  counter: {
    flexGrow: 1,
    order: 1,
    paddingLeft: tokens.spacingHorizontalS,
    fontSize: tokens.fontSizeBase300,
    color: '#e0e0e0',
  },
  actions: { order: 2, display: 'flex', columnGap: tokens.spacingHorizontalS },
  close: { order: 3 },
  stage: {
    position: 'relative',
    flexGrow: 1,
    minHeight: 0,
    // The stage takes every gesture: a swipe must not scroll or zoom the page behind.
    touchAction: 'none',
    userSelect: 'none',
    overflow: 'hidden',
  },
  slide: {
    position: 'absolute',
    inset: '0',
    animationDuration: `${VIEWER_TRANSITION_MS}ms`,
    animationTimingFunction: 'ease-out',
    [REDUCED_MOTION_MEDIA]: { animationName: 'none' },
  },
  fromRight: {
    animationName: {
      from: { opacity: 0, transform: 'translateX(48px)' },
      to: { opacity: 1, transform: 'translateX(0)' },
    },
  },
  fromLeft: {
    animationName: {
      from: { opacity: 0, transform: 'translateX(-48px)' },
      to: { opacity: 1, transform: 'translateX(0)' },
    },
  },
  image: { pointerEvents: 'auto' },
  navButton: {
    position: 'absolute',
    top: '50%',
    transform: 'translateY(-50%)',
    minWidth: '48px',
    minHeight: '48px',
    borderRadius: tokens.borderRadiusCircular,
  },
  previous: { left: tokens.spacingHorizontalS },
  next: { right: tokens.spacingHorizontalS },
  caption: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} calc(${tokens.spacingVerticalM} + env(safe-area-inset-bottom))`,
    color: '#e0e0e0',
    textAlign: 'center',
    fontSize: tokens.fontSizeBase300,
    overflowWrap: 'anywhere',
  },
});

/** Light-on-black buttons: the viewer's own and the actions a screen puts in its top bar. */
const useDarkButtonStyles = makeStyles({
  button: {
    color: '#fff',
    backgroundColor: 'rgba(0, 0, 0, 0.45)',
    ':hover': { color: '#fff', backgroundColor: 'rgba(255, 255, 255, 0.2)' },
    ':hover:active': { color: '#fff', backgroundColor: 'rgba(255, 255, 255, 0.3)' },
    ':disabled': { color: '#9e9e9e', backgroundColor: 'rgba(0, 0, 0, 0.45)' },
  },
});

/** An icon button styled for the viewer's black top bar (delete, download, share). */
export function PhotoViewerAction({ className, ...props }: IconButtonProps) {
  const styles = useDarkButtonStyles();
  return (
    <IconButton
      appearance="transparent"
      {...props}
      className={mergeClasses(styles.button, className)}
    />
  );
}

const ViewerMotion = createPresenceComponent({
  enter: { keyframes: [{ opacity: 0 }, { opacity: 1 }], duration: VIEWER_TRANSITION_MS },
  exit: { keyframes: [{ opacity: 1 }, { opacity: 0 }], duration: VIEWER_TRANSITION_MS },
});

export interface ViewerPhoto {
  /** Stable per photo (the image id). */
  key: string;
  src: string;
  alt: string;
  directSrc?: string;
  fallbackSrc?: string;
}

export interface PhotoViewerProps {
  photos: readonly ViewerPhoto[];
  /** The photo shown; null closes the viewer. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Previous from the first goes to the last and next from the last to the first. */
  wrap?: boolean;
  /**
   * More photos follow the ones given (a paged list): the count says '7 / 10+', and only
   * Previous wraps (to the last one given); Next stops at the last until more are given.
   */
  morePhotos?: boolean;
  /** Buttons for the shown photo (use PhotoViewerAction), e.g. delete, download, share. */
  actions?: ReactNode;
  /** Under the photo, e.g. the prompt. */
  caption?: ReactNode;
  /** Passed to each image's retry chain. */
  onInvalidate?: () => void | Promise<unknown>;
  /** The dialog's accessible name. */
  label?: string;
}

/** The neighbours load while the user looks, so the next swipe shows a photo at once. */
function usePreloadedNeighbours(
  open: boolean,
  shown: number,
  photos: readonly { src: string }[],
  wrap: boolean,
  morePhotos: boolean,
) {
  useEffect(() => {
    if (!open) return;
    for (const delta of [1, -1] as const) {
      const neighbour = stepIndex(
        shown,
        delta,
        photos.length,
        wrap && (delta === -1 || !morePhotos),
      );
      const url = neighbour === null ? undefined : photos[neighbour]?.src;
      if (url) new Image().src = url;
    }
  }, [open, shown, photos, wrap, morePhotos]);
}

/**
 * The full-screen black photo viewer of the gallery and the models page: previous/next buttons,
 * ArrowLeft/ArrowRight, a swipe over 50 px (touch, pen or mouse), Escape, the close button or a
 * tap beside the photo to close, a 300 ms transition (none under reduced motion). Fluent's Dialog
 * locks the page's scrolling, keeps focus inside and returns it to the opener.
 */
export function PhotoViewer({
  photos,
  index,
  onIndexChange,
  onClose,
  wrap = true,
  morePhotos = false,
  actions,
  caption,
  onInvalidate,
  label = KIT_TEXT.photoViewer,
}: PhotoViewerProps) {
  const styles = useStyles();
  const dark = useDarkButtonStyles();
  const open = index !== null && photos.length > 0;
  useBodyScrollLock(open);
  // While the close transition runs, the last photo stays on screen.
  const [lastShown, setLastShown] = useState(0);
  const shown = open ? Math.min(index, photos.length - 1) : lastShown;
  if (shown !== lastShown) setLastShown(shown);
  const photo = photos[shown];
  const [direction, setDirection] = useState<1 | -1>(1);
  const surface = useRef<HTMLDivElement>(null);
  const wraps = (delta: 1 | -1) => wrap && (delta === -1 || !morePhotos);

  const go = (delta: 1 | -1) => {
    const next = stepIndex(shown, delta, photos.length, wraps(delta));
    if (next === null || next === shown) return;
    setDirection(delta);
    onIndexChange(next);
  };

  usePreloadedNeighbours(open, shown, photos, wrap, morePhotos);

  // The keys work wherever focus is in the viewer, and also when it fell to the page (a button
  // that disabled itself while busy drops it there), where the shell's navigation would take them.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const lost = target === null || target === document.body;
    if (!lost && target.closest('[role="dialog"]') !== surface.current) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'Escape' && lost) onClose();
    else return;
    event.preventDefault();
  });
  useEffect(() => {
    if (!open) return;
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [open]);

  const { stageRef, onPointerDown, onPointerUp, onPointerCancel, onClick } = useViewerStage({
    onSwipe: go,
    onTapBeside: onClose,
  });

  const canStep = (delta: 1 | -1) => stepIndex(shown, delta, photos.length, wraps(delta)) !== null;
  const multiple = photos.length > 1;

  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
      surfaceMotion={{ children: (_, props) => <ViewerMotion {...props} /> }}
    >
      <DialogSurface
        ref={surface}
        aria-label={label}
        className={styles.surface}
        backdrop={{ className: styles.backdrop }}
      >
        <ReturnFocus />
        <div className={styles.topBar}>
          <IconButton
            appearance="transparent"
            className={mergeClasses(dark.button, styles.close)}
            size="large"
            icon={<DismissRegular />}
            label={COMMON_TEXT.close}
            onClick={onClose}
          />
          <span className={styles.counter} aria-live="polite">
            {multiple ? `${shown + 1} / ${photos.length}${morePhotos ? '+' : ''}` : ''}
          </span>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
        <div
          ref={stageRef}
          className={styles.stage}
          data-testid="photo-viewer-stage"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onClick={onClick}
        >
          {photo ? (
            <div
              key={photo.key}
              className={mergeClasses(
                styles.slide,
                direction === 1 ? styles.fromRight : styles.fromLeft,
              )}
            >
              <RetryingImage
                fill
                fit="contain"
                loading="eager"
                draggable={false}
                src={photo.src}
                directSrc={photo.directSrc}
                fallbackSrc={photo.fallbackSrc}
                onInvalidate={onInvalidate}
                alt={photo.alt}
              />
            </div>
          ) : null}
          {multiple ? (
            <>
              <IconButton
                appearance="transparent"
                className={mergeClasses(dark.button, styles.navButton, styles.previous)}
                icon={<ChevronLeftRegular />}
                size="large"
                label={KIT_TEXT.previous}
                disabled={!canStep(-1)}
                onClick={() => go(-1)}
              />
              <IconButton
                appearance="transparent"
                className={mergeClasses(dark.button, styles.navButton, styles.next)}
                icon={<ChevronRightRegular />}
                size="large"
                label={KIT_TEXT.next}
                disabled={!canStep(1)}
                onClick={() => go(1)}
              />
            </>
          ) : null}
        </div>
        {caption ? <div className={styles.caption}>{caption}</div> : null}
      </DialogSurface>
    </Dialog>
  );
}
