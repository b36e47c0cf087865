import { Body1, Button, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  card: {
    maxWidth: '480px',
    margin: `${tokens.spacingVerticalXXL} auto`,
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    rowGap: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
});

/**
 * Stands in for a remote that could not load. Built from the shell's own first-load components
 * (no extra chunk), so it renders even when the network that failed the remote is gone.
 */
export function RemoteErrorCard({ onRetry }: { onRetry: () => void }) {
  const styles = useStyles();
  return (
    <div role="alert" className={styles.card}>
      <Subtitle1 as="h2">This section could not be loaded</Subtitle1>
      <Body1>Check your connection and try again. The rest of the app keeps working.</Body1>
      <Button appearance="primary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
