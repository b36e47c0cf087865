import { MODELS_TEXT, minutesLeft, trainingProgress } from '@app/shared/spec';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { LiveTraining } from '../hooks/use-live-training';
import { ProgressLine } from './progress-line';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  line: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
});

/** A training's live progress and the time left, as its job reports them. */
export function TrainingProgress({ live, name }: { live: LiveTraining | undefined; name: string }) {
  const styles = useStyles();
  const queued = live?.jobStatus === 'queued';
  const progress = live?.progress ?? null;
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <div className={styles.root} data-testid="training-progress">
      <ProgressLine
        colour="warning"
        value={progress ?? undefined}
        label={`${name}: ${MODELS_TEXT.statusTraining}`}
        valueText={percent === null ? undefined : `${percent}%`}
      />
      <div className={styles.line}>
        <span>
          {queued
            ? MODELS_TEXT.trainingQueued
            : percent === null
              ? MODELS_TEXT.trainingStarted
              : trainingProgress(percent)}
        </span>
        {live?.etaSeconds !== null && live?.etaSeconds !== undefined && !queued ? (
          <span>{minutesLeft(live.etaSeconds)}</span>
        ) : null}
      </div>
    </div>
  );
}
