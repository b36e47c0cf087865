import { ASPECT_RATIOS, type AspectRatio } from '@app/shared/spec';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { GENERATE_PAGE_TEXT } from '../texts';
import { useChoiceStyles } from './choice-styles';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
  },
  tile: {
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    minHeight: '64px',
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
    textAlign: 'center',
    lineHeight: tokens.lineHeightBase200,
  },
  shapeBox: {
    width: '28px',
    height: '28px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  shape: { border: '2px solid currentColor', borderRadius: '3px', boxSizing: 'border-box' },
  label: { fontSize: tokens.fontSizeBase200 },
});

/** The ratio drawn as a small frame, its long side 26 px. */
function RatioShape({ value }: { value: AspectRatio }) {
  const styles = useStyles();
  const [w, h] = value.split(':').map(Number) as [number, number];
  const scale = 26 / Math.max(w, h);
  return (
    <span className={styles.shapeBox} aria-hidden>
      <span className={styles.shape} style={{ width: w * scale, height: h * scale }} />
    </span>
  );
}

/** The six ratios of spec §2, 1:1 Square first (the default). */
export function AspectRatioPicker({
  value,
  onChange,
}: {
  value: AspectRatio;
  onChange: (value: AspectRatio) => void;
}) {
  const choice = useChoiceStyles();
  const styles = useStyles();
  const name = useId();
  return (
    <fieldset className={choice.group}>
      <legend className={choice.legend}>{GENERATE_PAGE_TEXT.aspectRatioLabel}</legend>
      <div className={styles.grid}>
        {ASPECT_RATIOS.map((ratio) => (
          <label key={ratio.value} className={mergeClasses(choice.tile, styles.tile)}>
            <input
              className={choice.input}
              type="radio"
              name={name}
              value={ratio.value}
              checked={value === ratio.value}
              onChange={() => onChange(ratio.value)}
            />
            <RatioShape value={ratio.value} />
            <span className={styles.label}>{ratio.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
