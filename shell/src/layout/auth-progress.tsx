import { makeStyles, ProgressBar } from '@fluentui/react-components';

const useStyles = makeStyles({
  progress: { position: 'absolute', left: 0, right: 0, bottom: 0 },
});

/** The header's progress bar while authentication resolves (spec §2). */
export default function AuthProgress() {
  const styles = useStyles();
  return <ProgressBar className={styles.progress} aria-label="Signing in" thickness="medium" />;
}
