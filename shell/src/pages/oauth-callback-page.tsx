import {
  AUTH_CALLBACK_TEXT,
  AUTH_ERROR_REDIRECT_DELAY_MS,
  authenticationFailed,
  ROUTES,
} from '@app/shared/spec';
import { Spinner } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { AuthErrorScreen } from './auth-error-screen';

/** Where the hosted UI returns after Google (spec §2 'OAuth callback screens'). */
export default function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, redirectError } = useAuth();
  const error = params.get('error');
  const hasParameters = params.has('code') && params.has('state');

  useEffect(() => {
    if (status === 'authenticated') navigate(ROUTES.dashboard, { replace: true });
  }, [status, navigate]);

  if (error) {
    return (
      <AuthErrorScreen
        message={authenticationFailed(params.get('error_description') ?? error)}
        redirectAfterMs={AUTH_ERROR_REDIRECT_DELAY_MS}
      />
    );
  }
  if (!hasParameters && status !== 'authenticated') {
    return (
      <AuthErrorScreen
        message={AUTH_CALLBACK_TEXT.missingOAuthParameters}
        redirectAfterMs={AUTH_ERROR_REDIRECT_DELAY_MS}
      />
    );
  }
  if (redirectError || status === 'unauthenticated') {
    return (
      <AuthErrorScreen
        message={redirectError ? authenticationFailed(redirectError) : AUTH_CALLBACK_TEXT.tryAgain}
        redirectAfterMs={AUTH_ERROR_REDIRECT_DELAY_MS}
      />
    );
  }
  return <Spinner style={{ marginTop: 48 }} label={AUTH_CALLBACK_TEXT.completingGoogle} />;
}
