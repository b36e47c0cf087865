import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  icon: { fontSize: '48px', color: tokens.colorNeutralForeground3, lineHeight: 1 },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  text: { margin: 0, fontSize: tokens.fontSizeBase300, maxWidth: '36em' },
  action: { marginTop: tokens.spacingVerticalM, minHeight: '44px' },
});

interface EmptyStateAction {
  label: string;
  onClick: () => void;
  icon?: ReactElement;
  disabled?: boolean;
}

export interface EmptyStateProps {
  /** e.g. 'No images yet'. */
  title?: string;
  /** e.g. 'Start creating your first image!'. */
  text?: ReactNode;
  icon?: ReactElement;
  /** The action that fills the view (Generate, Upload Photos, Add Model). */
  action?: EmptyStateAction;
  /** The heading level of the title, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
}

/** The product's one empty state: the spec's text and the action that fills the view. */
export function EmptyState({ title, text, icon, action, headingLevel = 3 }: EmptyStateProps) {
  const styles = useStyles();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.root}>
      {icon ? (
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
      ) : null}
      {title ? <Heading className={styles.title}>{title}</Heading> : null}
      {text ? <p className={styles.text}>{text}</p> : null}
      {action ? (
        <Button
          className={styles.action}
          appearance="primary"
          icon={action.icon}
          disabled={action.disabled}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
