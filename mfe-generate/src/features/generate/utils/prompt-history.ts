import {
  PROMPT_CHIPS_SHOWN,
  PROMPT_HISTORY_MAX,
  STORAGE_KEYS,
  promptChipLabel,
  updatePromptHistory,
} from '@app/shared/spec';
import { readStringList, writeStringList } from './browser-storage';

/** The recent prompts (spec §3 `promptHistory`): newest first, no duplicates, at most 10. */
export function loadPromptHistory(storage: Storage): string[] {
  const stored = readStringList(storage, STORAGE_KEYS.promptHistory) ?? [];
  // Re-applying the rules cleans up a list written by hand or by an older version.
  return stored
    .reduceRight<string[]>((history, prompt) => updatePromptHistory(history, prompt), [])
    .slice(0, PROMPT_HISTORY_MAX);
}

export function rememberPrompt(storage: Storage, prompt: string): string[] {
  const history = updatePromptHistory(loadPromptHistory(storage), prompt);
  writeStringList(storage, STORAGE_KEYS.promptHistory, history);
  return history;
}

/** The chips under the prompt box: the 5 newest, each with its cut label (spec §2). */
export function promptChips(history: readonly string[]): Array<{ prompt: string; label: string }> {
  return history
    .slice(0, PROMPT_CHIPS_SHOWN)
    .map((prompt) => ({ prompt, label: promptChipLabel(prompt) }));
}
