import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTE_CONTAINER_NAMES,
  REMOTE_NAMES,
  REMOTE_ROUTES_MODULE,
  type RemoteName,
  type RemoteRoutesProps,
} from '@app/shared/runtime-config';
import type { ComponentType } from 'react';
import { earlyRemoteManifestPlugin } from './early-remote-manifest';

export type RemoteRoutesModule = { default: ComponentType<RemoteRoutesProps> };

const manifestUrls = new Map<RemoteName, string>();

function remoteEntry(name: RemoteName) {
  const entry = manifestUrls.get(name);
  if (!entry) throw new Error(`Remote "${name}" is not configured`);
  return { name: REMOTE_CONTAINER_NAMES[name], entry };
}

export function registerConfiguredRemotes(urls: Record<RemoteName, string>) {
  for (const name of REMOTE_NAMES) manifestUrls.set(name, urls[name]);
  registerPlugins([earlyRemoteManifestPlugin()]);
  registerRemotes(REMOTE_NAMES.map(remoteEntry));
}

const failedRemotes = new Set<RemoteName>();

/**
 * Loads a remote's routes module. After a failure the remote is registered again first: the
 * federation runtime otherwise keeps the failed entry and a retry would fail without a request.
 */
export async function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  if (failedRemotes.delete(name)) registerRemotes([remoteEntry(name)], { force: true });
  try {
    const module = await loadRemote<RemoteRoutesModule>(
      `${REMOTE_CONTAINER_NAMES[name]}/${REMOTE_ROUTES_MODULE.replace('./', '')}`,
    );
    if (!module || typeof module.default !== 'function') {
      throw new Error(`Remote "${name}" does not expose ${REMOTE_ROUTES_MODULE}`);
    }
    return module;
  } catch (error) {
    failedRemotes.add(name);
    throw error;
  }
}
