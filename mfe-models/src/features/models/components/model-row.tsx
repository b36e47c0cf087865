import type { TrainingPhoto } from '@app/shared/contract/media';
import type { ModelSummary } from '@app/shared/contract/models';
import { EmptyState } from '@app/shared/ui/empty-state';
import { useDropZone } from '@app/shared/ui/drop-zone';
import { FILE_CHECKS, MAX_TRAINING_PHOTOS, MODELS_TEXT, photoCount } from '@app/shared/spec';
import { HOVER_MEDIA } from '@app/shared/ui/hover';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  AddRegular,
  ArrowSyncCircleFilled,
  ArrowUploadRegular,
  CheckmarkCircleFilled,
  ChevronDownRegular,
  CircleRegular,
  DeleteRegular,
  DismissCircleFilled,
} from '@fluentui/react-icons';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import type { LiveTraining } from '../hooks/use-live-training';
import { refusedPhotos } from '../utils/model-photos';
import { statusView, type StatusTone } from '../utils/model-status';
import { ModelPhotos } from './model-photos';
import type { RowUploadsState } from './row-uploads';

// Each part below shows only in some states (a new user has none): none is in the first load.
// A model's photos are, though: they are a returning user's first screen here, and its largest
// paint, which would otherwise wait for one more round trip after the page's data.
const RowUploads = lazy(() => import('./row-uploads'));
const TrainingFailure = lazy(() =>
  import('./training-failure').then((module) => ({ default: module.TrainingFailure })),
);
const TrainingProgress = lazy(() =>
  import('./training-progress').then((module) => ({ default: module.TrainingProgress })),
);
const NO_UPLOADS: RowUploadsState = { incoming: [], retry: () => undefined };
/** The first row's photos on a phone's first screen: two rows of three (one row on a desktop). */
const FIRST_SCREEN_PHOTOS = 6;

const TONE_COLOUR: Record<StatusTone, string> = {
  warning: tokens.colorPaletteDarkOrangeForeground1,
  success: tokens.colorPaletteGreenForeground1,
  danger: tokens.colorPaletteRedForeground1,
  informative: tokens.colorNeutralForeground3,
};

const useStyles = makeStyles({
  row: {
    listStyleType: 'none',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden',
  },
  dropping: { outline: `2px dashed ${tokens.colorBrandStroke1}`, outlineOffset: '-2px' },
  header: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    width: '100%',
    minHeight: '64px',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    border: 'none',
    background: 'none',
    textAlign: 'left',
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    fontFamily: 'inherit',
    [HOVER_MEDIA]: { ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  statusIcon: { fontSize: '28px', display: 'flex' },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, rowGap: '2px' },
  name: {
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  meta: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
    // Each part's dot starts it: a line that starts with a part has its dot cut off here.
    overflow: 'hidden',
  },
  metaParts: { display: 'flex', flexWrap: 'wrap', marginLeft: '-1em' },
  metaPart: {
    minWidth: 0,
    // Decoration: the empty alternative keeps the dot out of the row's accessible name.
    '::before': { content: '"·" / ""', display: 'inline-block', width: '1em', textAlign: 'center' },
  },
  trigger: {
    fontFamily: tokens.fontFamilyMonospace,
    color: tokens.colorNeutralForeground1,
  },
  // The status chip (spec §4 colours) as plain CSS: Fluent's Badge costs the page 2 KB for this.
  chip: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '24px',
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  // The same orange as the status icon and the progress bar beside it.
  chipWarning: {
    color: tokens.colorPaletteDarkOrangeForeground1,
    backgroundColor: tokens.colorPaletteDarkOrangeBackground1,
    border: `1px solid ${tokens.colorPaletteDarkOrangeBorder1}`,
  },
  chipSuccess: {
    color: tokens.colorPaletteGreenForeground1,
    backgroundColor: tokens.colorPaletteGreenBackground1,
    border: `1px solid ${tokens.colorPaletteGreenBorder1}`,
  },
  chipDanger: {
    color: tokens.colorPaletteRedForeground1,
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
  },
  chipInformative: {
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground4,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  spinning: {
    animationName: { from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } },
    animationDuration: '1.6s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '6s' },
  },
  chevron: {
    fontSize: '20px',
    transitionProperty: 'transform',
    transitionDuration: tokens.durationNormal,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
  },
  open: { transform: 'rotate(180deg)' },
  body: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  action: { minHeight: '44px' },
  danger: { color: tokens.colorPaletteRedForeground1 },
});

function StatusIcon({ status, colour }: { status: string; colour: string }) {
  const styles = useStyles();
  const style = { color: colour };
  // Spec §4: training shows the warning colour and a spinner.
  if (status === 'training') {
    return <ArrowSyncCircleFilled className={styles.spinning} style={style} aria-hidden />;
  }
  if (status === 'ready') return <CheckmarkCircleFilled style={style} aria-hidden />;
  if (status === 'failed') return <DismissCircleFilled style={style} aria-hidden />;
  return <CircleRegular style={style} aria-hidden />;
}

export interface ModelRowProps {
  model: ModelSummary;
  photos: readonly TrainingPhoto[];
  live: LiveTraining | undefined;
  expanded: boolean;
  onToggle: () => void;
  /** Another model trains: one training at a time. */
  otherTraining: boolean;
  retrying: boolean;
  onRetry: () => void;
  onOpenPhoto: (index: number) => void;
  onDeletePhoto: (photo: TrainingPhoto) => void;
  onReorder: (photoIds: string[]) => void;
  onDeleteModel: () => void;
  onError: (message: string) => void;
  /** The first row of the list: its first photos are on the page's first screen. */
  first: boolean;
}

/**
 * One model (spec §2): collapsible; its status icon, colour and chip; name, trigger word and
 * photo count; live training progress or why it failed with Retry; its photos, Add Photos, and
 * Delete Model when it is ready.
 */
export function ModelRow({
  model,
  photos,
  live,
  expanded,
  onToggle,
  otherTraining,
  retrying,
  onRetry,
  onOpenPhoto,
  onDeletePhoto,
  onReorder,
  onDeleteModel,
  onError,
  first,
}: ModelRowProps) {
  const styles = useStyles();
  const bodyId = useId();
  const view = statusView(model.status);
  const locked = view.status === 'training';
  const [batches, setBatches] = useState<{ id: number; files: readonly File[] }[]>([]);
  const nextBatch = useRef(0);
  const [adding, setAdding] = useState(NO_UPLOADS);
  const [uploadsWanted, setUploadsWanted] = useState(false);
  const onTaken = useCallback(
    (id: number) => setBatches((queued) => queued.filter((batch) => batch.id !== id)),
    [],
  );
  const pendingCount = adding.incoming.filter((photo) => photo.item.status !== 'done').length;
  const picker = useDropZone({
    check: FILE_CHECKS.trainingPhotos,
    alreadyChosen: photos.length + pendingCount,
    disabled: locked,
    onFiles: (files) => {
      setUploadsWanted(true);
      setBatches((queued) => [...queued, { id: (nextBatch.current += 1), files }]);
    },
    onErrors: (errors) => onError(errors.join(' ')),
  });
  const refused = refusedPhotos(model, photos);
  // Until every photo is checked, the list may be short of the photos the reason names.
  const checking = photos.some((photo) => photo.photoCheck === 'pending');
  const refusedIds = new Set(refused.map((photo) => photo.imageId));
  const usableCount = photos.filter((photo) => !refusedIds.has(photo.imageId)).length;

  return (
    <li
      className={mergeClasses(styles.row, picker.isDragActive && styles.dropping)}
      data-testid="model-row"
      data-model-id={model.modelId}
      data-status={view.status}
      {...picker.rootProps}
    >
      <ModelRowHeader
        model={model}
        photoTotal={photos.length}
        expanded={expanded}
        bodyId={bodyId}
        onToggle={onToggle}
      />
      <div id={bodyId} className={styles.body} hidden={!expanded}>
        <Suspense fallback={null}>
          {view.status === 'training' ? <TrainingProgress live={live} name={model.name} /> : null}
          {view.status === 'failed' ? (
            <TrainingFailure
              reason={model.failureReason}
              refused={checking ? [] : refused}
              usableCount={usableCount}
              retrying={retrying}
              retryDisabled={otherTraining}
              onRetry={onRetry}
            />
          ) : null}
        </Suspense>
        {photos.length === 0 && adding.incoming.length === 0 ? (
          <EmptyState
            icon={<ArrowUploadRegular />}
            text={MODELS_TEXT.noPhotos}
            action={{
              label: MODELS_TEXT.uploadPhotos,
              icon: <ArrowUploadRegular />,
              disabled: locked,
              onClick: picker.open,
            }}
          />
        ) : (
          <ModelPhotos
            photos={photos}
            incoming={adding.incoming}
            locked={locked}
            onOpen={onOpenPhoto}
            onDelete={onDeletePhoto}
            onReorder={onReorder}
            onRetryUpload={adding.retry}
            eagerCount={first ? FIRST_SCREEN_PHOTOS : 0}
          />
        )}
        <div className={styles.actions}>
          {photos.length > 0 && photos.length + pendingCount < MAX_TRAINING_PHOTOS ? (
            <Button
              className={styles.action}
              icon={<AddRegular />}
              disabled={locked}
              onClick={picker.open}
            >
              {MODELS_TEXT.addPhotos}
            </Button>
          ) : (
            <span />
          )}
          {view.status === 'ready' ? (
            <Button
              className={mergeClasses(styles.action, styles.danger)}
              appearance="subtle"
              icon={<DeleteRegular />}
              onClick={onDeleteModel}
            >
              {MODELS_TEXT.deleteModel}
            </Button>
          ) : null}
        </div>
        <input {...picker.inputProps} />
        {uploadsWanted ? (
          <Suspense fallback={null}>
            <RowUploads
              modelId={model.modelId}
              batches={batches}
              onTaken={onTaken}
              onChange={setAdding}
              onError={onError}
            />
          </Suspense>
        ) : null}
      </div>
    </li>
  );
}

/** The row's header: a button that shows or hides its body, with the model's status at a glance. */
function ModelRowHeader({
  model,
  photoTotal,
  expanded,
  bodyId,
  onToggle,
}: {
  model: ModelSummary;
  photoTotal: number;
  expanded: boolean;
  bodyId: string;
  onToggle: () => void;
}) {
  const styles = useStyles();
  const view = statusView(model.status);
  const colour = TONE_COLOUR[view.tone];
  const chipTone: Record<StatusTone, string> = {
    warning: styles.chipWarning,
    success: styles.chipSuccess,
    danger: styles.chipDanger,
    informative: styles.chipInformative,
  };
  return (
    <button
      type="button"
      className={styles.header}
      aria-expanded={expanded}
      aria-controls={bodyId}
      onClick={onToggle}
    >
      <span className={styles.statusIcon}>
        <StatusIcon status={view.status} colour={colour} />
      </span>
      <span className={styles.text}>
        <span className={styles.name}>{model.name}</span>
        <span className={styles.meta}>
          <span className={styles.metaParts}>
            <span className={styles.metaPart}>
              {MODELS_TEXT.triggerWordPrefix}{' '}
              <span className={styles.trigger}>{model.triggerWord}</span>
            </span>{' '}
            <span className={styles.metaPart}>{photoCount(photoTotal)}</span>
          </span>
        </span>
      </span>
      <span className={mergeClasses(styles.chip, chipTone[view.tone])} data-testid="model-status">
        {view.label}
      </span>
      <ChevronDownRegular
        className={mergeClasses(styles.chevron, expanded && styles.open)}
        aria-hidden
      />
    </button>
  );
}
