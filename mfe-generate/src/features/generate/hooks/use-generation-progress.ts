import { useJobStatus } from '@app/shared/data/jobs';
import { GENERATION_POLL_DEADLINE_MS } from '@app/shared/spec';
import { useEffect } from 'react';
import { giveUpWaiting, settleJob, type GenerationState } from './generation-store';

/**
 * Carries a running generation forward while the page is shown: polls its job (GET
 * /generate/status/{id}) until it settles, and gives up at the polling deadline.
 */
export function useGenerationProgress(generation: GenerationState): void {
  const busy = generation.status === 'busy' ? generation : null;
  const { data: job } = useJobStatus(busy?.jobId ?? null);

  useEffect(() => {
    if (job) settleJob(job);
  }, [job]);

  const attempt = busy?.attempt;
  const startedAt = busy?.startedAt;
  useEffect(() => {
    if (attempt === undefined || startedAt === undefined) return;
    const timer = setTimeout(
      () => giveUpWaiting(attempt),
      Math.max(0, startedAt + GENERATION_POLL_DEADLINE_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [attempt, startedAt]);
}
