import { readyToLabel, GENERATE_TEXT, type GenerationMode } from '@app/shared/spec';
import { EmptyState } from '@app/shared/ui/empty-state';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ImageSparkleRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useEffect } from 'react';
import type { GenerationState } from '../hooks/generation-store';
import { GENERATE_PAGE_TEXT } from '../texts';
import { LazyErrorAlert } from './lazy-error-alert';

// Only after a generation: the result view with its image, actions and viewer.
const ResultView = lazy(() => import('./result-view'));
const BatchView = lazy(() => import('./batch-view'));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  busy: {
    position: 'relative',
    width: '100%',
    maxHeight: '60vh',
    margin: '0 auto',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    textAlign: 'center',
    overflow: 'hidden',
  },
  busyHint: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  cancel: { minHeight: '44px', minWidth: '96px' },
});

/** The shape the coming image will have, so the panel does not jump when it arrives. */
function busyAspect(
  generation: Extract<GenerationState, { status: 'busy' }>,
  editAspect: number | null,
) {
  if (generation.request.mode === 'edit' && editAspect) return editAspect;
  const [w, h] = generation.request.aspectRatio.split(':').map(Number) as [number, number];
  return w / h;
}

/** Tells once it is on the page: inside a Suspense boundary, once everything in it has loaded. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

/**
 * The right panel (spec §2): Ready to Generate / Ready to Edit with a hint; 'Generating...' with
 * Cancel while busy; the error with Try again; the result.
 */
export function ResultPanel({
  mode,
  generation,
  editAspect,
  onCancel,
  onRetry,
  onDismissError,
  onGenerateAgain,
  onResultShown,
}: {
  mode: GenerationMode;
  generation: GenerationState;
  /** Width / height of the photo being edited, when there is one. */
  editAspect: number | null;
  onCancel: () => void;
  onRetry: () => void;
  onDismissError: () => void;
  onGenerateAgain: () => void;
  /** A result is on the page, its view loaded and laid out. */
  onResultShown: () => void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="result-panel" aria-live="polite">
      {generation.status === 'idle' ? (
        <EmptyState
          icon={<ImageSparkleRegular />}
          title={readyToLabel(mode)}
          text={
            mode === 'edit'
              ? GENERATE_PAGE_TEXT.readyHintEdit
              : GENERATE_PAGE_TEXT.readyHintGenerate
          }
          headingLevel={2}
        />
      ) : null}
      {generation.status === 'busy' ? (
        <div
          className={styles.busy}
          style={{ aspectRatio: busyAspect(generation, editAspect), minHeight: 200 }}
          data-testid="generation-busy"
        >
          <Spinner size="large" label={GENERATE_TEXT.generating} labelPosition="below" />
          <p className={styles.busyHint}>{GENERATE_PAGE_TEXT.generatingHint}</p>
          <Button className={styles.cancel} onClick={onCancel}>
            {GENERATE_PAGE_TEXT.cancel}
          </Button>
        </div>
      ) : null}
      {generation.status === 'failed' ? (
        <LazyErrorAlert
          message={generation.error}
          onDismiss={onDismissError}
          onRetry={onRetry}
          retryLabel={GENERATE_PAGE_TEXT.tryAgain}
        />
      ) : null}
      {generation.status === 'succeeded' ? (
        <Suspense fallback={null}>
          {generation.result.imageIds.length > 1 ? (
            <BatchView result={generation.result} />
          ) : (
            <ResultView result={generation.result} onGenerateAgain={onGenerateAgain} />
          )}
          <Shown key={generation.result.id} onShown={onResultShown} />
        </Suspense>
      ) : null}
    </div>
  );
}
