/**
 * Build-time Module Federation settings that the shell and every remote must agree on (the
 * remotes' whole build is remote-rspack-config.ts; the shell keeps its own).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface SharedEntry {
  singleton: true;
  requiredVersion: string | false;
}

/**
 * Packages that must exist once per page. react/react-dom (hooks break with two copies),
 * swr and swr/infinite (one cache: swr/infinite carries its own copy of swr's cache code),
 * aws-amplify (one token store) and the stateful modules of @app/shared (one bus, one configured
 * API client, one router through `navigation`), which everything, shared itself included, imports
 * by package name (lint-enforced: a relative import would bundle an unshared copy).
 *
 * Fluent UI is deliberately not here: shared as a singleton it ships the whole library in one
 * chunk (docs/bundle-budget.md has the measurements); each app bundles the components it uses
 * and wraps its tree in its own FluentProvider.
 */
export function sharedSingletons(appDir: string): Record<string, SharedEntry> {
  const pkg = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const deps = pkg.dependencies ?? {};
  const shared: Record<string, SharedEntry> = {};
  for (const [request, packageName] of SINGLETON_REQUESTS) {
    const range = deps[packageName];
    // An app only provides what it depends on; it consumes the rest from the shell at run time.
    if (range === undefined) continue;
    shared[request] = {
      singleton: true,
      requiredVersion: range.startsWith('workspace:') ? false : range,
    };
  }
  return shared;
}

/**
 * The modules of @app/shared that hold state (configuration, caches, listeners). The lint rule
 * that forbids importing them by a relative path reads the same list.
 */
const STATEFUL_SHARED_MODULES: readonly string[] = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'stateful-modules.json'), 'utf8'),
) as string[];

/** [import request, package that provides it] */
export const SINGLETON_REQUESTS: ReadonlyArray<readonly [string, string]> = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['swr', 'swr'],
  ['swr/infinite', 'swr'],
  ['aws-amplify', 'aws-amplify'],
  ['aws-amplify/auth', 'aws-amplify'],
  ['aws-amplify/utils', 'aws-amplify'],
  ...STATEFUL_SHARED_MODULES.map((name) => [`@app/shared/${name}`, '@app/shared'] as const),
];

/**
 * Module Federation's build plugins hand the bundler its runtime as the CommonJS files Node's
 * `require` resolves, and CommonJS cannot be tree-shaken: every start would load the whole runtime
 * and SDK, in the shell's main.js and again in each remote's entry. Each of these packages ships
 * an ES module build beside its CommonJS one; these aliases (for `resolve.alias`) use it, so the
 * bundler keeps only what the runtime calls. A package without that build fails the build.
 */
export function federationRuntimeAsEsm(): Record<string, string> {
  const fromPlugin = createRequire(
    createRequire(import.meta.url).resolve('@module-federation/enhanced/rspack'),
  );
  const fromTools = createRequire(fromPlugin.resolve('@module-federation/runtime-tools'));
  const esm = (cjs: string) => {
    const file = cjs.replace(/\.cjs$/, '.js');
    if (file === cjs || !existsSync(file)) throw new Error(`No ES module build beside ${cjs}`);
    return file;
  };
  const bundlerRuntime = fromTools.resolve('@module-federation/webpack-bundler-runtime');
  const externalRuntimePlugin = fromPlugin.resolve(
    '@module-federation/inject-external-runtime-core-plugin',
  );
  return {
    // Imported by their absolute paths, as the plugins resolved them.
    [`${bundlerRuntime}$`]: esm(bundlerRuntime),
    [`${externalRuntimePlugin}$`]: esm(externalRuntimePlugin),
    // Aliased to its CommonJS build by rspack's federation plugin; this alias comes after it.
    '@module-federation/runtime': esm(fromTools.resolve('@module-federation/runtime')),
  };
}
