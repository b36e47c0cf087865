/** The parts of a remote's mf-manifest.json that say which files make the remote run. */
export interface RemoteManifest {
  metaData: {
    /** 'auto': the files sit beside the manifest. */
    publicPath?: string;
    remoteEntry: { path: string; name: string };
  };
  exposes: ReadonlyArray<{
    assets: Record<'js' | 'css', { sync: readonly string[]; async: readonly string[] }>;
  }>;
}

export interface RemoteAssets {
  /** remoteEntry.js: its name is stable across releases, so it is revalidated. */
  entry: string;
  /** The exposed modules' own files (content-hashed). Shared packages come from the shell. */
  chunks: string[];
}

/** Absolute URLs of what a remote needs to render, read from its manifest. */
export function remoteAssets(manifestUrl: string, manifest: RemoteManifest): RemoteAssets {
  const { publicPath, remoteEntry } = manifest.metaData;
  const base =
    publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : new URL(manifestUrl);
  const entryPath = [remoteEntry.path, remoteEntry.name].filter((part) => part !== '').join('/');
  const files = manifest.exposes.flatMap(({ assets }) => [
    ...assets.js.sync,
    ...assets.js.async,
    ...assets.css.sync,
    ...assets.css.async,
  ]);
  return {
    entry: new URL(entryPath, base).href,
    chunks: [...new Set(files.map((file) => new URL(file, base).href))],
  };
}
