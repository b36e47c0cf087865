import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  track: {
    position: 'relative',
    overflow: 'hidden',
    height: '4px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground6,
  },
  bar: {
    height: '100%',
    borderRadius: 'inherit',
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
  },
  brand: { backgroundColor: tokens.colorCompoundBrandBackground },
  warning: { backgroundColor: tokens.colorPaletteDarkOrangeBackground3 },
  indeterminate: {
    width: '33%',
    animationName: {
      from: { transform: 'translateX(-100%)' },
      to: { transform: 'translateX(300%)' },
    },
    animationDuration: '1.5s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '6s' },
  },
});

export interface ProgressLineProps {
  /** 0..1; undefined while the share is not known (a moving stripe). */
  value: number | undefined;
  label: string;
  valueText?: string;
  colour?: 'brand' | 'warning';
  className?: string;
}

/**
 * A progress bar in a few lines of CSS: Fluent's ProgressBar brings its motion library, about a
 * tenth of this page's budget, for a bar that only ever shows a share or a moving stripe.
 */
export function ProgressLine({
  value,
  label,
  valueText,
  colour = 'brand',
  className,
}: ProgressLineProps) {
  const styles = useStyles();
  const known = value !== undefined;
  const share = known ? Math.min(1, Math.max(0, value)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={known ? Math.round(share * 100) : undefined}
      aria-valuetext={valueText}
      className={mergeClasses(styles.track, className)}
    >
      <div
        className={mergeClasses(styles.bar, styles[colour], !known && styles.indeterminate)}
        style={known ? { width: `${share * 100}%` } : undefined}
      />
    </div>
  );
}
