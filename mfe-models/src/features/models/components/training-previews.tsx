import type { ModelPreview } from '@app/shared/contract/models';
import { PREVIEW_TEXT } from '@app/shared/spec';
import { makeStyles, tokens } from '@fluentui/react-components';

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
  image: {
    display: 'block',
    width: '100%',
    aspectRatio: '3 / 4',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
});

/**
 * The first pictures of a model still in training: a zero-shot model drew them from one of the
 * photos, so they are labelled as previews, not as the model's work.
 */
export function TrainingPreviews({ previews }: { previews: readonly ModelPreview[] }) {
  const styles = useStyles();
  if (previews.length === 0) return null;
  return (
    <section
      className={styles.root}
      data-testid="training-previews"
      aria-label={PREVIEW_TEXT.badge}
    >
      <span className={styles.note}>{PREVIEW_TEXT.rowNote}</span>
      <ul className={styles.grid}>
        {previews.map((preview, index) => (
          <li key={preview.imageId}>
            <img
              className={styles.image}
              src={preview.thumbnailUrl}
              alt={`${PREVIEW_TEXT.imageAlt} ${index + 1}`}
              loading="lazy"
              decoding="async"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
