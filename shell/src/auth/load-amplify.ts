import type { AuthRuntimeConfig } from '@app/shared/runtime-config';
import type { ResourcesConfig } from 'aws-amplify';
import { buildAmplifyConfig } from './amplify-config';

import type * as Amplify from './amplify';

export type AmplifyModule = typeof Amplify;

let authConfig: AuthRuntimeConfig | null = null;
let loading: Promise<AmplifyModule> | null = null;
let loaded: AmplifyModule | null = null;
const loadedListeners = new Set<(amplify: AmplifyModule) => void>();

/** Called once at start, before anything may load aws-amplify. */
export function setAuthConfig(config: AuthRuntimeConfig) {
  authConfig = config;
}

export function getAuthConfig(): AuthRuntimeConfig {
  if (!authConfig) throw new Error('auth config is not set');
  return authConfig;
}

/** What aws-amplify is (or will be) configured with; readable without loading aws-amplify. */
export function amplifyConfig(): ResourcesConfig {
  return buildAmplifyConfig(getAuthConfig(), globalThis.location?.origin ?? '');
}

/** aws-amplify, configured for this deployment; fetched the first time something needs it. */
export function loadAmplify(): Promise<AmplifyModule> {
  if (!loading) {
    const config = amplifyConfig();
    loading = import('./amplify').then((amplify) => {
      amplify.configureAmplify(config);
      loaded = amplify;
      for (const listener of loadedListeners) listener(amplify);
      return amplify;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/**
 * Runs `listener` once aws-amplify is loaded, by whoever loads it first (the session check, the
 * sign-in screen, the OAuth callback). Returns an unsubscribe function.
 */
export function whenAmplifyLoaded(listener: (amplify: AmplifyModule) => void): () => void {
  if (loaded) listener(loaded);
  else loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}
