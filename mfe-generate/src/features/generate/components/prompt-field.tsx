import { PROMPT_ROWS } from '@app/shared/spec';
import { Label, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { useId, useLayoutEffect, type Ref, type RefObject } from 'react';

const LINE_HEIGHT_PX = 24;
const VERTICAL_PADDING_PX = 12;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    width: '100%',
  },
  textarea: {
    // 16 px keeps iOS from zooming the page on focus (ui-quality).
    fontSize: '16px',
    lineHeight: `${LINE_HEIGHT_PX}px`,
    resize: 'none',
  },
  label: { fontWeight: tokens.fontWeightSemibold },
});

const heightFor = (lines: number) => lines * LINE_HEIGHT_PX + VERTICAL_PADDING_PX;

/** The prompt box: 3 lines, growing with its text up to 10, then scrolling (spec §2). */
export function PromptField({
  label,
  value,
  onChange,
  textareaRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const styles = useStyles();
  const id = useId();
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    const wanted = Math.min(
      heightFor(PROMPT_ROWS.max),
      Math.max(heightFor(PROMPT_ROWS.min), textarea.scrollHeight),
    );
    textarea.style.height = `${wanted}px`;
  }, [value, textareaRef]);
  return (
    // A plain Label, not Fluent's Field: the page shows no field-level message, and Field's
    // validation parts would come with the first show.
    <div className={styles.root}>
      <Label htmlFor={id} className={styles.label}>
        {label}
      </Label>
      <Textarea
        id={id}
        ref={textareaRef as Ref<HTMLTextAreaElement>}
        value={value}
        rows={PROMPT_ROWS.min}
        resize="none"
        textarea={{ className: styles.textarea, style: { minHeight: heightFor(PROMPT_ROWS.min) } }}
        onChange={(_event, data) => onChange(data.value)}
      />
    </div>
  );
}
