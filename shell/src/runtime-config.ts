import {
  INLINE_CONFIG_ELEMENT_ID,
  parseRuntimeConfig,
  REMOTE_NAMES,
  type RuntimeConfig,
} from '@app/shared/runtime-config';

const CONFIG_URL = '/config.json';

/**
 * The config the server filled into the page, if it did: a page from the network carries it, the
 * service worker's copy of index.html does not (it would go stale) and fetches it instead.
 */
function inlineConfig(): unknown {
  const text = document.getElementById(INLINE_CONFIG_ELEMENT_ID)?.textContent?.trim();
  return text ? JSON.parse(text) : undefined;
}

async function fetchedConfig(): Promise<unknown> {
  const response = await fetch(CONFIG_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${CONFIG_URL} answered ${response.status}`);
  return response.json();
}

/** Reads the deployment's config document; relative URLs in it are relative to the shell. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const config = parseRuntimeConfig(inlineConfig() ?? (await fetchedConfig()));
  const absolute = (url: string) => new URL(url, document.baseURI).href;
  for (const name of REMOTE_NAMES) config.remotes[name] = absolute(config.remotes[name]);
  return config;
}
