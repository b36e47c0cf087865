import { bus } from '@app/shared/bus';
import { GALLERY_FIRST_FILTER, type MediaFilter } from '@app/shared/data/media';
import { GALLERY_TEXT, NAV_TEXT, ROUTES } from '@app/shared/spec';
import { EmptyState } from '@app/shared/ui/empty-state';
import { ErrorAlert } from '@app/shared/ui/error-alert';
import { IconButton } from '@app/shared/ui/icon-button';
import { REDUCED_MOTION_MEDIA } from '@app/shared/ui/use-media-query';
import { useOnlineStatus } from '@app/shared/ui/use-online-status';
import {
  Button,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, ImageMultipleRegular, SparkleRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useGallery } from '../hooks/use-gallery';
import { useStaleCheck } from '../hooks/use-stale-check';
import { useThumbnailsKeptOffline } from '../hooks/use-thumbnails-kept-offline';
import { GalleryGreeting } from './gallery-greeting';
import { GalleryGrid } from './gallery-grid';
import { GallerySkeleton } from './gallery-skeleton';
import { TypeFilter } from './type-filter';

// The viewer, its actions and the delete confirmation load when an image is first opened.
const GalleryViewer = lazy(() => import('./gallery-viewer'));

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    maxWidth: '1200px',
    margin: '0 auto',
  },
  head: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  greeting: { flexGrow: 1, minWidth: 0 },
  generate: { minHeight: '44px' },
  spin: {
    '& svg': {
      animationName: { from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } },
      animationDuration: '900ms',
      animationIterationCount: 'infinite',
      animationTimingFunction: 'linear',
      [REDUCED_MOTION_MEDIA]: { animationName: 'none' },
    },
  },
  footer: {
    display: 'flex',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalL}`,
  },
  loadMore: { minHeight: '44px', minWidth: '200px' },
  allLoaded: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase300 },
});

/** /dashboard: the greeting, the user's images newest first, and the viewer (spec §2, §4). */
export function GalleryPage() {
  const styles = useStyles();
  const online = useOnlineStatus();
  const [filter, setFilter] = useState<MediaFilter>(GALLERY_FIRST_FILTER);
  const gallery = useGallery(filter);
  const [viewing, setViewing] = useState<number | null>(null);
  const [viewerWanted, setViewerWanted] = useState(false);
  const staleCheck = useStaleCheck(filter, gallery.items, gallery.revalidate);
  const grid = useRef<HTMLUListElement>(null);
  useThumbnailsKeptOffline(gallery.items, grid);

  const openGenerate = () => bus.emit('nav:go', { to: ROUTES.generate });
  const open = useCallback((index: number) => {
    setViewerWanted(true);
    setViewing(index);
  }, []);
  const empty = !gallery.loading && gallery.items.length === 0 && !gallery.error;

  return (
    // The stale check's outcome, for the tests: a fresh one reads nothing more.
    <div className={styles.page} data-stale-check={staleCheck}>
      <div className={styles.head}>
        <div className={styles.greeting}>
          <GalleryGreeting />
        </div>
        <IconButton
          appearance="subtle"
          className={mergeClasses(gallery.refreshing && styles.spin)}
          icon={<ArrowClockwiseRegular />}
          label={GALLERY_TEXT.refresh}
          disabled={gallery.refreshing}
          onClick={() => void gallery.refresh()}
        />
        <Button
          appearance="primary"
          className={styles.generate}
          icon={<SparkleRegular />}
          onClick={openGenerate}
        >
          {NAV_TEXT.generate}
        </Button>
      </div>
      <TypeFilter
        value={filter}
        onChange={(next) => {
          setViewing(null);
          setFilter(next);
        }}
      />
      {!online && gallery.items.length > 0 ? (
        <MessageBar intent="info">
          <MessageBarBody>{GALLERY_TEXT.showingSaved}</MessageBarBody>
        </MessageBar>
      ) : null}
      {gallery.error ? (
        <ErrorAlert
          message={gallery.error}
          onDismiss={gallery.dismissError}
          onRetry={gallery.retry}
        />
      ) : null}
      {gallery.loading ? <GallerySkeleton /> : null}
      {empty ? (
        <EmptyState
          icon={<ImageMultipleRegular />}
          title={GALLERY_TEXT.emptyTitle}
          text={GALLERY_TEXT.emptyHint}
          headingLevel={2}
          action={{ label: NAV_TEXT.generate, icon: <SparkleRegular />, onClick: openGenerate }}
        />
      ) : null}
      {gallery.items.length > 0 ? (
        <>
          <GalleryGrid ref={grid} items={gallery.items} onOpen={open} />
          <div className={styles.footer}>
            {gallery.hasMore ? (
              <Button
                className={styles.loadMore}
                disabledFocusable={gallery.loadingMore}
                icon={gallery.loadingMore ? <Spinner size="tiny" /> : undefined}
                onClick={gallery.loadMore}
              >
                {GALLERY_TEXT.loadMore}
              </Button>
            ) : (
              <p className={styles.allLoaded} role="status">
                {GALLERY_TEXT.allLoaded}
              </p>
            )}
          </div>
        </>
      ) : null}
      {viewerWanted ? (
        <Suspense fallback={null}>
          <GalleryViewer
            items={gallery.items}
            index={viewing}
            hasMore={gallery.hasMore}
            loadingMore={gallery.loadingMore}
            onLoadMore={gallery.loadMore}
            onIndexChange={setViewing}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
