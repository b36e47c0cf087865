import { Body1, Card, CardHeader, Subtitle1 } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/** Marks where a screen's feature will be built; it renders the real layout slot, not fake data. */
export function FeaturePlaceholder({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <Card appearance="filled-alternative" style={{ maxWidth: 720, margin: '16px auto' }}>
      <CardHeader header={<Subtitle1 as="h2">{title}</Subtitle1>} />
      <Body1>{description}</Body1>
      {children}
    </Card>
  );
}
