import '@app/shared/theme/fonts';
import { configureApiClient } from '@app/shared/api-client';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { BootError } from './boot-error';
import { registerConfiguredRemotes } from './federation/remotes';
import { registerServiceWorker } from './pwa/service-worker';
import { loadRuntimeConfig } from './runtime-config';

async function start(container: HTMLElement) {
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig();
    registerConfiguredRemotes(config.remotes);
    configureApiClient({
      baseUrl: config.apiBaseUrl,
      // Signed-in sessions arrive with the sign-in screens; until then requests go without a token.
      getToken: async () => null,
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
