import type { ModelSummary } from '@app/shared/contract/models';
import { normalizeModelStatus } from '@app/shared/spec';
import { useState } from 'react';

/**
 * Which model rows are open: as the user left them, else the first, every one not ready, and
 * all of them when there are two or fewer.
 */
export function useExpandedRows(models: readonly ModelSummary[]) {
  const [expanded, setExpanded] = useState(new Map<string, boolean>());
  const isExpanded = (model: ModelSummary, index: number) =>
    expanded.get(model.modelId) ??
    (index === 0 || normalizeModelStatus(model.status) !== 'ready' || models.length <= 2);
  return {
    isExpanded,
    toggle: (model: ModelSummary, index: number) =>
      setExpanded((map) => new Map(map).set(model.modelId, !isExpanded(model, index))),
    expand: (modelId: string) => setExpanded((map) => new Map(map).set(modelId, true)),
  };
}
