import { MAX_MODELS_PER_GENERATION, STORAGE_KEYS } from '@app/shared/spec';
import { readStringList, writeStringList } from './browser-storage';

/**
 * The models chosen for the next generation (spec §3 `selectedModelIds`, at most 2), limited to
 * the ready models the user has now. A first visit, or a stored choice whose models are all gone,
 * starts with the first ready model, so the page can generate at once; a choice the user emptied
 * on purpose stays empty.
 */
export function initialSelection(storage: Storage, readyModelIds: readonly string[]): string[] {
  const stored = readStringList(storage, STORAGE_KEYS.selectedModelIds);
  const usable = (stored ?? []).filter((id) => readyModelIds.includes(id));
  const unique = [...new Set(usable)].slice(0, MAX_MODELS_PER_GENERATION);
  if (unique.length > 0 || (stored !== null && stored.length === 0)) return unique;
  return readyModelIds.slice(0, 1);
}

export function saveSelection(storage: Storage, modelIds: readonly string[]): void {
  writeStringList(storage, STORAGE_KEYS.selectedModelIds, modelIds);
}

/** Tapping a model: off if it was on; on if fewer than 2 are on; otherwise nothing changes. */
export function toggleModel(selection: readonly string[], modelId: string): string[] {
  if (selection.includes(modelId)) return selection.filter((id) => id !== modelId);
  if (selection.length >= MAX_MODELS_PER_GENERATION) return [...selection];
  return [...selection, modelId];
}
