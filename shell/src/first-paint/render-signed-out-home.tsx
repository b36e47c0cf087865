/**
 * Build-time only (shell/build/first-paint-plugin.ts runs it in Node): renders the signed-out
 * home — header and sign-in card — with the app's own components, so index.html can paint it
 * before any script has run. The app replaces it with the same markup when it starts.
 */
import { AppFluentProvider } from '@app/shared/ui';
import {
  createDOMRenderer,
  RendererProvider,
  renderToStyleElements,
  SSRProvider,
} from '@fluentui/react-components';
import { isValidElement, type ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { Route, Routes } from '@app/shared/navigation';
import { StaticRouter } from 'react-router-dom/server';
import { AuthContext, type AuthContextValue } from '../auth/auth-context';
import { setAuthConfig } from '../auth/load-amplify';
import { AppLayout } from '../layout/app-layout';
import { HomeRoute, loadLoginPage } from '../pages/home-route';

const SIGNED_OUT: AuthContextValue = {
  status: 'unauthenticated',
  user: null,
  redirectError: null,
  oauthReturn: null,
  refreshUser: async () => undefined,
  logout: async () => undefined,
  updateName: async () => undefined,
  deleteIdentity: async () => undefined,
};

export interface PrerenderedHome {
  /** The page's markup, as the app renders it at `/` for a signed-out visitor. */
  markup: string;
  /** Every rule of the styles that markup uses, in Griffel's bucket order. */
  css: string;
}

/** The CSS text of Griffel's style elements (media buckets hold their own @media blocks). */
function cssOf(elements: ReactElement[]): string {
  return elements
    .map(
      (element) =>
        (element.props as { dangerouslySetInnerHTML?: { __html: string } }).dangerouslySetInnerHTML
          ?.__html ?? '',
    )
    .join('');
}

/**
 * Inputs without names: should a browser with scripts turned off submit the form, nothing typed
 * (a password) ends up in the address and the server's logs.
 */
function withoutFieldNames(markup: string): string {
  return markup.replace(/(<input\b[^>]*?) name="[^"]*"/g, '$1');
}

export async function renderSignedOutHome(): Promise<PrerenderedHome> {
  // Only what the signed-in card reads; Google sign-in is offered by the app once it runs.
  setAuthConfig({ region: 'build', userPoolId: 'build', userPoolClientId: 'build' });
  // Loaded first, the card renders in place: nothing suspends, nothing needs a script to show.
  await loadLoginPage();
  const renderer = createDOMRenderer();
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <RendererProvider renderer={renderer}>
      <SSRProvider>
        <AppFluentProvider idPrefix="prerendered">
          <StaticRouter location="/">
            <AuthContext.Provider value={SIGNED_OUT}>
              <Routes>
                <Route element={<AppLayout />}>
                  <Route index element={<HomeRoute />} />
                </Route>
              </Routes>
            </AuthContext.Provider>
          </StaticRouter>
        </AppFluentProvider>
      </SSRProvider>
    </RendererProvider>,
    // React would render an erroring part as a placeholder for the browser to retry: a build that
    // ships a page without its card must fail instead.
    {
      onError: (error) => void errors.push(error),
      // React would stream a large part (the card) after the rest, swapped in by a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0)
    throw new AggregateError(errors, 'Prerendering the signed-out home failed');
  const markup = await new Response(prelude).text();
  const styles = renderToStyleElements(renderer).filter(isValidElement);
  return { markup: withoutFieldNames(markup), css: cssOf(styles) };
}
