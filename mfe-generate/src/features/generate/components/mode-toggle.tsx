import { GENERATE_TEXT, type GenerationMode } from '@app/shared/spec';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ImageEditRegular, TextEffectsSparkleRegular } from '@fluentui/react-icons';
import { useId } from 'react';
import { GENERATE_PAGE_TEXT } from '../texts';
import { useChoiceStyles } from './choice-styles';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    gap: tokens.spacingHorizontalXS,
    padding: tokens.spacingHorizontalXXS,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  tile: {
    border: '1px solid transparent',
    backgroundColor: 'transparent',
    fontSize: tokens.fontSizeBase400,
  },
  icon: { fontSize: '20px', display: 'flex' },
});

const MODES: ReadonlyArray<{ value: GenerationMode; label: string; icon: React.ReactElement }> = [
  { value: 'generate', label: GENERATE_TEXT.textToImage, icon: <TextEffectsSparkleRegular /> },
  { value: 'edit', label: GENERATE_TEXT.editImage, icon: <ImageEditRegular /> },
];

/** Text to Image / Edit Image: one is always chosen (spec §2). */
export function ModeToggle({
  mode,
  onChange,
}: {
  mode: GenerationMode;
  onChange: (mode: GenerationMode) => void;
}) {
  const choice = useChoiceStyles();
  const styles = useStyles();
  const name = useId();
  return (
    <fieldset className={choice.group} data-testid="mode-toggle">
      <legend className={choice.srOnly}>{GENERATE_PAGE_TEXT.modeLabel}</legend>
      <div className={styles.row}>
        {MODES.map(({ value, label, icon }) => (
          <label key={value} className={mergeClasses(choice.tile, styles.tile)}>
            <input
              className={choice.input}
              type="radio"
              name={name}
              value={value}
              checked={mode === value}
              onChange={() => onChange(value)}
            />
            <span className={styles.icon} aria-hidden>
              {icon}
            </span>
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
