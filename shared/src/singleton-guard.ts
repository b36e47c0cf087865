const LOADED = Symbol.for('@app/shared/loaded-singletons');

/**
 * Called once by each stateful module of @app/shared as it loads. A second load of the same
 * module means a bundle carries its own copy (it was imported by a relative path, or its app
 * does not share it): that copy is a second bus or an API client nobody configured, so it is
 * reported at once instead of failing quietly later.
 */
export function claimSingleton(request: string): void {
  const holder = globalThis as { [LOADED]?: Set<string> };
  const loaded = (holder[LOADED] ??= new Set());
  if (loaded.has(request)) {
    console.error(
      `${request} was loaded twice: import it by its package name, so Module Federation shares one copy`,
    );
  }
  loaded.add(request);
}
