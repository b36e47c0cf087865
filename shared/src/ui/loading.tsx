import {
  makeStyles,
  Skeleton,
  SkeletonItem,
  Spinner,
  tokens,
  type SpinnerProps,
} from '@fluentui/react-components';
import { KIT_TEXT } from '../spec/messages';
import { LOADING_SHOW_DELAY_MS, useDelayedFlag } from './use-delayed-flag';

/*
 * The one loading style of the product (ui-quality): skeletons shaped like the content for grids
 * and lists, a spinner with text for actions; all appear only after 300 ms.
 */

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalS,
    width: '100%',
  },
  tile: { width: '100%', height: 'auto', borderRadius: tokens.borderRadiusMedium },
  list: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    width: '100%',
  },
  row: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalM },
  rowLines: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    flexGrow: 1,
  },
  short: { width: '40%' },
  spinner: { padding: tokens.spacingVerticalL },
});

export interface SkeletonGridProps {
  /** Tiles to show; a page's worth. */
  count: number;
  /** Columns, or a CSS grid-template-columns value for responsive grids. */
  columns: number | string;
  /** Tile shape, e.g. 1 or '4 / 5'. */
  aspectRatio?: number | string;
  /** Read by screen readers, e.g. 'Loading model data...'. */
  label?: string;
  delayMs?: number;
}

export function SkeletonGrid({
  count,
  columns,
  aspectRatio = 1,
  label = KIT_TEXT.loading,
  delayMs = LOADING_SHOW_DELAY_MS,
}: SkeletonGridProps) {
  const styles = useStyles();
  const shown = useDelayedFlag(true, delayMs);
  if (!shown) return null;
  const template = typeof columns === 'number' ? `repeat(${columns}, minmax(0, 1fr))` : columns;
  return (
    <Skeleton
      aria-label={label}
      role="status"
      className={styles.grid}
      style={{ gridTemplateColumns: template }}
    >
      {Array.from({ length: count }, (_, i) => (
        <SkeletonItem key={i} shape="square" className={styles.tile} style={{ aspectRatio }} />
      ))}
    </Skeleton>
  );
}

export interface SkeletonListProps {
  rows: number;
  /** A round leading item per row (avatars, status icons). */
  withAvatar?: boolean;
  label?: string;
  delayMs?: number;
}

export function SkeletonList({
  rows,
  withAvatar = true,
  label = KIT_TEXT.loading,
  delayMs = LOADING_SHOW_DELAY_MS,
}: SkeletonListProps) {
  const styles = useStyles();
  const shown = useDelayedFlag(true, delayMs);
  if (!shown) return null;
  return (
    <Skeleton aria-label={label} role="status" className={styles.list}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.row}>
          {withAvatar ? <SkeletonItem shape="circle" size={40} /> : null}
          <div className={styles.rowLines}>
            <SkeletonItem size={16} />
            <SkeletonItem size={12} className={styles.short} />
          </div>
        </div>
      ))}
    </Skeleton>
  );
}

export interface DelayedSpinnerProps {
  /** What is happening, e.g. 'Loading model data...'. */
  label: string;
  size?: SpinnerProps['size'];
  delayMs?: number;
}

/** A spinner with its text, shown only once the wait has lasted 300 ms. */
export function DelayedSpinner({
  label,
  size = 'small',
  delayMs = LOADING_SHOW_DELAY_MS,
}: DelayedSpinnerProps) {
  const styles = useStyles();
  const shown = useDelayedFlag(true, delayMs);
  if (!shown) return null;
  return <Spinner className={styles.spinner} size={size} label={label} />;
}
