import { makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ImageOffRegular } from '@fluentui/react-icons';
import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ImgHTMLAttributes,
  type SyntheticEvent,
} from 'react';
import { IMAGE_LOAD_RETRY } from '../spec/constants';
import { APP_TEXT, KIT_TEXT } from '../spec/messages';
import { IconButton } from './icon-button';
import {
  imageAttemptUrl,
  nextImageAttempt,
  type ImageAttempt,
  type ImageSources,
} from './image-retry-chain';

const useStyles = makeStyles({
  frame: {
    position: 'relative',
    display: 'block',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  fill: { width: '100%', height: '100%', backgroundColor: 'transparent' },
  image: { display: 'block', width: '100%', height: '100%' },
  hidden: { visibility: 'hidden' },
  overlay: {
    position: 'absolute',
    inset: '0',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  // Above a transparent tile button laid over the image (the usual gallery tile), so Retry
  // stays reachable without nesting buttons.
  raised: { zIndex: 1 },
  brokenIcon: { fontSize: '32px' },
});

/** New for every retry, so no cache on the way answers with the failure it kept. */
let refreshCount = 0;
const newRefreshToken = () => `${Date.now()}-${++refreshCount}`;

export interface RetryingImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'onError' | 'width' | 'height'
> {
  src: string;
  /**
   * Sizes of the same image to choose from (see `sizes`), for the first attempt only: a retry
   * loads exactly the URL it names.
   */
  srcSet?: string;
  /** Tried on the first failure (e.g. the storage's own URL instead of a cached one). */
  directSrc?: string;
  /** Tried next (e.g. the API's /image/{id} address). */
  fallbackSrc?: string;
  /**
   * Called before each refresh retry, so the owner can drop its cached (maybe expired) URLs. When
   * it returns a promise (fresh URLs on their way), the retry waits for it as well as the spinner.
   */
  onInvalidate?: () => void | Promise<unknown>;
  alt: string;
  /** The image's size in CSS pixels, or its ratio alone: the frame is laid out before it loads. */
  width?: number;
  height?: number;
  /** e.g. 1 or '4 / 5'; used when width and height are not both given. */
  aspectRatio?: number | string;
  /** Fill the parent box instead (the viewer); the parent sets the size. */
  fill?: boolean;
  fit?: 'cover' | 'contain';
  /** Class of the frame around the image. */
  className?: string;
}

/**
 * An <img> that does not give up on the first error: the retry chain of spec §4 (see
 * `image-retry-chain.ts`), a spinner while it retries and a broken-image placeholder with a Retry
 * button at the end. It keeps its box from the first paint, so nothing shifts when it loads.
 * Key it by the image id: a new `src` for the same key is used by the next retry, not restarted.
 */
export function RetryingImage({
  src,
  srcSet,
  directSrc,
  fallbackSrc,
  onInvalidate,
  alt,
  width,
  height,
  aspectRatio,
  fill = false,
  fit = 'cover',
  className,
  style,
  loading = 'lazy',
  onLoad,
  ...imgProps
}: RetryingImageProps) {
  const styles = useStyles();
  const [attempt, setAttempt] = useState<ImageAttempt>({ kind: 'src' });
  const [retrying, setRetrying] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // The URL that failed, kept while the spinner turns: fresh URLs arriving then are for the next
  // attempt, not a reload of the failed one (a full-size image fetched for nothing).
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshRuns = useRef(0);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      refreshRuns.current = -1;
    },
    [],
  );

  const sources: ImageSources = { src, directSrc, fallbackSrc };
  // The owner is told first, so fresh URLs (a signed URL cannot be refreshed by a parameter) can
  // arrive while the spinner turns; the retry uses whatever `src` is by then.
  // A slow answer would otherwise start the retry on the old URL and restart it on the fresh one.
  const refreshAfterSpinner = (next: ImageAttempt) => {
    setRetrying(true);
    setFailedSrc(imageAttemptUrl(attempt, sources));
    const invalidated = onInvalidate?.();
    const run = ++refreshRuns.current;
    const retry = () => {
      if (run !== refreshRuns.current) return;
      setFailedSrc(null);
      setAttempt(next);
    };
    timer.current = setTimeout(() => {
      if (invalidated instanceof Promise) void invalidated.then(retry, retry);
      else retry();
    }, IMAGE_LOAD_RETRY.spinnerMs);
  };

  const handleError = () => {
    const next = nextImageAttempt(attempt, sources, IMAGE_LOAD_RETRY.maxRetries, newRefreshToken());
    setLoaded(false);
    if (next.kind === 'broken') {
      setRetrying(false);
      setAttempt(next);
    } else if (next.kind === 'refresh') {
      refreshAfterSpinner(next);
    } else {
      setRetrying(true);
      setAttempt(next);
    }
  };

  const retryByHand = () => {
    clearTimeout(timer.current);
    refreshAfterSpinner({ kind: 'refresh', retry: 1, token: newRefreshToken() });
  };

  const ratio = width !== undefined && height !== undefined ? `${width} / ${height}` : aspectRatio;
  const frameStyle: CSSProperties = fill ? { ...style } : { aspectRatio: ratio, width, ...style };
  const broken = attempt.kind === 'broken';

  return (
    <span
      className={mergeClasses(styles.frame, fill && styles.fill, className)}
      style={frameStyle}
      data-image-state={broken ? 'broken' : retrying ? 'retrying' : loaded ? 'loaded' : 'loading'}
    >
      {broken ? null : (
        <img
          {...imgProps}
          // A new element per attempt: a retry of an unchanged URL must still load again.
          key={attempt.kind === 'refresh' ? attempt.token : attempt.kind}
          src={failedSrc ?? imageAttemptUrl(attempt, sources)}
          srcSet={attempt.kind === 'src' && failedSrc === null ? srcSet : undefined}
          alt={alt}
          width={width}
          height={height}
          loading={loading}
          decoding="async"
          className={mergeClasses(styles.image, retrying && styles.hidden)}
          style={{ objectFit: fit }}
          onLoad={(event: SyntheticEvent<HTMLImageElement>) => {
            setRetrying(false);
            setLoaded(true);
            onLoad?.(event);
          }}
          onError={handleError}
        />
      )}
      {retrying ? (
        <span className={styles.overlay}>
          <Spinner size="small" aria-label={KIT_TEXT.loading} />
        </span>
      ) : null}
      {broken ? (
        <span className={mergeClasses(styles.overlay, styles.raised)}>
          <ImageOffRegular className={styles.brokenIcon} aria-hidden />
          <span>{APP_TEXT.headerImageFailed}</span>
          <IconButton
            appearance="subtle"
            icon={<ArrowClockwiseRegular />}
            label={KIT_TEXT.retry}
            onClick={(event) => {
              // The image often sits in a clickable tile; the retry is not a tap on the tile.
              event.stopPropagation();
              retryByHand();
            }}
          />
        </span>
      ) : null}
    </span>
  );
}
