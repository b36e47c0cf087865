import { LOGIN_TEXT, ROUTES } from '@app/shared/spec';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from '@app/shared/navigation';
import { useAuth } from '../auth/auth-context';
import type * as LoginPageExports from '../login/login-page';
import { AuthLoading } from '../auth/auth-loading';
import { loadAmplify } from '../auth/load-amplify';
import { Waiting } from '../waiting';

type LoginPageModule = typeof LoginPageExports;

let loadedLoginPage: LoginPageModule | null = null;

/**
 * Fetches the sign-in card's code. Once loaded, the card renders in the same pass as the rest of
 * the page (no Suspense fallback): the app takes over the prerendered card without a blank frame.
 */
export async function loadLoginPage(): Promise<LoginPageModule> {
  loadedLoginPage ??= await import('../login/login-page');
  return loadedLoginPage;
}

const LazyLoginPage = lazy(async () => ({ default: (await loadLoginPage()).LoginPage }));

const warmUpAmplify = () => void loadAmplify();

/** `/`: the sign-in screen when signed out; signed in, it goes on to /dashboard (spec §2, §4). */
export function HomeRoute() {
  const { status } = useAuth();
  // Chosen once per visit: switching from the lazy wrapper to the loaded component on a later
  // render would mount a new card and lose the sign-in under way (a sign-in after a logout).
  const [LoginPage] = useState(() => loadedLoginPage?.LoginPage ?? LazyLoginPage);
  const navigate = useNavigate();
  // A sign-in started here finishes its own steps (verify contact) before the redirect.
  const [signingIn, setSigningIn] = useState(false);
  const [finished, setFinished] = useState(false);
  if (status === 'unauthenticated' && !signingIn) setSigningIn(true);
  const proceed = status === 'authenticated' && (!signingIn || finished);

  useEffect(() => {
    if (proceed) navigate(ROUTES.dashboard, { replace: true });
  }, [proceed, navigate]);

  if (status === 'loading') return <AuthLoading />;
  if (proceed) return <Waiting label={LOGIN_TEXT.redirecting} />;
  return (
    // aws-amplify is fetched once the visitor starts typing or tapping, not for the first paint.
    <section
      data-testid="home-page"
      onKeyDownCapture={warmUpAmplify}
      onPointerDownCapture={warmUpAmplify}
    >
      <Suspense fallback={<AuthLoading />}>
        <LoginPage onFinished={() => setFinished(true)} />
      </Suspense>
    </section>
  );
}
