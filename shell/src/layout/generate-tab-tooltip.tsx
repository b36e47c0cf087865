import { Tooltip } from '@fluentui/react-components';
import { useState, type ReactElement } from 'react';

export interface GenerateTabTooltipProps {
  content: string;
  /** The pointer or the focus was on the tab when this arrived: shown at once. */
  initiallyVisible: boolean;
  children: ReactElement;
}

/**
 * The Generate tab's tooltip (spec §2), Fluent's own. A chunk of its own, loaded after the start
 * (bottom-nav.tsx): its positioning code (~15 KB gzip) is no part of drawing the first screen.
 */
export function GenerateTabTooltip({
  content,
  initiallyVisible,
  children,
}: GenerateTabTooltipProps) {
  const [visible, setVisible] = useState(initiallyVisible);
  return (
    <Tooltip
      relationship="description"
      content={content}
      visible={visible}
      onVisibleChange={(_, data) => setVisible(data.visible)}
    >
      {children}
    </Tooltip>
  );
}
