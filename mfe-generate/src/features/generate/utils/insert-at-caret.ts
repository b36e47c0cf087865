/** Puts `word` at the cursor, with a space on either side where needed. */
function insertWord(text: string, word: string, start: number, end: number) {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' || /\s$/.test(before) ? '' : ' ';
  const trail = after === '' || /^\s/.test(after) ? '' : ' ';
  const inserted = `${lead}${word}${trail}`;
  return { text: `${before}${inserted}${after}`, caret: before.length + inserted.length };
}

/**
 * Inserts a word (a trigger word, an engine's hint) into the prompt at the textarea's cursor (at
 * the end without one); the cursor then stands after the word, with the focus in the textarea.
 */
export function insertAtCaret(
  textarea: HTMLTextAreaElement | null,
  prompt: string,
  word: string,
  setPrompt: (value: string) => void,
): void {
  const start = textarea?.selectionStart ?? prompt.length;
  const end = textarea?.selectionEnd ?? prompt.length;
  const next = insertWord(prompt, word, start, end);
  setPrompt(next.text);
  requestAnimationFrame(() => {
    textarea?.focus();
    textarea?.setSelectionRange(next.caret, next.caret);
  });
}
