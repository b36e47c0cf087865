import { Panel } from '@app/shared/ui';
import { Body1, Button, makeStyles, Subtitle1 } from '@fluentui/react-components';
import { TOUCH_TARGET_PX } from '../touch';

const useStyles = makeStyles({
  retry: { minHeight: `${TOUCH_TARGET_PX}px`, minWidth: `${TOUCH_TARGET_PX}px` },
});

/**
 * Stands in for a remote that could not load. Built from the shell's own first-load components
 * (no extra chunk), so it renders even when the network that failed the remote is gone.
 */
export function RemoteErrorCard({ onRetry }: { onRetry: () => void }) {
  const styles = useStyles();
  return (
    <Panel role="alert" style={{ maxWidth: 480 }}>
      <Subtitle1 as="h2">This section could not be loaded</Subtitle1>
      <Body1>Check your connection and try again. The rest of the app keeps working.</Body1>
      <Button className={styles.retry} appearance="primary" onClick={onRetry}>
        Retry
      </Button>
    </Panel>
  );
}
