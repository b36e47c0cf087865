import type { GenerationMode } from '@app/shared/spec';
import { makeStyles, tokens } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import type { EngineLimits } from '../utils/engine-limits';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    columnGap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  icon: { flexShrink: 0, fontSize: '20px', color: tokens.colorBrandForeground1, marginTop: '1px' },
  body: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  text: { margin: 0 },
  summary: {
    cursor: 'pointer',
    minHeight: '44px',
    display: 'flex',
    alignItems: 'center',
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
  },
  words: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    marginTop: tokens.spacingVerticalXS,
  },
  word: {
    minHeight: '44px',
    minWidth: '44px',
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    cursor: 'pointer',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

const list = (names: readonly string[]) => names.join(' and ');
const quoted = (words: readonly string[]) => words.map((word) => `“${word}”`).join(', ');

/**
 * Said before the user types: what a portrait-only model (the built-in engine) can draw, and
 * which prompt words it reads; a tap on a word adds it to the prompt. An honest prompt beats a
 * scene prompt that silently comes back as a portrait.
 */
export function EngineNote({
  limits,
  mode,
  onInsertWord,
}: {
  limits: EngineLimits;
  mode: GenerationMode;
  onInsertWord: (word: string) => void;
}) {
  const styles = useStyles();
  const names = list(limits.modelNames);
  return (
    <section className={styles.root} data-testid="engine-note" aria-label="What this model can do">
      <InfoRegular className={styles.icon} aria-hidden />
      <div className={styles.body}>
        {mode === 'edit' && !limits.editFollowsPrompt ? (
          <p className={styles.text}>
            {names} fills what you paint from the rest of the photo and this person’s face. The
            prompt does not change it, and the photo keeps its size.
          </p>
        ) : (
          <p className={styles.text}>
            {names} draws head-and-shoulders portraits of this person. Prompts set the backdrop,
            light and colour ({quoted(limits.examples)}), not scenes or objects.
          </p>
        )}
        {mode === 'generate' && limits.words.length > 0 ? (
          <details>
            <summary className={styles.summary}>
              All {limits.words.length} words it understands
            </summary>
            <div className={styles.words}>
              {limits.words.map((word) => (
                <button
                  key={word}
                  type="button"
                  className={styles.word}
                  onClick={() => onInsertWord(word)}
                >
                  {word}
                </button>
              ))}
            </div>
          </details>
        ) : null}
      </div>
    </section>
  );
}
