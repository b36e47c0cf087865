import { IconButton } from '@app/shared/ui/icon-button';
import { MODELS_TEXT } from '@app/shared/spec';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
  },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
  },
  subtitle: {
    margin: `${tokens.spacingVerticalXXS} 0 0`,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
  },
  spinning: {
    '& .fui-Button__icon': {
      animationName: { from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } },
      animationDuration: '900ms',
      animationIterationCount: 'infinite',
      animationTimingFunction: 'linear',
      '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
    },
  },
});

/** 'AI Models', its subtitle and the refresh button (its icon turns while it refreshes). */
export function ModelsHeader({
  refreshing,
  onRefresh,
}: {
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const styles = useStyles();
  return (
    <header className={styles.header}>
      <div>
        <h1 className={styles.title}>{MODELS_TEXT.title}</h1>
        <p className={styles.subtitle}>{MODELS_TEXT.subtitle}</p>
      </div>
      <IconButton
        appearance="subtle"
        className={mergeClasses(refreshing && styles.spinning)}
        icon={<ArrowClockwiseRegular />}
        label={MODELS_TEXT.refreshTooltip}
        disabled={refreshing}
        onClick={onRefresh}
      />
    </header>
  );
}
