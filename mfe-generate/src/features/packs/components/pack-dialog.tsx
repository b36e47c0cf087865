import { countForPack, type Pack } from '@app/shared/packs';
import { GENERATE_TEXT } from '@app/shared/spec';
import { ConfirmDialog } from '@app/shared/ui/confirm-dialog';
import { Field, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { PACKS_TEXT } from '../texts';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  description: { margin: 0, color: tokens.colorNeutralForeground2 },
  // 16 px: phones zoom into smaller inputs.
  input: { fontSize: '16px' },
});

/**
 * A pack's prompts, editable before the run; running starts one batch of them all. Loaded when
 * a pack is first opened: the page's first show needs only the cards.
 */
export default function PackDialog({
  pack,
  prompts,
  count,
  onChange,
  onRun,
  onDismiss,
}: {
  pack: Pack;
  prompts: string[];
  count: number;
  onChange: (prompts: string[]) => void;
  onRun: () => void;
  onDismiss: () => void;
}) {
  const styles = useStyles();
  const perPrompt = countForPack(prompts.length, count);
  const usable = prompts.every((prompt) => prompt.trim() !== '');
  return (
    <ConfirmDialog
      open
      title={pack.title}
      message={
        <div className={styles.list}>
          <p className={styles.description}>
            {pack.description} {PACKS_TEXT.perPromptNote(perPrompt)}
          </p>
          {prompts.map((prompt, index) => (
            <Field key={index} label={PACKS_TEXT.promptLabel(index + 1)}>
              <Textarea
                className={styles.input}
                value={prompt}
                resize="vertical"
                onChange={(_, data) =>
                  onChange(prompts.map((old, at) => (at === index ? data.value : old)))
                }
              />
            </Field>
          ))}
        </div>
      }
      confirmLabel={PACKS_TEXT.run(prompts.length * perPrompt)}
      busyLabel={PACKS_TEXT.running}
      error={usable ? null : GENERATE_TEXT.enterPrompt}
      onConfirm={() => (usable ? onRun() : Promise.reject(new Error(GENERATE_TEXT.enterPrompt)))}
      onDismiss={onDismiss}
    />
  );
}
