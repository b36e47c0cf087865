import type { RemoteName } from '@app/shared/runtime-config';
import { loadRemoteRoutes, type RemoteRoutesModule } from './remotes';

/** One load per remote, kept across navigations so a loaded remote renders at once. */
const loads = new Map<RemoteName, Promise<RemoteRoutesModule>>();

/** The remote's routes module, loaded once; started early by a start on the remote's route. */
export function remoteRoutesModule(name: RemoteName): Promise<RemoteRoutesModule> {
  let load = loads.get(name);
  if (!load) {
    load = loadRemoteRoutes(name);
    loads.set(name, load);
  }
  return load;
}

/** A rejected load stays rejected: forget it so Retry loads the remote again. */
export function forgetRemoteLoad(name: RemoteName) {
  loads.delete(name);
}
