import { MASK_EDITOR } from '@app/shared/spec';
import { Label, makeStyles, Slider, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { MASK_EDITOR_TEXT } from '../texts';

const useStyles = makeStyles({
  brush: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    alignSelf: 'stretch',
  },
  brushLabel: { whiteSpace: 'nowrap' },
  // A thumb-sized track (44 px high) with 16 px text, like every other input (ui-quality).
  slider: { flexGrow: 1, height: '44px', minWidth: 0 },
  sliderInput: { fontSize: '16px', height: '44px' },
  brushValue: { minWidth: '48px', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
});

/** The brush size slider of spec §4 (5-50 px), with the size written beside it. */
export function BrushSizeSlider({
  value,
  onChange,
}: {
  value: number;
  onChange: (size: number) => void;
}) {
  const styles = useStyles();
  const sliderId = useId();
  return (
    <div className={styles.brush}>
      <Label htmlFor={sliderId} className={styles.brushLabel}>
        {MASK_EDITOR_TEXT.brushSize}
      </Label>
      <Slider
        id={sliderId}
        className={styles.slider}
        input={{ className: styles.sliderInput }}
        min={MASK_EDITOR.brushMinPx}
        max={MASK_EDITOR.brushMaxPx}
        step={MASK_EDITOR.brushStepPx}
        value={value}
        onChange={(_event, data) => onChange(data.value)}
      />
      <span className={styles.brushValue} aria-hidden>
        {value} px
      </span>
    </div>
  );
}
