import { ROUTES } from '@app/shared/spec';
import { AppFluentProvider } from '@app/shared/ui';
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from '@app/shared/navigation';
import { AuthProvider } from './auth/auth-provider';
import { RequireAuth } from './auth/require-auth';
import { BusBridge } from './bus-bridge';
import { RemoteOutlet } from './federation/remote-outlet';
import { REMOTE_ROUTES } from './federation/remote-routes';
import { AppLayout } from './layout/app-layout';
import { HomeRoute } from './pages/home-route';
import type { RemoteName } from '@app/shared/runtime-config';

// Pages a first visit never shows load when reached.
const ChatPage = lazy(() => import('./pages/chat-page'));
const OAuthCallbackPage = lazy(() => import('./pages/oauth-callback-page'));
const LogoutCallbackPage = lazy(() => import('./pages/logout-callback-page'));

const guarded = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;
const remote = (name: RemoteName, basePath: string) =>
  guarded(<RemoteOutlet name={name} basePath={basePath} />);

/** The route table of spec §2. */
export function App() {
  return (
    <AppFluentProvider idPrefix="shell">
      <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <AuthProvider>
          <BusBridge />
          <Routes>
            <Route element={<AppLayout />}>
              <Route index element={<HomeRoute />} />
              <Route path="/home/*" element={<HomeRoute />} />
              <Route
                path={ROUTES.callback}
                element={
                  <Suspense fallback={null}>
                    <OAuthCallbackPage />
                  </Suspense>
                }
              />
              <Route
                path={ROUTES.logout}
                element={
                  <Suspense fallback={null}>
                    <LogoutCallbackPage />
                  </Suspense>
                }
              />
              {REMOTE_ROUTES.map(({ path, remote: name }) => (
                <Route key={path} path={`${path}/*`} element={remote(name, path)} />
              ))}
              <Route
                path={ROUTES.chat}
                element={guarded(
                  <Suspense fallback={null}>
                    <ChatPage />
                  </Suspense>,
                )}
              />
              <Route path="*" element={<Navigate to={ROUTES.home} replace />} />
            </Route>
          </Routes>
        </AuthProvider>
      </BrowserRouter>
    </AppFluentProvider>
  );
}
