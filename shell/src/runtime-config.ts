import { parseRuntimeConfig, REMOTE_NAMES, type RuntimeConfig } from '@app/shared/runtime-config';

const CONFIG_URL = '/config.json';

/** Reads the deployment's config document; relative URLs in it are relative to the shell. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(CONFIG_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${CONFIG_URL} answered ${response.status}`);
  const config = parseRuntimeConfig(await response.json());
  const absolute = (url: string) => new URL(url, document.baseURI).href;
  for (const name of REMOTE_NAMES) config.remotes[name] = absolute(config.remotes[name]);
  return config;
}
