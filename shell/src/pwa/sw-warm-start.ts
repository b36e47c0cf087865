/**
 * Runs inside the generated service worker (imported by sw.js, built by its own compiler in
 * rspack.config.ts). Workbox precaches the shell's own files; this fills the runtime caches with
 * what a start also needs and the precache cannot name at build time, because it is only known at
 * run time: /config.json, and each configured remote's manifest, entry and exposed files. So the
 * installed app starts offline from the first visit, signed in or not.
 */
import { parseRuntimeConfig, REMOTE_NAMES } from '@app/shared/runtime-config';
import { CONFIG_PATH, SW_CACHES } from './cache-names';
import { remoteAssets, type RemoteManifest } from './remote-assets';

/** The service-worker globals this file uses (the web app's TypeScript lib is the DOM's). */
interface InstallEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
const worker = self as unknown as {
  location: Location;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
};

/** Fetches `url` past the HTTP cache and keeps a good answer in `cacheName`. */
async function keep(cacheName: string, url: string): Promise<Response> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const cache = await caches.open(cacheName);
  await cache.put(url, response.clone());
  return response;
}

async function keepRemote(manifestUrl: string): Promise<void> {
  const manifest = (await (
    await keep(SW_CACHES.remoteEntries, manifestUrl)
  ).json()) as RemoteManifest;
  const { entry, chunks } = remoteAssets(manifestUrl, manifest);
  await Promise.all([
    keep(SW_CACHES.remoteEntries, entry),
    ...chunks.map((chunk) => keep(SW_CACHES.remoteChunks, chunk)),
  ]);
}

async function warmStart(): Promise<void> {
  const configUrl = new URL(CONFIG_PATH, worker.location.origin).href;
  const config = parseRuntimeConfig(await (await keep(SW_CACHES.config, configUrl)).json());
  const results = await Promise.allSettled(
    REMOTE_NAMES.map((name) => keepRemote(new URL(config.remotes[name], configUrl).href)),
  );
  for (const result of results) {
    if (result.status === 'rejected') console.warn('A remote is not kept offline', result.reason);
  }
}

worker.addEventListener('install', (event) => {
  // Never fails the install: a remote that is down now is cached when it is first used.
  event.waitUntil(
    warmStart().catch((error: unknown) => console.warn('Offline start not prepared', error)),
  );
});
