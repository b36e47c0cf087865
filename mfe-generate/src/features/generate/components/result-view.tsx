import { useMediaItem } from '@app/shared/data/media';
import { ASPECT_RATIOS, GENERATE_TEXT, settingsModeLabel } from '@app/shared/spec';
import { LikenessBadge } from '@app/shared/ui/likeness-badge';
import { RetryingImage } from '@app/shared/ui/retrying-image';
import { makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useState } from 'react';
import type { GenerationResult } from '../hooks/generation-store';
import { GENERATE_PAGE_TEXT, seedLabel } from '../texts';
import { ImageReadFailed } from './image-read-failed';
import { ResultActions } from './result-actions';
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
  const { data: media, error, mutate } = useMediaItem(result.imageId);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [viewerWanted, setViewerWanted] = useState(false);

  const [ratioW, ratioH] = result.aspectRatio.split(':').map(Number) as [number, number];
  const aspect = media?.width && media.height ? media.width / media.height : ratioW / ratioH;

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
        ) : error && !media ? (
          <ImageReadFailed onRetry={() => void mutate()} />
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

      <ResultActions result={result} media={media} onGenerateAgain={onGenerateAgain} />

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
