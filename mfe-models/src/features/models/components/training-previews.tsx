import type { ModelPreview } from '@app/shared/contract/models';
import { PREVIEW_TEXT } from '@app/shared/spec';
import { makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useState } from 'react';
import { coverButtonStyle } from '@app/shared/ui/cover-button';
import { LikenessBadge } from '@app/shared/ui/likeness-badge';

const PhotoViewer = lazy(() =>
  import('@app/shared/ui/photo-viewer').then((module) => ({ default: module.PhotoViewer })),
);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  note: { fontSize: tokens.fontSizeBase300, color: tokens.colorNeutralForeground2 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    // A glimpse, not the page: on a wide screen the row's own photos stay in view.
    maxWidth: '480px',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  tile: { position: 'relative' },
  image: {
    display: 'block',
    width: '100%',
    aspectRatio: '3 / 4',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  // Over the whole picture (at least 44 px each way on the narrowest phone): a tap opens it.
  open: { ...coverButtonStyle, borderRadius: tokens.borderRadiusMedium, cursor: 'zoom-in' },
  caption: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
  },
});

/**
 * The first pictures of a model still in training: a zero-shot model drew them from one of the
 * photos, so they are labelled as previews, not as the model's work. A tap opens one large in
 * the app's photo viewer, with its likeness, where the others are a swipe away.
 */
export function TrainingPreviews({ previews }: { previews: readonly ModelPreview[] }) {
  const styles = useStyles();
  const [shown, setShown] = useState<number | null>(null);
  // Opened once: the viewer stays mounted so that it can play its closing transition.
  const [viewerWanted, setViewerWanted] = useState(false);
  if (previews.length === 0) return null;
  const alt = (index: number) => `${PREVIEW_TEXT.imageAlt} ${index + 1}`;
  const likeness = shown === null ? null : previews[shown]?.likeness;
  return (
    <section
      className={styles.root}
      data-testid="training-previews"
      aria-label={PREVIEW_TEXT.badge}
    >
      <span className={styles.note}>{PREVIEW_TEXT.rowNote}</span>
      <ul className={styles.grid}>
        {previews.map((preview, index) => (
          <li key={preview.imageId} className={styles.tile}>
            <img
              className={styles.image}
              src={preview.thumbnailUrl}
              alt={alt(index)}
              loading="lazy"
              decoding="async"
            />
            <button
              type="button"
              className={styles.open}
              aria-label={`${PREVIEW_TEXT.openLarge}, ${index + 1} of ${previews.length}`}
              onClick={() => {
                setViewerWanted(true);
                setShown(index);
              }}
            />
          </li>
        ))}
      </ul>
      {viewerWanted ? (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={previews.map((preview, index) => ({
              key: preview.imageId,
              src: preview.displayUrl ?? preview.thumbnailUrl ?? '',
              fallbackSrc: preview.thumbnailUrl,
              alt: alt(index),
            }))}
            index={shown}
            onIndexChange={setShown}
            onClose={() => setShown(null)}
            label={PREVIEW_TEXT.viewer}
            caption={
              <span className={styles.caption}>
                {PREVIEW_TEXT.rowNote}
                {likeness ? <LikenessBadge likeness={likeness} /> : null}
              </span>
            }
          />
        </Suspense>
      ) : null}
    </section>
  );
}
