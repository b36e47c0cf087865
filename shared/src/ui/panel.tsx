import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { HTMLAttributes } from 'react';

const usePanelStyles = makeStyles({
  panel: {
    margin: `${tokens.spacingVerticalL} auto`,
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
 * A raised panel for a block of content. Plain markup rather than Fluent's Card, which brings its
 * focus management (tabster) into every app that shows one.
 */
export function Panel({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  const styles = usePanelStyles();
  return <div {...props} className={mergeClasses(styles.panel, className)} />;
}
