import { Body1, Button, Card, CardHeader, Subtitle1 } from '@fluentui/react-components';

export function RemoteErrorCard({ onRetry }: { onRetry: () => void }) {
  return (
    <Card role="alert" style={{ maxWidth: 480, margin: '24px auto' }}>
      <CardHeader header={<Subtitle1 as="h2">This section could not be loaded</Subtitle1>} />
      <Body1>Check your connection and try again. The rest of the app keeps working.</Body1>
      <Button appearance="primary" onClick={onRetry} style={{ alignSelf: 'flex-start' }}>
        Retry
      </Button>
    </Card>
  );
}
