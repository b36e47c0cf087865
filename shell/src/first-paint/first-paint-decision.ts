import { FIRST_PAINT_ATTRIBUTE, PRERENDERED_HOME_ID, type FirstPaint } from './first-paint-ids';

/** One early API read (see FirstPaintOptions.earlyApiReads). */
export interface EarlyReadSpec {
  /** The path with its query, as the API client builds it. */
  path: string;
  /**
   * Where the app keeps this read's answer in storage while it is fresh (the gallery's pages):
   * then the app asks nothing, and neither does this script.
   */
  unlessStored?: { storageKey: string; pageId: string; freshForMs: number };
}

export interface FirstPaintOptions {
  /** The element the server fills with the runtime config (empty in a cached copy of the page). */
  configElementId: string;
  /** Where the app keeps the last config it read, for a page that carries none. */
  storedConfigKey: string;
  /** aws-amplify's key prefix; `<prefix>.<client id>.LastAuthUser` names a stored session. */
  sessionKeyPrefix: string;
  /** Paths where a signed-out visitor sees the sign-in card. */
  homePaths: readonly string[];
  /** The app's entry scripts, which this script starts (index.html has no script tags of its own). */
  entryScripts: readonly string[];
  /**
   * The chunks the entry loads at once to start the app (bootstrap and the shared modules it
   * uses), which it would request only once it has run: preloaded beside it when the app draws
   * the first paint.
   */
  startScripts: readonly string[];
  /** The stylesheets of those chunks, which the entry waits for as it does for their scripts. */
  startStyles: readonly string[];
  /**
   * What a signed-in start loads as soon as those chunks have run (the early reads, the signed-in
   * chrome and the shared modules they use): preloaded with them for a returning user.
   */
  signedInScripts: readonly string[];
  /** Where each remote is mounted: a returning user's page gets its remote's files at once. */
  remoteRoutes: readonly { path: string; remote: string }[];
  /** The one module each remote exposes, as its manifest names it ('routes'). */
  exposedModule: string;
  /** Where the fetched manifest waits for the federation runtime (see early-remote-manifest.ts). */
  earlyManifestGlobal: string;
  /**
   * Where this script keeps the files each remote's manifest named last time (under the app's
   * storage prefix, so logout removes it): a returning user's next start preloads them at once,
   * not once the manifest has arrived and the main thread has read it.
   */
  remoteFilesKey: string;
  /**
   * A returning user's first API reads, sent with the document instead of once the app's scripts
   * have run (see auth/early-api-reads.ts): paths with their queries, as the API client builds
   * them, for every page and for each remote's page.
   */
  earlyApiReads: {
    global: string;
    everyPage: readonly EarlyReadSpec[];
    byRemote: Readonly<Record<string, readonly EarlyReadSpec[]>>;
    /** Spec §9: a token this close to its expiry counts as expired (aws-amplify refreshes it). */
    tokenExpiryToleranceMs: number;
  };
  attribute: string;
  containerId: string;
}

/*
 * Everything from here to firstPaintScript runs inline in <head>, before the first paint: the
 * functions are written into index.html from their own source, so they import nothing, use only
 * what a browser has and call only each other (FIRST_PAINT_HELPERS lists those decideFirstPaint
 * calls). They are function declarations, whose source carries their name.
 */

function preloadLink(as: 'script' | 'style', href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', as);
  link.href = href;
  document.head.appendChild(link);
}

/** The files each remote's manifest named last time, by manifest URL. */
function rememberedRemoteFiles(storageKey: string): Record<string, string[]> {
  try {
    const remembered = JSON.parse(localStorage.getItem(storageKey) ?? '{}');
    return remembered && typeof remembered === 'object' ? remembered : {};
  } catch {
    return {};
  }
}

/**
 * Fetches the remote's manifest now and hands it to the federation runtime (which would fetch it
 * only once the shell runs), then preloads the files it names for the exposed module: the remote
 * entry and the module's own chunks, which the runtime loads with plain script elements. The
 * files the manifest named last time are preloaded before it arrives (after a redeploy they are
 * a wasted request once; the manifest's own list follows, and is kept for the next start).
 */
function preloadRemote(options: FirstPaintOptions, manifestUrl: string) {
  const preloaded = new Set<string>();
  const preloadOnce = (href: string) => {
    if (preloaded.has(href)) return;
    preloaded.add(href);
    preloadLink('script', href);
  };
  const lastTime = rememberedRemoteFiles(options.remoteFilesKey)[manifestUrl];
  if (Array.isArray(lastTime)) {
    for (const href of lastTime) if (typeof href === 'string') preloadOnce(href);
  }
  const manifestText = fetch(manifestUrl).then((response) =>
    response.ok ? response.text() : Promise.reject(new Error(`${manifestUrl}: ${response.status}`)),
  );
  (window as unknown as Record<string, unknown>)[options.earlyManifestGlobal] = {
    url: manifestUrl,
    text: manifestText,
  };
  manifestText
    .then((text) => {
      const manifest = JSON.parse(text);
      const meta = manifest.metaData;
      const publicPath = meta.publicPath;
      const base =
        publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : manifestUrl;
      const entryPath = [meta.remoteEntry.path, meta.remoteEntry.name]
        .filter((part: string) => part !== '')
        .join('/');
      const files = [new URL(entryPath, base).href];
      for (const exposed of manifest.exposes) {
        if (exposed.name !== options.exposedModule) continue;
        for (const file of exposed.assets.js.sync) files.push(new URL(file, base).href);
      }
      for (const href of files) preloadOnce(href);
      const remembered = rememberedRemoteFiles(options.remoteFilesKey);
      remembered[manifestUrl] = files;
      localStorage.setItem(options.remoteFilesKey, JSON.stringify(remembered));
    })
    // Nothing is lost: the runtime fetches what it needs itself.
    .catch(() => undefined);
}

/**
 * The stored id token (else access token) while valid, as the API client would send it: the
 * rule of `freshStoredToken` (auth/stored-session.ts), which this script cannot import.
 */
function freshToken(options: FirstPaintOptions, clientId: string): string | undefined {
  const prefix = `${options.sessionKeyPrefix}.${clientId}`;
  const username = localStorage.getItem(`${prefix}.LastAuthUser`);
  if (!username) return undefined;
  const drift = Number.parseInt(localStorage.getItem(`${prefix}.${username}.clockDrift`) || '', 10);
  const issuerNow = Date.now() + (Number.isFinite(drift) ? drift : 0);
  for (const kind of ['idToken', 'accessToken']) {
    const token = localStorage.getItem(`${prefix}.${username}.${kind}`);
    if (!token) continue;
    try {
      const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
      const bytes = Uint8Array.from(atob(payload), (char) => char.charCodeAt(0));
      const exp: unknown = JSON.parse(new TextDecoder().decode(bytes)).exp;
      if (
        typeof exp === 'number' &&
        exp * 1000 - options.earlyApiReads.tokenExpiryToleranceMs > issuerNow
      ) {
        return token;
      }
    } catch {
      // Not a token this script can read: the app asks aws-amplify.
    }
  }
  return undefined;
}

/** Whether the app keeps this read's answer in storage and it is still fresh. */
function storedAnswerFresh({
  storageKey,
  pageId,
  freshForMs,
}: NonNullable<EarlyReadSpec['unlessStored']>): boolean {
  try {
    const savedAt: unknown = JSON.parse(localStorage.getItem(storageKey) ?? 'null')?.pages?.[pageId]
      ?.savedAt;
    const age = typeof savedAt === 'number' ? Date.now() - savedAt : -1;
    return age >= 0 && age < freshForMs;
  } catch {
    return false;
  }
}

/** Sends the reads the app has no fresh answer for, where the app takes them over. */
function sendEarlyApiReads(
  options: FirstPaintOptions,
  apiBaseUrl: string,
  token: string,
  reads: readonly EarlyReadSpec[],
) {
  const base = apiBaseUrl.replace(/\/+$/, '');
  const wanted = reads.filter(
    (read) => !read.unlessStored || !storedAnswerFresh(read.unlessStored),
  );
  (window as unknown as Record<string, unknown>)[options.earlyApiReads.global] = wanted.map(
    ({ path }) => {
      const url = base + path;
      const response = fetch(url, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      });
      // Taken, or not, by the app; a failure is the app's to see when it takes the read.
      response.catch(() => undefined);
      return { url, token, response };
    },
  );
}

/** What the stored session and the page decide about the start, as decideFirstPaint reads it. */
interface StartState {
  firstPaint: 'app' | 'sign-in';
  storedSession: boolean;
  /** The manifest of the remote this page shows, for a returning user. */
  remoteManifest?: string;
}

/**
 * Reads the page, the config and the stored session: which first paint, whether a user returns,
 * the remote of the page; and sends a returning user's first API reads while the stored token
 * is valid.
 */
function readStartState(options: FirstPaintOptions): StartState {
  const state: StartState = { firstPaint: 'app', storedSession: false };
  try {
    const path = location.pathname;
    const home = options.homePaths.some(
      (homePath) => path === homePath || (homePath !== '/' && path.startsWith(homePath + '/')),
    );
    // The service worker's copy of the page has no inline config: the app's stored copy stands in.
    const inlineText = document.getElementById(options.configElementId)?.textContent ?? '';
    const configText = inlineText.trim()
      ? inlineText
      : localStorage.getItem(options.storedConfigKey);
    const config = configText ? JSON.parse(configText) : undefined;
    const clientId: unknown = config?.auth?.userPoolClientId;
    for (let index = 0; index < localStorage.length; index += 1) {
      const parts = (localStorage.key(index) ?? '').split('.');
      if (
        parts.length === 3 &&
        parts[0] === options.sessionKeyPrefix &&
        parts[2] === 'LastAuthUser' &&
        (typeof clientId !== 'string' || parts[1] === clientId)
      ) {
        state.storedSession = true;
      }
    }
    if (home && !state.storedSession) state.firstPaint = 'sign-in';
    const route = options.remoteRoutes.find(
      (remoteRoute) => path === remoteRoute.path || path.startsWith(remoteRoute.path + '/'),
    );
    const manifest: unknown = route && config?.remotes?.[route.remote];
    if (state.storedSession && typeof manifest === 'string') {
      state.remoteManifest = new URL(manifest, location.href).href;
    }
    const token =
      state.storedSession && typeof clientId === 'string'
        ? freshToken(options, clientId)
        : undefined;
    if (token && typeof config.apiBaseUrl === 'string') {
      const { everyPage, byRemote } = options.earlyApiReads;
      sendEarlyApiReads(options, config.apiBaseUrl, token, [
        ...everyPage,
        ...((route && byRemote[route.remote]) ?? []),
      ]);
    }
  } catch {
    // Storage that cannot be read (blocked cookies): the app decides once it runs.
  }
  return state;
}

/** Where the app draws the first paint, its files are fetched at once rather than in waves. */
function preloadAppFiles(options: FirstPaintOptions, state: StartState) {
  for (const href of options.entryScripts) preloadLink('script', href);
  // The remote's manifest first: the remote's files wait for it, the shell's chunks for nothing.
  if (state.remoteManifest) preloadRemote(options, state.remoteManifest);
  for (const href of options.startScripts) preloadLink('script', href);
  for (const href of options.startStyles) preloadLink('style', href);
  // A returning user's chrome and profile: one wave with the shell's chunks instead of the next.
  if (state.storedSession) for (const href of options.signedInScripts) preloadLink('script', href);
}

function startApp(entryScripts: readonly string[]) {
  for (const src of entryScripts) {
    const script = document.createElement('script');
    script.src = src;
    script.async = false;
    document.head.appendChild(script);
  }
}

/**
 * Starts the app once the card is on screen: when the browser reports the first contentful
 * paint (a frame can be presented long after its animation frame on a busy phone), else one
 * frame on. A page hidden meanwhile paints nothing, and a paint that never comes must not keep
 * the app from starting: either starts it at once.
 */
function startAppAfterFirstPaint(entryScripts: readonly string[]) {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    startApp(entryScripts);
  };
  const paintReported =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (paintReported) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      startOnce();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(startOnce, 3000);
  } else {
    requestAnimationFrame(() => setTimeout(startOnce, 0));
  }
  document.addEventListener('visibilitychange', startOnce, { once: true });
}

/** Before the app takes over, the prerendered form has no handler: it must not submit. */
function keepPrerenderedFormsFromSubmitting(containerId: string) {
  document.addEventListener(
    'submit',
    (event) => {
      const container = document.getElementById(containerId);
      if (container && event.target instanceof Node && container.contains(event.target)) {
        event.preventDefault();
      }
    },
    true,
  );
}

/**
 * Runs inline in <head>, before the first paint, with the functions above. A signed-out visitor
 * on the home keeps the prerendered sign-in card; a returning signed-in visitor (a stored session)
 * or any other page hides it, so the card never flashes before the app.
 *
 * It also starts the app. Once the document is parsed, as `defer` would; when the card shows,
 * once it has been painted, so the card is on screen before the app's scripts take the network
 * and the main thread. Where the app draws the first paint itself, its scripts are fetched at
 * once (preloaded), and so, for a returning user, are the signed-in chrome's chunks and, on a
 * remote's page, the remote's manifest, entry and routes module: they no longer wait for the
 * shell's chunks to run. With a stored token that is still valid, the user's first API reads
 * leave now too, for the app to take over (auth/early-api-reads.ts).
 */
function decideFirstPaint(options: FirstPaintOptions): void {
  const state = readStartState(options);
  document.documentElement.setAttribute(options.attribute, state.firstPaint);
  if (state.firstPaint === 'app') preloadAppFiles(options, state);
  const afterParsing = () => {
    // A hidden page paints no frames: nothing to wait for.
    if (state.firstPaint === 'sign-in' && document.visibilityState === 'visible') {
      startAppAfterFirstPaint(options.entryScripts);
    } else {
      startApp(options.entryScripts);
    }
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', afterParsing, { once: true });
  } else {
    afterParsing();
  }
  keepPrerenderedFormsFromSubmitting(options.containerId);
}

/** What decideFirstPaint calls: written into the inline script before it. */
const FIRST_PAINT_HELPERS = [
  preloadLink,
  rememberedRemoteFiles,
  preloadRemote,
  freshToken,
  storedAnswerFresh,
  sendEarlyApiReads,
  readStartState,
  preloadAppFiles,
  startApp,
  startAppAfterFirstPaint,
  keepPrerenderedFormsFromSubmitting,
];

/** The inline script's source, as the build writes it into index.html. */
export function firstPaintScript(options: Omit<FirstPaintOptions, 'attribute' | 'containerId'>) {
  const full: FirstPaintOptions = {
    ...options,
    attribute: FIRST_PAINT_ATTRIBUTE,
    containerId: PRERENDERED_HOME_ID,
  };
  // Each under the name decideFirstPaint's source calls it by (a minified build renames both).
  const helpers = FIRST_PAINT_HELPERS.map((helper) => `var ${helper.name}=${helper.toString()};`);
  return `(function(){${helpers.join('')}(${decideFirstPaint.toString()})(${JSON.stringify(full)});})();`;
}

/** What the inline script decided; 'app' when it did not run. */
export function decidedFirstPaint(): FirstPaint {
  return document.documentElement.getAttribute(FIRST_PAINT_ATTRIBUTE) === 'sign-in'
    ? 'sign-in'
    : 'app';
}
