import '@app/shared/theme/fonts';
import { configureApiClient } from '@app/shared/api-client';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { apiToken } from './auth/api-token';
import { reportApiUnauthorized } from './auth/api-unauthorized';
import { setAuthConfig } from './auth/load-amplify';
import { BootError } from './boot-error';
import { registerConfiguredRemotes } from './federation/remotes';
import { registerServiceWorker } from './pwa/service-worker';
import { setSiteLinks } from './site-links';
import { loadRuntimeConfig } from './runtime-config';

async function start(container: HTMLElement) {
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig();
    registerConfiguredRemotes(config.remotes);
    setAuthConfig(config.auth);
    setSiteLinks(config.links);
    configureApiClient({
      baseUrl: config.apiBaseUrl,
      getToken: apiToken,
      onUnauthorized: reportApiUnauthorized,
    });
    root.render(<App />);
  } catch (error) {
    console.error('Could not load /config.json', error);
    root.render(<BootError />);
  }
}

const container = document.getElementById('root');
if (container) void start(container);
// Registered even when the config cannot be read: an offline start needs the cached copy.
registerServiceWorker();
