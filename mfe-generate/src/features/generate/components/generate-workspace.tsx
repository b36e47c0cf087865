import type { ModelSummary } from '@app/shared/contract/models';
import { GENERATE_TEXT, LAYOUT, mediaQuery, validateGenerationInput } from '@app/shared/spec';
import { makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import {
  cancelGeneration,
  dismissGenerationError,
  keepEditDraft,
  startGeneration,
  switchMode,
  updateDraft,
  useGenerateStore,
  type GenerationRequest,
} from '../hooks/generation-store';
import { useEditRequest } from '../hooks/use-edit-request';
import { useGenerationProgress } from '../hooks/use-generation-progress';
import { useModelSelection } from '../hooks/use-model-selection';
import { usePromptHistory } from '../hooks/use-prompt-history';
import { useResultScroll } from '../hooks/use-result-scroll';
import { GENERATE_PAGE_TEXT } from '../texts';
import { engineLimits } from '../utils/engine-limits';
import { insertAtCaret } from '../utils/insert-at-caret';
import { ActionBar } from './action-bar';
import { useChoiceStyles } from './choice-styles';
import { PackRow } from '../../packs/components/pack-row';
import { EngineNote } from './engine-note';
import { ModeToggle } from './mode-toggle';
import { ModelPicker } from './model-picker';
import { PromptField } from './prompt-field';
import { RecentPrompts } from './recent-prompts';
import { ResultPanel } from './result-panel';
import { TextToImageSettings } from './text-to-image-settings';
import { TriggerWordHints } from './trigger-word-hints';

// Edit mode's image area and mask editor: not part of the first show (text to image is).
const EditInputs = lazy(() => import('../../mask-editor/components/edit-inputs'));

const useStyles = makeStyles({
  page: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingVerticalXL,
    maxWidth: '1200px',
    margin: '0 auto',
    [mediaQuery('md')]: {
      gridTemplateColumns: 'minmax(360px, 480px) minmax(0, 1fr)',
      alignItems: 'start',
      columnGap: tokens.spacingHorizontalXXL,
    },
  },
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL, minWidth: 0 },
  promptBlock: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  result: {
    minWidth: 0,
    // Brought into view below the sticky header, not under it.
    scrollMarginTop: `calc(${LAYOUT.headerHeightPx}px + ${tokens.spacingVerticalM})`,
    [mediaQuery('md')]: {
      position: 'sticky',
      // Below the fixed header (spec §9: 40 px).
      top: `calc(${LAYOUT.headerHeightPx}px + ${tokens.spacingVerticalM})`,
      padding: tokens.spacingHorizontalL,
      borderRadius: tokens.borderRadiusXLarge,
      backgroundColor: tokens.colorNeutralBackground1,
      boxShadow: tokens.shadow4,
    },
  },
});

/** The generate page once the user has a ready model: the form (left) and the result (right). */
export function GenerateWorkspace({ readyModels }: { readyModels: readonly ModelSummary[] }) {
  const styles = useStyles();
  const choice = useChoiceStyles();
  const { draft, generation } = useGenerateStore();
  useGenerationProgress(generation);
  const { mode, prompt, aspectRatio, count } = draft;

  const { selectedIds: usable, selectedModels, toggle } = useModelSelection(readyModels);
  const madeImage = generation.status === 'succeeded' ? generation.result.id : null;
  const history = usePromptHistory(madeImage);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const clearError = useCallback(() => setSubmitError(null), []);
  const { edit, editInputs, onEditChange, preparing, prepare } = useEditRequest(mode, clearError);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { resultRef, onResultShown, showNow } = useResultScroll(madeImage);

  const busy = generation.status === 'busy' || preparing;
  const hasReadyModel = readyModels.length > 0;
  const reason = validateGenerationInput({
    mode,
    prompt,
    modelCount: usable.length,
    hasImage: edit.image !== null,
    hasMask: edit.hasPaint,
    maskRefused: edit.maskRefused,
  });
  const limits = engineLimits(selectedModels);

  const setPrompt = (value: string) => {
    updateDraft({ prompt: value });
    setSubmitError(null);
  };

  const insert = (word: string) => insertAtCaret(textarea.current, prompt, word, setPrompt);

  const send = (request: GenerationRequest) => {
    showNow();
    void startGeneration(request);
  };

  const submit = async () => {
    if (busy || reason !== null || !hasReadyModel) return;
    const request: GenerationRequest = {
      mode,
      prompt: prompt.trim(),
      aspectRatio,
      modelIds: usable,
      // Edit mode stays one image.
      ...(mode === 'edit' ? {} : { count }),
    };
    if (mode === 'edit') {
      const parts = await prepare(limits);
      if (!parts) return;
      if ('problem' in parts) {
        setSubmitError(parts.problem);
        return;
      }
      request.image = parts.image;
      request.mask = parts.mask;
    }
    send(request);
  };

  const again = () => {
    if (generation.status === 'succeeded' || generation.status === 'failed')
      send(generation.request);
  };

  return (
    <div className={styles.page}>
      <h1 className={choice.srOnly}>{GENERATE_PAGE_TEXT.pageTitle}</h1>
      <form
        className={styles.form}
        aria-label={GENERATE_PAGE_TEXT.pageTitle}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ModeToggle
          mode={mode}
          onChange={(next) => {
            setSubmitError(null);
            switchMode(next);
          }}
        />
        <ModelPicker models={readyModels} selected={usable} onToggle={toggle} />
        {limits ? <EngineNote limits={limits} mode={mode} onInsertWord={insert} /> : null}
        {mode === 'edit' ? (
          <Suspense fallback={null}>
            <EditInputs
              ref={editInputs}
              kept={draft.edit}
              onKeep={keepEditDraft}
              onChange={onEditChange}
              modelIds={usable}
              fillsFromPhoto={limits?.editFollowsPrompt === false}
            />
          </Suspense>
        ) : null}
        {mode === 'edit' ? null : (
          <PackRow
            models={selectedModels}
            count={count}
            disabled={busy || usable.length === 0}
            onRun={(run) => send({ ...run, mode, aspectRatio, modelIds: usable })}
          />
        )}
        <div className={styles.promptBlock}>
          <PromptField
            label={mode === 'edit' ? GENERATE_TEXT.editPromptLabel : GENERATE_TEXT.promptLabel}
            value={prompt}
            onChange={setPrompt}
            textareaRef={textarea}
          />
          <TriggerWordHints models={selectedModels} prompt={prompt} onInsert={insert} />
          <RecentPrompts history={history} onPick={setPrompt} />
        </div>
        {/* An edit keeps the photo's own shape and makes one image: nothing to choose there. */}
        {mode === 'edit' ? null : <TextToImageSettings aspectRatio={aspectRatio} count={count} />}
        <ActionBar
          mode={mode}
          busy={busy}
          hasReadyModel={hasReadyModel}
          reason={reason}
          submitError={submitError}
          onSubmit={() => void submit()}
        />
      </form>
      <section
        ref={resultRef}
        className={styles.result}
        aria-label={GENERATE_PAGE_TEXT.resultTitle}
      >
        <ResultPanel
          mode={mode}
          generation={generation}
          editAspect={edit.aspect}
          onCancel={cancelGeneration}
          onRetry={again}
          onDismissError={dismissGenerationError}
          onGenerateAgain={again}
          onResultShown={onResultShown}
        />
      </section>
    </div>
  );
}
