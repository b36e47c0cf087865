import { Body1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  panel: {
    maxWidth: '720px',
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
 * Marks where a screen's feature will be built; it renders the real layout slot, not fake data.
 * A plain panel rather than Fluent's Card, which brings its focus management along.
 */
export function FeaturePlaceholder({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.panel}>
      <Subtitle1 as="h2">{title}</Subtitle1>
      <Body1>{description}</Body1>
      {children}
    </div>
  );
}
