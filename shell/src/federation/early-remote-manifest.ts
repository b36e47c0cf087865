import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The global where the inline script of index.html leaves the route's remote manifest it fetched
 * before any of the app's scripts ran (src/first-paint/first-paint-decision.ts).
 */
export const EARLY_MANIFEST_GLOBAL = '__studioEarlyRemoteManifest';

interface EarlyManifest {
  url: string;
  text: Promise<string>;
}

/** The early manifest for `url`, once: later loads (a retry, a redeploy) go to the network. */
function takeEarlyManifest(url: string): Promise<string> | undefined {
  const holder = window as unknown as Record<string, EarlyManifest | undefined>;
  const early = holder[EARLY_MANIFEST_GLOBAL];
  if (early?.url !== url) return undefined;
  delete holder[EARLY_MANIFEST_GLOBAL];
  return early.text;
}

/**
 * Hands the federation runtime the manifest the inline script already fetched instead of asking
 * for it a second time. When the early fetch failed, the manifest is fetched as the runtime would.
 */
export function earlyRemoteManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'early-remote-manifest',
    fetch(url) {
      const text = takeEarlyManifest(url);
      if (!text) return undefined;
      return text.then(
        (body) => new Response(body, { headers: { 'content-type': 'application/json' } }),
        () => fetch(url),
      );
    },
  };
}
