import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { KIT_TEXT } from '../spec/messages';
import { IconButton } from './icon-button';
import { useOnlineStatus } from './use-online-status';

const useStyles = makeStyles({
  // Room around the 44 px buttons, so they do not touch the bar's border.
  bar: {
    width: '100%',
    boxSizing: 'border-box',
    alignItems: 'center',
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
  },
  body: { paddingTop: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS },
  offline: { display: 'block', marginTop: tokens.spacingVerticalXXS },
  retry: { minHeight: '44px' },
});

export interface ErrorAlertProps {
  /** The spec's message, e.g. 'Failed to load training data'. */
  message: string;
  onDismiss: () => void;
  /** Offered when trying again can help (a failed load), not for a refused input. */
  onRetry?: () => void;
  retryLabel?: string;
}

/**
 * The dismissible error of a view: the spec's message, a Retry when it can help, and, when the
 * device is offline, a line that says so (the likely cause, which the message alone hides).
 */
export function ErrorAlert({
  message,
  onDismiss,
  onRetry,
  retryLabel = KIT_TEXT.retry,
}: ErrorAlertProps) {
  const styles = useStyles();
  const online = useOnlineStatus();
  return (
    <MessageBar intent="error" className={styles.bar}>
      <MessageBarBody className={styles.body}>
        <MessageBarTitle>{message}</MessageBarTitle>
        {online ? null : <span className={styles.offline}>{KIT_TEXT.offline}</span>}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <IconButton
            appearance="transparent"
            icon={<DismissRegular />}
            label={KIT_TEXT.dismiss}
            onClick={onDismiss}
          />
        }
      >
        {onRetry ? (
          <Button className={styles.retry} onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : null}
      </MessageBarActions>
    </MessageBar>
  );
}
