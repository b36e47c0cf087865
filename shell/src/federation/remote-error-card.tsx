import { Panel } from '@app/shared/ui';
import { Body1, Button, Subtitle1 } from '@fluentui/react-components';

/**
 * Stands in for a remote that could not load. Built from the shell's own first-load components
 * (no extra chunk), so it renders even when the network that failed the remote is gone.
 */
export function RemoteErrorCard({ onRetry }: { onRetry: () => void }) {
  return (
    <Panel role="alert" style={{ maxWidth: 480 }}>
      <Subtitle1 as="h2">This section could not be loaded</Subtitle1>
      <Body1>Check your connection and try again. The rest of the app keeps working.</Body1>
      <Button appearance="primary" onClick={onRetry}>
        Retry
      </Button>
    </Panel>
  );
}
