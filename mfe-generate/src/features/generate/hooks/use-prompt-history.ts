import { useState } from 'react';
import { loadPromptHistory } from '../utils/prompt-history';

/**
 * The recent prompts. A prompt joins them when it made an image (the store keeps them), so they
 * are read again whenever a new image has been made.
 */
export function usePromptHistory(madeImage: string | null): string[] {
  const [history, setHistory] = useState(() => loadPromptHistory(localStorage));
  const [historyAfter, setHistoryAfter] = useState(madeImage);
  if (historyAfter !== madeImage) {
    setHistoryAfter(madeImage);
    setHistory(loadPromptHistory(localStorage));
  }
  return history;
}
