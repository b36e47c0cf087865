import { MAX_IMAGES_PER_PROMPT } from '@app/shared/spec';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { GENERATE_PAGE_TEXT } from '../texts';
import { useChoiceStyles } from './choice-styles';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: `repeat(${MAX_IMAGES_PER_PROMPT}, minmax(0, 1fr))`,
    gap: tokens.spacingHorizontalS,
  },
});

const COUNTS = Array.from({ length: MAX_IMAGES_PER_PROMPT }, (_, index) => index + 1);

/** How many images a text-to-image run makes, 1-4 (1 by default). */
export function CountPicker({
  value,
  onChange,
}: {
  value: number;
  onChange: (value: number) => void;
}) {
  const choice = useChoiceStyles();
  const styles = useStyles();
  const name = useId();
  return (
    <fieldset className={choice.group}>
      <legend className={choice.legend}>{GENERATE_PAGE_TEXT.imageCountLabel}</legend>
      <div className={styles.row}>
        {COUNTS.map((count) => (
          <label key={count} className={choice.tile}>
            <input
              className={choice.input}
              type="radio"
              name={name}
              value={count}
              checked={value === count}
              onChange={() => onChange(count)}
            />
            {count}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
