import type { ModelSummary } from '@app/shared/contract/models';
import { useMemo, useState } from 'react';
import { initialSelection, saveSelection, toggleModel } from '../utils/selected-models';

/**
 * The ready models chosen for the next generation, remembered in browser storage. A model deleted
 * elsewhere leaves the choice (and the stored one) at once.
 */
export function useModelSelection(readyModels: readonly ModelSummary[]) {
  const readyIds = useMemo(() => readyModels.map((model) => model.modelId), [readyModels]);
  const [selected, setSelected] = useState<string[]>(() =>
    initialSelection(localStorage, readyIds),
  );
  const selectedIds = selected.filter((id) => readyIds.includes(id));
  const selectedModels = readyModels.filter((model) => selectedIds.includes(model.modelId));

  const toggle = (modelId: string) => {
    const next = toggleModel(selectedIds, modelId);
    setSelected(next);
    saveSelection(localStorage, next);
  };

  return { selectedIds, selectedModels, toggle };
}
