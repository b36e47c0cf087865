import type { ModelSummary } from '@app/shared/contract/models';
import { HOVER_MEDIA } from '@app/shared/ui/hover';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular, CheckmarkRegular } from '@fluentui/react-icons';
import { GENERATE_PAGE_TEXT } from '../texts';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  label: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  word: {
    display: 'inline-flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    minHeight: '44px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusCircular,
    border: `1px dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    cursor: 'pointer',
    [HOVER_MEDIA]: { ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  used: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
  },
});

/** Whether the prompt names the word on its own (not inside another word). */
export function promptHasWord(prompt: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'iu').test(prompt);
}

/**
 * The chosen models' trigger words (spec §2 "trigger-word hints"): a tap puts the word into the
 * prompt where the cursor is; a word the prompt already has is marked as used.
 */
export function TriggerWordHints({
  models,
  prompt,
  onInsert,
}: {
  models: readonly ModelSummary[];
  prompt: string;
  onInsert: (word: string) => void;
}) {
  const styles = useStyles();
  if (models.length === 0) return null;
  return (
    <div className={styles.root} data-testid="trigger-words">
      <span className={styles.label}>{GENERATE_PAGE_TEXT.triggerWordsLabel}</span>
      {models.map((model) => {
        const used = promptHasWord(prompt, model.triggerWord);
        return (
          <button
            key={model.modelId}
            type="button"
            className={mergeClasses(styles.word, used && styles.used)}
            aria-label={
              used
                ? `${model.triggerWord} ${GENERATE_PAGE_TEXT.triggerWordInPrompt}`
                : `${GENERATE_PAGE_TEXT.triggerWordsLabel}: ${model.triggerWord}`
            }
            onClick={() => onInsert(model.triggerWord)}
          >
            {used ? <CheckmarkRegular aria-hidden /> : <AddRegular aria-hidden />}
            {model.triggerWord}
          </button>
        );
      })}
    </div>
  );
}
