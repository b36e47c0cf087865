import { AUTH_CALLBACK_TEXT, ROUTES } from '@app/shared/spec';
import { Body1, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

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
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => navigate(ROUTES.home, { replace: true }),
      redirectAfterMs,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, redirectAfterMs]);
  return (
    <div style={{ maxWidth: 480, margin: '48px auto' }}>
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{AUTH_CALLBACK_TEXT.errorTitle}</MessageBarTitle>
          {message}
        </MessageBarBody>
      </MessageBar>
      <Body1 as="p">{footer}</Body1>
    </div>
  );
}
