import type { ModelSummary } from '@app/shared/contract/models';
import { useUserProfile } from '@app/shared/data/user';
import { normalizeModelStatus, PROFILE_TEXT, ROUTES } from '@app/shared/spec';
import { EmptyState } from '@app/shared/ui/empty-state';
import { DelayedSpinner } from '@app/shared/ui/loading';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Navigate } from '@app/shared/navigation';
import { usePromptFromAddress } from '../hooks/use-prompt-from-address';
import { GENERATE_PAGE_TEXT } from '../texts';
import { LazyErrorAlert } from './lazy-error-alert';
import { GenerateWorkspace } from './generate-workspace';

export const readyModelsOf = (models: readonly ModelSummary[]) =>
  models.filter((model) => normalizeModelStatus(model.status) === 'ready');

/**
 * /generate (spec §2). A user who arrives without a ready model is sent to
 * /training?from=generate; one whose last ready model goes away while here stays, with the
 * action disabled ('Train your model first'), so nothing typed is lost.
 */
export function GeneratePage() {
  const { data: profile, error, isValidating, mutate } = useUserProfile(true);
  const [arrival, setArrival] = useState<'redirect' | 'stay' | null>(null);
  const [errorDismissed, setErrorDismissed] = useState(false);
  usePromptFromAddress();

  if (!profile) {
    if (error && !isValidating) {
      const retry = () => {
        setErrorDismissed(false);
        void mutate();
      };
      return errorDismissed ? (
        <EmptyState
          title={PROFILE_TEXT.loadFailed}
          action={{ label: 'Retry', onClick: retry, icon: <ArrowClockwiseRegular /> }}
        />
      ) : (
        <LazyErrorAlert
          message={PROFILE_TEXT.loadFailed}
          onDismiss={() => setErrorDismissed(true)}
          onRetry={retry}
        />
      );
    }
    return <DelayedSpinner label={GENERATE_PAGE_TEXT.loadingProfile} />;
  }

  const ready = readyModelsOf(profile.models);
  if (arrival === null) {
    // A cached profile without a ready model may be stale (a training just finished): decide on
    // the fresh one.
    if (ready.length === 0 && isValidating) {
      return <DelayedSpinner label={GENERATE_PAGE_TEXT.loadingProfile} />;
    }
    setArrival(ready.length === 0 ? 'redirect' : 'stay');
    return null;
  }
  if (arrival === 'redirect') return <Navigate to={ROUTES.trainingFromGenerate} replace />;
  return <GenerateWorkspace readyModels={ready} />;
}
