import type { MediaFilter } from '@app/shared/data/media';
import { COMMON_TEXT, GALLERY_TEXT } from '@app/shared/spec';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const OPTIONS: ReadonlyArray<{ value: MediaFilter; label: string }> = [
  { value: 'generated', label: GALLERY_TEXT.filterGenerated },
  { value: 'training', label: COMMON_TEXT.trainingPhotos },
  { value: 'all', label: GALLERY_TEXT.filterAll },
];

const useStyles = makeStyles({
  group: {
    display: 'inline-flex',
    alignSelf: 'flex-start',
    margin: 0,
    padding: '2px',
    border: 'none',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3,
    maxWidth: '100%',
  },
  legend: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  option: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '44px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusCircular,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground2,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    ':has(input:focus-visible)': {
      outline: `2px solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
  },
  selected: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    boxShadow: tokens.shadow2,
  },
  // Over the whole pill: the tap target is the pill, and so is what a check of it measures.
  input: {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    margin: 0,
    opacity: 0,
    cursor: 'pointer',
  },
});

/** Spec §4: every image or one type, as radio buttons (arrow keys move between them). */
export function TypeFilter({
  value,
  onChange,
}: {
  value: MediaFilter;
  onChange: (filter: MediaFilter) => void;
}) {
  const styles = useStyles();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{GALLERY_TEXT.filterLabel}</legend>
      {OPTIONS.map((option) => (
        <label
          key={option.value}
          className={mergeClasses(styles.option, option.value === value && styles.selected)}
        >
          <input
            className={styles.input}
            type="radio"
            name="gallery-filter"
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
