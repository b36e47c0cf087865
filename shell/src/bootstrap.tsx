// Bundled with the app (not fetched from a font CDN) so the installed PWA renders offline; the
// build makes the files (shell/build/roboto-subsets.ts).
import 'roboto-subsets/roboto.css';
import { configureApiClient } from '@app/shared/api-client';
import { fetchApiKey } from '@app/shared/data/api-key';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { apiToken } from './auth/api-token';
import { reportApiUnauthorized } from './auth/api-unauthorized';
import { fetchTakingEarlyReads } from './auth/early-api-reads';
import type { EarlyRead } from './auth/early-reads';
import { setAuthConfig } from './auth/load-amplify';
import { EVERY_PAGE_READS, REMOTE_FIRST_READS } from './auth/start-reads';
import { freshStoredToken, hasStoredSession } from './auth/stored-session';
import { BootError } from './boot-error';
import { remoteRoutesModule } from './federation/remote-loads';
import { remoteForPath } from './federation/remote-routes';
import { registerConfiguredRemotes } from './federation/remotes';
import { FirstPaintTakeover } from './first-paint/first-paint-takeover';
import { showsPrerenderedSignIn } from './first-paint/prerendered-home';
import { loadLoginPage } from './pages/home-route';
import { registerServiceWorker } from './pwa/service-worker';
import { setSiteLinks } from './site-links';
import { loadRuntimeConfig } from './runtime-config';

async function start(container: HTMLElement) {
  const root = createRoot(container);
  // The prerendered card is replaced by the real one in one frame: its code comes first. Without
  // it (a failed chunk) the card's loading state shows, and the route loads it again.
  const loginPage = showsPrerenderedSignIn() ? loadLoginPage().catch(() => null) : null;
  try {
    const config = await loadRuntimeConfig();
    registerConfiguredRemotes(config.remotes);
    // A returning user opening a remote's page: its code loads while the app renders and the
    // session is checked, not after. A failed load shows the route's error card as usual.
    const routeRemote = remoteForPath(window.location.pathname);
    if (routeRemote && hasStoredSession(config.auth.userPoolClientId)) {
      remoteRoutesModule(routeRemote).catch(() => undefined);
    }
    setAuthConfig(config.auth);
    setSiteLinks(config.links);
    configureApiClient({
      baseUrl: config.apiBaseUrl,
      getToken: apiToken,
      onUnauthorized: reportApiUnauthorized,
      fetch: fetchTakingEarlyReads,
    });
    // A returning user's profile is asked for now, with a stored token that is still valid (so it
    // is the profile of the user about to be shown), and what the route's page reads first: the
    // gallery's first list, the models page's training photos. The inline script of index.html
    // has sent these reads with the document; the API client takes its answers over.
    // SWR's code, which a signed-out visitor's first load does without, takes the requests over
    // once it has loaded (index.html preloads this chunk group for a returning user), before the
    // app first renders: a page's first read takes them over instead of asking again.
    let earlyReads: Promise<void> | undefined;
    if (freshStoredToken(config.auth.userPoolClientId)) {
      // Sent together, not once SWR's code has loaded: refused tokens are refused by all of them
      // at once, before a sign-out could start.
      const keys = [...EVERY_PAGE_READS];
      const remoteRead = routeRemote && REMOTE_FIRST_READS[routeRemote];
      // The gallery's first page is read with the pages it kept (takeOverEarlyReads).
      if (remoteRead && routeRemote !== 'gallery') keys.push(remoteRead);
      const reads: EarlyRead[] = keys.map((key) => ({ key, request: fetchApiKey(key) }));
      for (const { request } of reads) request.catch(() => undefined);
      earlyReads = import(/* webpackChunkName: "signed-in" */ './auth/early-reads')
        .then(({ takeOverEarlyReads }) => takeOverEarlyReads(reads, routeRemote === 'gallery'))
        .catch(() => undefined);
    }
    await loginPage;
    await earlyReads;
    // A transition renders in slices that yield to the browser every few milliseconds, so the
    // first render of the app (and of a remote's page) is no longer one long task on a phone;
    // the prerendered card, or nothing, stays on screen until it commits.
    startTransition(() => {
      root.render(
        <FirstPaintTakeover>
          <App />
        </FirstPaintTakeover>,
      );
    });
  } catch (error) {
    console.error('Could not load /config.json', error);
    root.render(
      <FirstPaintTakeover>
        <BootError />
      </FirstPaintTakeover>,
    );
  }
}

const container = document.getElementById('root');
if (container) void start(container);
// Registered even when the config cannot be read: an offline start needs the cached copy.
registerServiceWorker();
