import { bus } from '@app/shared/bus';
import type { MediaItem } from '@app/shared/contract/media';
import { useMediaItems } from '@app/shared/data/media';
import { useHdDownload } from '@app/shared/data/hd';
import { GALLERY_TEXT, GENERATE_TEXT, hdDownloadLabel, mediaQuery } from '@app/shared/spec';
import { HdDownloadIcon } from '@app/shared/ui/hd-download-icon';
import { IconButton } from '@app/shared/ui/icon-button';
import { LikenessBadge } from '@app/shared/ui/likeness-badge';
import { RetryingImage } from '@app/shared/ui/retrying-image';
import { Button, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowDownloadRegular, CopyRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { downloadImage } from '@app/shared/data/save-file';
import { tryImageAgain, type GenerationResult } from '../hooks/generation-store';
import { batchDownloadName, GENERATE_PAGE_TEXT, hdName } from '../texts';
import { ImageReadFailed } from './image-read-failed';
import { coverButtonStyle } from '@app/shared/ui/cover-button';

const PhotoViewer = lazy(() =>
  import('@app/shared/ui/photo-viewer').then((module) => ({ default: module.PhotoViewer })),
);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  // Two columns from the smallest phone up: four images fit one screen.
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
    padding: 0,
    listStyle: 'none',
    [mediaQuery('lg')]: { gap: tokens.spacingHorizontalL },
  },
  tile: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, minWidth: 0 },
  // An image that might not look like the person: marked, its Try again the primary action.
  doubtful: {
    outline: `2px solid ${tokens.colorPaletteMarigoldBorderActive}`,
    outlineOffset: '2px',
  },
  frame: {
    position: 'relative',
    width: '100%',
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
    boxShadow: tokens.shadow4,
  },
  open: { ...coverButtonStyle, cursor: 'zoom-in' },
  remaking: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: 'rgba(0, 0, 0, 0.45)',
    color: '#fff',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  again: { minHeight: '44px', flexGrow: 1 },
  noFace: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
});

/** The likeliest first; images without a face last. */
function byLikeness(items: readonly MediaItem[]): MediaItem[] {
  return [...items].sort((a, b) => (b.likeness?.score ?? -1) - (a.likeness?.score ?? -1));
}

function BatchTile({
  item,
  place,
  result,
  onOpen,
}: {
  item: MediaItem;
  place: number;
  result: GenerationResult;
  onOpen: () => void;
}) {
  const styles = useStyles();
  const [downloading, setDownloading] = useState(false);
  const hd = useHdDownload((text) => bus.emit('toast:show', { intent: 'error', text }));
  const remaking = result.retrying.includes(item.imageId);
  const doubtful = item.likeness?.verdict !== 'looks-like-you';
  const prompt = item.prompt ?? result.prompt;
  const [w, h] = (item.aspectRatio ?? result.aspectRatio).split(':').map(Number) as [
    number,
    number,
  ];
  const aspect = item.width && item.height ? item.width / item.height : w / h;

  const download = async () => {
    if (!item.downloadUrl) return;
    setDownloading(true);
    try {
      await downloadImage(item.downloadUrl, batchDownloadName(result.id, place));
    } catch {
      bus.emit('toast:show', { intent: 'error', text: GALLERY_TEXT.downloadFailed });
    } finally {
      setDownloading(false);
    }
  };

  const copyPrompt = async () => {
    try {
      await navigator.clipboard.writeText(prompt);
      bus.emit('toast:show', { intent: 'success', text: GENERATE_PAGE_TEXT.promptCopied });
    } catch {
      bus.emit('toast:show', { intent: 'error', text: GENERATE_PAGE_TEXT.copyFailed });
    }
  };

  return (
    <li className={styles.tile} data-testid="batch-image" data-image-id={item.imageId}>
      <div
        className={mergeClasses(styles.frame, doubtful && styles.doubtful)}
        style={{ aspectRatio: aspect }}
      >
        {item.displayUrl ? (
          <>
            <RetryingImage src={item.displayUrl} fallbackSrc={item.downloadUrl} alt={prompt} fill />
            <button
              type="button"
              className={styles.open}
              aria-label={GENERATE_PAGE_TEXT.openImage(place)}
              onClick={onOpen}
            />
          </>
        ) : null}
        {remaking ? (
          <div className={styles.remaking}>
            <Spinner size="small" label={GENERATE_PAGE_TEXT.makingAgain} labelPosition="below" />
          </div>
        ) : null}
      </div>
      {item.likeness ? (
        <LikenessBadge likeness={item.likeness} />
      ) : (
        <span className={styles.noFace}>{GENERATE_PAGE_TEXT.noFaceFound}</span>
      )}
      <div className={styles.actions}>
        <IconButton
          icon={<ArrowDownloadRegular />}
          label={GENERATE_PAGE_TEXT.downloadImage(place)}
          disabled={!item.downloadUrl || downloading}
          onClick={() => void download()}
        />
        {item.hd ? (
          <IconButton
            icon={<HdDownloadIcon quality={item.hd.quality} busy={hd.busy} />}
            label={GENERATE_PAGE_TEXT.hdImage(hdDownloadLabel(item.hd.quality, hd.busy), place)}
            disabledFocusable={hd.busy}
            onClick={() =>
              void hd.download(item.imageId, hdName(batchDownloadName(result.id, place)))
            }
          />
        ) : null}
        <IconButton
          icon={<CopyRegular />}
          label={GENERATE_PAGE_TEXT.copyImagePrompt(place)}
          onClick={() => void copyPrompt()}
        />
        <Button
          className={styles.again}
          appearance={doubtful ? 'primary' : 'secondary'}
          icon={<ArrowClockwiseRegular />}
          aria-label={GENERATE_PAGE_TEXT.tryImageAgain(place)}
          disabled={remaking}
          onClick={() => void tryImageAgain(item.imageId, prompt)}
        >
          {GENERATE_PAGE_TEXT.tryAgain}
        </Button>
      </div>
    </li>
  );
}

/**
 * A finished batch: its images as a grid, sorted by likeness, each with open large, Download
 * PNG, Copy Prompt and Try again; an image that might not look like the person is marked and
 * its Try again is the primary action.
 */
export default function BatchView({ result }: { result: GenerationResult }) {
  const styles = useStyles();
  const { data, error, mutate } = useMediaItems(result.imageIds);
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  if (!data) {
    return error ? (
      <ImageReadFailed onRetry={() => void mutate()} />
    ) : (
      <Spinner label={GENERATE_TEXT.generating} />
    );
  }
  const items = byLikeness(data);
  const photos = items.flatMap((item) =>
    item.displayUrl
      ? [
          {
            key: item.imageId,
            src: item.displayUrl,
            fallbackSrc: item.downloadUrl,
            alt: item.prompt ?? result.prompt,
          },
        ]
      : [],
  );
  return (
    <article
      className={styles.root}
      data-testid="generation-result"
      aria-label={GENERATE_PAGE_TEXT.resultTitle}
    >
      <h2 className={styles.title}>{GENERATE_PAGE_TEXT.batchTitle(items.length)}</h2>
      <ul className={styles.grid} data-testid="batch-grid">
        {items.map((item, index) => (
          <BatchTile
            key={item.imageId}
            item={item}
            place={index + 1}
            result={result}
            onOpen={() => setViewerIndex(photos.findIndex((photo) => photo.key === item.imageId))}
          />
        ))}
      </ul>
      {viewerIndex !== null ? (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={photos}
            index={viewerIndex}
            onIndexChange={setViewerIndex}
            onClose={() => setViewerIndex(null)}
            caption={photos[viewerIndex]?.alt}
            onInvalidate={() => void mutate()}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
