import { AUTH_CALLBACK_TEXT, ROUTES } from '@app/shared/spec';
import {
  Body1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from '@fluentui/react-components';
import { useEffect } from 'react';
import { useNavigate } from '@app/shared/navigation';

const useStyles = makeStyles({
  screen: {
    maxWidth: '480px',
    margin: '48px auto',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
  },
  footer: { margin: 0 },
});

/** Spec §2/§8: the error screen of the OAuth return pages, which goes home after a delay. */
export function AuthErrorScreen({
  message,
  footer = AUTH_CALLBACK_TEXT.redirectingToLogin,
  redirectAfterMs,
}: {
  message: string;
  footer?: string;
  redirectAfterMs: number;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => navigate(ROUTES.home, { replace: true }),
      redirectAfterMs,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, redirectAfterMs]);
  return (
    // Announced as it appears: the user arrived here from another site and may not look at once.
    <div className={styles.screen} role="alert">
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{AUTH_CALLBACK_TEXT.errorTitle}</MessageBarTitle>
          <div>{message}</div>
        </MessageBarBody>
      </MessageBar>
      {footer && (
        <Body1 as="p" className={styles.footer}>
          {footer}
        </Body1>
      )}
    </div>
  );
}
