import { makeStyles, ProgressBar, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  // Fluent draws the moving part in brand blue, which vanishes on the brand-blue header: here it
  // is the header's own text colour, on a faint track.
  track: {
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    backgroundColor: 'rgba(255, 255, 255, 0.3)',
  },
  indicator: {
    backgroundColor: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: 'none',
  },
});

/** The header's progress bar while authentication resolves (spec §2). */
export default function AuthProgress() {
  const styles = useStyles();
  return (
    <ProgressBar
      className={styles.track}
      bar={{ className: styles.indicator }}
      aria-label="Signing in"
      thickness="large"
      shape="square"
    />
  );
}
