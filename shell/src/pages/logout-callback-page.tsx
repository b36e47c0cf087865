import {
  AUTH_CALLBACK_TEXT,
  AUTH_ERROR_REDIRECT_DELAY_MS,
  logoutFailed,
  ROUTES,
} from '@app/shared/spec';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from '@app/shared/navigation';
import { AuthErrorScreen } from './auth-error-screen';
import { Waiting } from '../waiting';

/** Where the hosted UI returns after signing a Google user out (spec §2). */
export default function LogoutCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get('error');

  useEffect(() => {
    if (!error) navigate(ROUTES.home, { replace: true });
  }, [error, navigate]);

  if (error) {
    return (
      <AuthErrorScreen
        message={logoutFailed(params.get('error_description') ?? error)}
        footer=""
        redirectAfterMs={AUTH_ERROR_REDIRECT_DELAY_MS}
      />
    );
  }
  return <Waiting label={AUTH_CALLBACK_TEXT.completingLogout} />;
}
