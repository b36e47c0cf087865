import {
  INLINE_CONFIG_ELEMENT_ID,
  parseRuntimeConfig,
  REMOTE_NAMES,
  type RuntimeConfig,
} from '@app/shared/runtime-config';
import { STORAGE_KEY_PREFIX } from '@app/shared/spec';

const CONFIG_URL = '/config.json';

/**
 * The last config document this browser read, kept for the starts whose page has none inline
 * (the service worker's copy of index.html): the inline script preloads the route's remote from
 * it and the shell starts without waiting for /config.json. It carries the product prefix, so
 * logout removes it with every other stored item of the app (spec §9); the next start fetches
 * the document again.
 */
export const STORED_CONFIG_KEY = `${STORAGE_KEY_PREFIX}runtime-config`;

/** The config the server filled into the page, if it did (a page from the network does). */
function inlineConfig(): unknown {
  const text = document.getElementById(INLINE_CONFIG_ELEMENT_ID)?.textContent?.trim();
  return text ? JSON.parse(text) : undefined;
}

function storedConfig(): RuntimeConfig | undefined {
  try {
    const text = localStorage.getItem(STORED_CONFIG_KEY);
    return text ? parseRuntimeConfig(JSON.parse(text)) : undefined;
  } catch {
    // Unreadable storage or a document an older release kept: the network has the config.
    return undefined;
  }
}

function storeConfig(config: RuntimeConfig) {
  try {
    localStorage.setItem(STORED_CONFIG_KEY, JSON.stringify(config));
  } catch {
    // Storage full or blocked: the next start without inline config fetches it.
  }
}

async function fetchedConfig(): Promise<RuntimeConfig> {
  const response = await fetch(CONFIG_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${CONFIG_URL} answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

/**
 * The deployment's config document: the page's inline copy, else the stored one (refreshed behind
 * the start, so a redeployed remote is found on the next start, as with the service worker's
 * stale-while-revalidate copy of /config.json), else /config.json. Relative URLs in it are
 * relative to the shell.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inline = inlineConfig();
  let config: RuntimeConfig;
  if (inline !== undefined) {
    config = parseRuntimeConfig(inline);
    storeConfig(config);
  } else {
    const stored = storedConfig();
    const fetched = fetchedConfig().then((fresh) => {
      storeConfig(fresh);
      return fresh;
    });
    if (stored) {
      fetched.catch((error: unknown) => console.warn('The stored config is not refreshed', error));
      config = stored;
    } else {
      config = await fetched;
    }
  }
  const absolute = (url: string) => new URL(url, document.baseURI).href;
  for (const name of REMOTE_NAMES) config.remotes[name] = absolute(config.remotes[name]);
  return config;
}
