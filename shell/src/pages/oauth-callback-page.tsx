import { AUTH_CALLBACK_TEXT, AUTH_ERROR_REDIRECT_DELAY_MS, ROUTES } from '@app/shared/spec';
import { useEffect } from 'react';
import { useNavigate } from '@app/shared/navigation';
import { useAuth } from '../auth/auth-context';
import { oauthReturnProblem } from '../auth/oauth-return';
import { AuthErrorScreen } from './auth-error-screen';
import { Waiting } from '../waiting';

/** Where the hosted UI returns after Google (spec §2 'OAuth callback screens', §8). */
export default function OAuthCallbackPage() {
  const navigate = useNavigate();
  const { status, redirectError, oauthReturn } = useAuth();
  // The app always starts here on a return; reached any other way, there is nothing to complete.
  const problem = oauthReturnProblem(
    oauthReturn ?? { kind: 'missing-parameters' },
    status,
    redirectError,
  );

  useEffect(() => {
    if (!problem && status === 'authenticated') navigate(ROUTES.dashboard, { replace: true });
  }, [problem, status, navigate]);

  if (problem) {
    return <AuthErrorScreen message={problem} redirectAfterMs={AUTH_ERROR_REDIRECT_DELAY_MS} />;
  }
  return <Waiting label={AUTH_CALLBACK_TEXT.completingGoogle} />;
}
