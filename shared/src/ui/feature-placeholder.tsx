import { Body1, Subtitle1 } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Panel } from './panel';

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
    <Panel style={{ maxWidth: 720 }}>
      <Subtitle1 as="h2">{title}</Subtitle1>
      <Body1>{description}</Body1>
      {children}
    </Panel>
  );
}
