import type { ModelSummary } from '@app/shared/contract/models';
import { MAX_MODELS_PER_GENERATION } from '@app/shared/spec';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircle24Filled, Circle24Regular } from '@fluentui/react-icons';
import { useId, useState } from 'react';
import { GENERATE_PAGE_TEXT } from '../texts';
import { useChoiceStyles } from './choice-styles';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    width: '100%',
  },
  // The hint is part of the legend, so it is read with the group's name.
  hint: {
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground2,
  },
  list: { display: 'grid', gap: tokens.spacingVerticalS, gridTemplateColumns: 'minmax(0, 1fr)' },
  tile: { justifyContent: 'flex-start', minHeight: '54px', textAlign: 'left' },
  avatar: {
    flexShrink: 0,
    width: '36px',
    height: '36px',
    borderRadius: tokens.borderRadiusCircular,
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
  },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  trigger: {
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground2,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  check: { flexShrink: 0, display: 'flex', color: tokens.colorNeutralForeground3 },
  checked: { color: tokens.colorBrandForeground1 },
  limit: {
    margin: `${tokens.spacingVerticalXS} 0 0`,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
});

function ModelAvatar({ model }: { model: ModelSummary }) {
  const styles = useStyles();
  const [failed, setFailed] = useState(false);
  if (model.avatar && !failed) {
    return (
      <img
        className={styles.avatar}
        src={model.avatar}
        alt=""
        width={36}
        height={36}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={styles.avatar} aria-hidden>
      {Array.from(model.name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}

/**
 * The ready models, each with avatar, name and trigger word; up to 2 can be chosen (spec §2).
 * With 2 chosen, the others are disabled until one is let go.
 */
export function ModelPicker({
  models,
  selected,
  onToggle,
}: {
  models: readonly ModelSummary[];
  selected: readonly string[];
  onToggle: (modelId: string) => void;
}) {
  const choice = useChoiceStyles();
  const styles = useStyles();
  const idBase = useId();
  const full = selected.length >= MAX_MODELS_PER_GENERATION;
  return (
    <fieldset className={choice.group} data-testid="model-picker">
      <legend className={mergeClasses(choice.legend, styles.header)}>
        {GENERATE_PAGE_TEXT.modelsLabel}
        {models.length > 1 ? (
          <span className={styles.hint}>{GENERATE_PAGE_TEXT.modelsHint}</span>
        ) : null}
      </legend>
      <div className={styles.list}>
        {models.map((model) => {
          const isSelected = selected.includes(model.modelId);
          return (
            <label key={model.modelId} className={mergeClasses(choice.tile, styles.tile)}>
              <input
                className={choice.input}
                type="checkbox"
                checked={isSelected}
                disabled={full && !isSelected}
                // Named by the model; its trigger word is the description.
                aria-label={model.name}
                aria-describedby={`${idBase}-${model.modelId}`}
                onChange={() => onToggle(model.modelId)}
              />
              <ModelAvatar model={model} />
              <span className={styles.text}>
                <span className={styles.name}>{model.name}</span>
                <span className={styles.trigger} id={`${idBase}-${model.modelId}`}>
                  {model.triggerWord}
                </span>
              </span>
              <span
                className={mergeClasses(styles.check, isSelected && styles.checked)}
                aria-hidden
              >
                {isSelected ? <CheckmarkCircle24Filled /> : <Circle24Regular />}
              </span>
            </label>
          );
        })}
      </div>
      {full && models.length > MAX_MODELS_PER_GENERATION ? (
        <p className={styles.limit} role="status">
          {GENERATE_PAGE_TEXT.modelLimitReached}
        </p>
      ) : null}
    </fieldset>
  );
}
