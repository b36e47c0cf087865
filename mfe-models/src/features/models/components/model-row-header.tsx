import type { ModelSummary } from '@app/shared/contract/models';
import { MODELS_TEXT, photoCount } from '@app/shared/spec';
import { HOVER_MEDIA } from '@app/shared/ui/hover';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  ArrowSyncCircleFilled,
  CheckmarkCircleFilled,
  ChevronDownRegular,
  CircleRegular,
  DismissCircleFilled,
} from '@fluentui/react-icons';
import { statusView, type StatusTone } from '../utils/model-status';

const TONE_COLOUR: Record<StatusTone, string> = {
  warning: tokens.colorPaletteDarkOrangeForeground1,
  success: tokens.colorPaletteGreenForeground1,
  danger: tokens.colorPaletteRedForeground1,
  informative: tokens.colorNeutralForeground3,
};

const useStyles = makeStyles({
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
  // The status chip (spec §4 colours) as plain CSS: Fluent's Badge would add its code for this.
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
  warning: {
    color: tokens.colorPaletteDarkOrangeForeground1,
    backgroundColor: tokens.colorPaletteDarkOrangeBackground1,
    border: `1px solid ${tokens.colorPaletteDarkOrangeBorder1}`,
  },
  success: {
    color: tokens.colorPaletteGreenForeground1,
    backgroundColor: tokens.colorPaletteGreenBackground1,
    border: `1px solid ${tokens.colorPaletteGreenBorder1}`,
  },
  danger: {
    color: tokens.colorPaletteRedForeground1,
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
  },
  informative: {
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

export interface ModelRowHeaderProps {
  model: ModelSummary;
  photoTotal: number;
  expanded: boolean;
  bodyId: string;
  onToggle: () => void;
}

/** A model row's toggle: status icon and colour, name, trigger word, photo count, status chip. */
export function ModelRowHeader({
  model,
  photoTotal,
  expanded,
  bodyId,
  onToggle,
}: ModelRowHeaderProps) {
  const styles = useStyles();
  const view = statusView(model.status);
  return (
    <button
      type="button"
      className={styles.header}
      aria-expanded={expanded}
      aria-controls={bodyId}
      onClick={onToggle}
    >
      <span className={styles.statusIcon}>
        <StatusIcon status={view.status} colour={TONE_COLOUR[view.tone]} />
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
      <span className={mergeClasses(styles.chip, styles[view.tone])} data-testid="model-status">
        {view.label}
      </span>
      <ChevronDownRegular
        className={mergeClasses(styles.chevron, expanded && styles.open)}
        aria-hidden
      />
    </button>
  );
}
