import type { ModelSummary } from '@app/shared/contract/models';
import { retryTraining } from '@app/shared/data/models';
import { MODELS_TEXT } from '@app/shared/spec';
import { useRef, useState } from 'react';
import { newIdempotencyKey } from '../../training/utils/idempotency-key';
import { failureMessage } from '../utils/error-message';

/**
 * Retry of a failed training, one at a time. A model keeps its key until a retry gets through,
 * so a tap repeated after a lost answer starts one training, not two.
 */
export function useRetryTraining(onError: (message: string) => void) {
  const [retrying, setRetrying] = useState<string | null>(null);
  const keys = useRef(new Map<string, string>());

  const retry = async (model: ModelSummary) => {
    setRetrying(model.modelId);
    const key = keys.current.get(model.modelId) ?? newIdempotencyKey();
    keys.current.set(model.modelId, key);
    try {
      await retryTraining(model.modelId, key);
      keys.current.delete(model.modelId);
    } catch (failure) {
      onError(failureMessage(failure, MODELS_TEXT.startTrainingFailed));
    } finally {
      setRetrying(null);
    }
  };

  return { retrying, retry };
}
