import { bus } from '@app/shared/bus';
import type { Enlargement } from '@app/shared/contract/media';
import { useMediaItem } from '@app/shared/data/media';
import { useHdDownload } from '@app/shared/data/hd';
import {
  ASPECT_RATIOS,
  GALLERY_TEXT,
  GENERATE_TEXT,
  hdDownloadLabel,
  settingsModeLabel,
} from '@app/shared/spec';
import { HdDownloadIcon } from '@app/shared/ui/hd-download-icon';
import { LikenessBadge } from '@app/shared/ui/likeness-badge';
import { RetryingImage } from '@app/shared/ui/retrying-image';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowDownloadRegular, CopyRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { downloadImage } from '@app/shared/data/save-file';
import type { GenerationResult } from '../hooks/generation-store';
import { downloadName, GENERATE_PAGE_TEXT, hdName, seedLabel } from '../texts';
import { coverButtonStyle } from '@app/shared/ui/cover-button';

const PhotoViewer = lazy(() =>
  import('@app/shared/ui/photo-viewer').then((module) => ({ default: module.PhotoViewer })),
);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  frame: {
    position: 'relative',
    width: '100%',
    maxHeight: '70vh',
    margin: '0 auto',
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
    boxShadow: tokens.shadow4,
  },
  open: { ...coverButtonStyle, cursor: 'zoom-in' },
  facts: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground2,
  },
  // Two by two: the downloads on the first row, the prompt's actions on the second.
  actions: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    gap: tokens.spacingHorizontalS,
  },
  action: { minHeight: '44px' },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  prompt: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground1,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  settings: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
    fontSize: tokens.fontSizeBase300,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, color: tokens.colorNeutralForeground1 },
});

const ratioLabel = (value: string) =>
  ASPECT_RATIOS.find((ratio) => ratio.value === value)?.label ?? value;

/**
 * The ratio asked for, or, when the image came out in another shape (an edit that keeps its
 * photo's size), what it is; with the pixel size once known.
 */
function sizeLabel(
  asked: string,
  width: number | null | undefined,
  height: number | null | undefined,
) {
  if (!width || !height) return ratioLabel(asked);
  const [w, h] = asked.split(':').map(Number) as [number, number];
  const pixels = `${width} × ${height} px`;
  return Math.abs(width / height - w / h) < 0.02
    ? `${ratioLabel(asked)} (${pixels})`
    : `${GENERATE_PAGE_TEXT.photoSize} (${pixels})`;
}

/** The 2× download beside Download PNG; a failure is a toast, and the button works again. */
function HdButton({
  imageId,
  quality,
  fileName,
  className,
}: {
  imageId: string;
  quality: Enlargement;
  fileName: string;
  className: string;
}) {
  const hd = useHdDownload((text) => bus.emit('toast:show', { intent: 'error', text }));
  return (
    <Button
      className={className}
      icon={<HdDownloadIcon quality={quality} busy={hd.busy} />}
      disabledFocusable={hd.busy}
      aria-busy={hd.busy}
      data-testid="hd-download"
      onClick={() => void hd.download(imageId, fileName)}
    >
      {hdDownloadLabel(quality, hd.busy)}
    </Button>
  );
}

/**
 * A finished generation (spec §2 right panel): the image (a tap opens it large), Download PNG,
 * Copy Prompt, the prompt and its settings; and, beyond the spec, whether the face looks like
 * the model's person (the api's likeness), the seed, and a new draw of the same request.
 */
export default function ResultView({
  result,
  onGenerateAgain,
}: {
  result: GenerationResult;
  onGenerateAgain: () => void;
}) {
  const styles = useStyles();
  const { data: media, mutate } = useMediaItem(result.imageId);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [viewerWanted, setViewerWanted] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const [ratioW, ratioH] = result.aspectRatio.split(':').map(Number) as [number, number];
  const aspect = media?.width && media.height ? media.width / media.height : ratioW / ratioH;
  const fileName = downloadName(result.mode, result.id);

  const download = async () => {
    if (!media?.downloadUrl) return;
    setDownloading(true);
    try {
      await downloadImage(media.downloadUrl, fileName);
    } catch {
      bus.emit('toast:show', { intent: 'error', text: GALLERY_TEXT.downloadFailed });
    } finally {
      setDownloading(false);
    }
  };

  const copyPrompt = async () => {
    try {
      await navigator.clipboard.writeText(result.prompt);
      bus.emit('toast:show', { intent: 'success', text: GENERATE_PAGE_TEXT.promptCopied });
    } catch {
      bus.emit('toast:show', { intent: 'error', text: GENERATE_PAGE_TEXT.copyFailed });
    }
  };

  return (
    <article
      className={styles.root}
      data-testid="generation-result"
      data-image-id={result.imageId}
      aria-label={GENERATE_PAGE_TEXT.resultTitle}
    >
      <div
        className={styles.frame}
        style={{ aspectRatio: aspect, maxWidth: `calc(70vh * ${aspect})` }}
      >
        {media?.displayUrl ? (
          <>
            <RetryingImage
              key={result.imageId}
              src={media.displayUrl}
              fallbackSrc={media.downloadUrl}
              onInvalidate={() => void mutate()}
              alt={result.prompt}
              fill
              fit="contain"
            />
            <button
              type="button"
              className={styles.open}
              aria-label={GENERATE_PAGE_TEXT.openPreview}
              onClick={() => {
                setViewerWanted(true);
                setViewerOpen(true);
              }}
            />
          </>
        ) : null}
      </div>

      {media ? (
        <p className={styles.facts} data-testid="result-facts">
          {media.likeness ? (
            <LikenessBadge likeness={media.likeness} />
          ) : (
            <span>{GENERATE_PAGE_TEXT.noFaceFound}</span>
          )}
          {media.seed !== null ? <span>{seedLabel(media.seed)}</span> : null}
        </p>
      ) : null}

      <div className={styles.actions}>
        <Button
          className={styles.action}
          appearance="primary"
          icon={<ArrowDownloadRegular />}
          disabled={!media?.downloadUrl || downloading}
          onClick={() => void download()}
        >
          {GENERATE_TEXT.downloadPng}
        </Button>
        {media?.hd ? (
          <HdButton
            className={styles.action}
            imageId={result.imageId}
            quality={media.hd.quality}
            fileName={hdName(fileName)}
          />
        ) : null}
        <Button className={styles.action} icon={<CopyRegular />} onClick={() => void copyPrompt()}>
          {GENERATE_TEXT.copyPrompt}
        </Button>
        <Button
          className={styles.action}
          icon={<ArrowClockwiseRegular />}
          onClick={onGenerateAgain}
        >
          {result.mode === 'edit' ? GENERATE_PAGE_TEXT.editAgain : GENERATE_PAGE_TEXT.generateAgain}
        </Button>
      </div>

      <section className={styles.section}>
        <h3 className={styles.heading}>{GENERATE_PAGE_TEXT.promptHeading}</h3>
        <p className={styles.prompt} data-testid="result-prompt">
          {result.prompt}
        </p>
      </section>

      <section className={styles.section}>
        <h3 className={styles.heading}>{GENERATE_PAGE_TEXT.settings}</h3>
        <dl className={styles.settings} data-testid="result-settings">
          <dt className={styles.term}>{GENERATE_PAGE_TEXT.settingsAspectRatio}</dt>
          <dd className={styles.value}>
            {sizeLabel(result.aspectRatio, media?.width, media?.height)}
          </dd>
          <dt className={styles.term}>{GENERATE_PAGE_TEXT.settingsMode}</dt>
          <dd className={styles.value}>{settingsModeLabel(result.mode)}</dd>
          <dt className={styles.term}>{GENERATE_PAGE_TEXT.settingsFormat}</dt>
          <dd className={styles.value}>{GENERATE_TEXT.pngFormat}</dd>
        </dl>
      </section>

      {viewerWanted && media?.displayUrl ? (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={[
              {
                key: result.imageId,
                src: media.displayUrl,
                fallbackSrc: media.downloadUrl,
                alt: result.prompt,
              },
            ]}
            index={viewerOpen ? 0 : null}
            onIndexChange={() => undefined}
            onClose={() => setViewerOpen(false)}
            caption={result.prompt}
            onInvalidate={() => void mutate()}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
