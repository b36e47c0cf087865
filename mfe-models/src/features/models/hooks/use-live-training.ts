import { bus } from '@app/shared/bus';
import type { ModelSummary } from '@app/shared/contract/models';
import type { TrainingStatus } from '@app/shared/contract/user';
import { fetchApiKey } from '@app/shared/data/api-key';
import { invalidateUser, userKeys } from '@app/shared/data/user';
import { normalizeModelStatus } from '@app/shared/spec';
import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { notifyTrainingEnded } from '../utils/notifications';

/** Progress and ETA of a training on screen move this often (the profile itself: every 30 s). */
const LIVE_POLL_MS = 3000;
/** A failed read is tried again after this, doubling up to a minute. */
const MAX_RETRY_MS = 60_000;

export type LiveTraining = TrainingStatus['models'][number];

/**
 * The live state of the trainings while this page shows one: progress, ETA and the job's own
 * status, read every few seconds. When a training the profile still shows as running has ended,
 * the profile is read again (the row and the Generate tab change at once), the shell hears
 * `models:changed`, and a user who is in another app gets a system notification.
 */
export function useLiveTraining(models: readonly ModelSummary[]): Map<string, LiveTraining> {
  const training = models.filter((model) => normalizeModelStatus(model.status) === 'training');
  const { data } = useSWR<TrainingStatus>(
    training.length > 0 ? userKeys.trainingStatus() : null,
    fetchApiKey,
    {
      refreshInterval: (status) => (status?.isTraining === false ? 0 : LIVE_POLL_MS),
      // The user may be in another app: the end of the training is what they wait to hear of.
      refreshWhenHidden: true,
      // SWR stops polling after a failed read and waits for focus or reconnection, which a user
      // in another app never gives: one lost answer would silence the notification. Without
      // revalidation on reconnect, SWR retries a failed read while hidden too, on this schedule.
      revalidateOnReconnect: false,
      onErrorRetry: (_error, _key, _config, revalidate, { retryCount }) => {
        setTimeout(
          () => void revalidate({ retryCount }),
          Math.min(LIVE_POLL_MS * 2 ** (retryCount - 1), MAX_RETRY_MS),
        );
      },
    },
  );
  const told = useRef(new Set<string>());
  const trainingIds = training.map((model) => model.modelId).join();
  const readyCount = models.filter(
    (model) => normalizeModelStatus(model.status) === 'ready',
  ).length;

  useEffect(() => {
    if (!data) return;
    const stillShownTraining = new Set(trainingIds.split(','));
    const ended = data.models.filter(
      (model) =>
        stillShownTraining.has(model.modelId) &&
        normalizeModelStatus(model.status) !== 'training' &&
        !told.current.has(`${model.modelId}:${model.jobId}`),
    );
    if (ended.length === 0) return;
    for (const model of ended) told.current.add(`${model.modelId}:${model.jobId}`);
    void invalidateUser();
    const nowReady = ended.filter((model) => normalizeModelStatus(model.status) === 'ready');
    if (nowReady.length > 0) {
      bus.emit('models:changed', { readyModelCount: readyCount + nowReady.length });
    }
    if (document.visibilityState !== 'hidden') return;
    // Part of the page's own code: a chunk that cannot load later (a deploy replaced it, the
    // network went) would leave the end untold.
    Promise.all(
      ended.map((model) =>
        notifyTrainingEnded(model, normalizeModelStatus(model.status) === 'ready'),
      ),
    ).catch((error: unknown) =>
      console.warn('The training notification could not be shown', error),
    );
  }, [data, trainingIds, readyCount]);

  return new Map((data?.models ?? []).map((model) => [model.modelId, model]));
}
