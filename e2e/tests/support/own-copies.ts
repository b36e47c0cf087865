import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SINGLETON_REQUESTS } from '@app/shared/federation';
import { bundledSources } from './source-maps';

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

/**
 * Packages that only a shared module of ours may hold: the router is one per page through
 * `@app/shared/navigation`, which is shared in its place.
 */
const PACKAGES_OF_SHARED_MODULES: Record<string, string[]> = {
  navigation: ['react-router-dom', 'react-router', '@remix-run/router'],
};

/** Where a singleton's code comes from, as the source maps name it. */
function sourcePattern(request: string, packageName: string): RegExp {
  const sharedModule = /^@app\/shared\/(.+)$/.exec(request)?.[1];
  if (sharedModule) {
    const packages = (PACKAGES_OF_SHARED_MODULES[sharedModule] ?? []).map(
      (name) => `|/node_modules/${name.replace('/', '\\/')}/`,
    );
    return new RegExp(`/shared/src/${sharedModule}\\.tsx?$${packages.join('')}`);
  }
  return new RegExp(`/node_modules/${packageName.replace('/', '\\/')}/`);
}

/**
 * Chunks of a built app that carry code of a singleton outside that singleton's own shared
 * chunks (the ones mf-manifest.json lists for it). Such a chunk runs its own copy: an API
 * client nobody configured, a second bus, a second SWR cache. Source maps say which files
 * each chunk holds. Returns "chunk: source" lines.
 */
export function ownCopiesOfSingletons(distDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(distDir, 'mf-manifest.json'), 'utf8')) as {
    shared: ManifestShared[];
  };
  const sharedChunks = new Map<string, Set<string>>();
  for (const entry of manifest.shared) {
    const chunks = sharedChunks.get(entry.name) ?? new Set();
    for (const file of [...entry.assets.js.sync, ...entry.assets.js.async]) chunks.add(file);
    sharedChunks.set(entry.name, chunks);
  }
  const singletons = SINGLETON_REQUESTS.map(([request, packageName]) => ({
    request,
    packageName,
    pattern: sourcePattern(request, packageName),
  }));

  const copies: string[] = [];
  for (const { chunk, sources } of bundledSources(distDir)) {
    for (const source of sources) {
      const singleton = singletons.find(({ pattern }) => pattern.test(source));
      if (!singleton) continue;
      // Any shared entry of the same package may hold it (swr's cache code sits in swr's chunk).
      const allowed = singletons
        .filter(({ packageName }) => packageName === singleton.packageName)
        .some(({ request }) => sharedChunks.get(request)?.has(chunk));
      if (!allowed) copies.push(`${chunk}: ${source}`);
    }
  }
  return copies;
}
