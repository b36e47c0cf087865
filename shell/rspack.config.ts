import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { defineConfig } from '@rspack/cli';
import { rspack, type RspackOptions } from '@rspack/core';
import { federationRuntimeAsEsm, sharedSingletons } from '@app/shared/federation';
import { PrecompressPlugin } from '@app/shared/precompress-plugin';
import { appModuleRules, fluentTokensAlias } from '@app/shared/rspack-rules';
import { themeStyleElement } from '@app/shared/theme';
import { GenerateSW } from 'workbox-webpack-plugin';
import { FirstPaintPlugin } from './build/first-paint-plugin';
import { RobotoSubsetsPlugin } from './build/roboto-subsets';
import { phoneDialogStyleElement } from './src/layout/phone-dialogs';
import { SW_CACHES } from './src/pwa/cache-names';

const here = dirname(fileURLToPath(import.meta.url));
const DEV_PORT = 3100;
/** `pnpm dev` runs the api (config.json, product API, identity) here. */
const DEV_API_ORIGIN = 'http://localhost:3000';
/** Imported by the generated service worker; see src/pwa/sw-warm-start.ts. */
const SW_WARM_START = 'sw-warm-start';
/** The build step that prerenders the first paint into index.html (src/first-paint/). */
const FIRST_PAINT = 'first-paint-build';
const FIRST_PAINT_BUNDLE = join(here, 'node_modules', '.cache', FIRST_PAINT, `${FIRST_PAINT}.cjs`);
/** Where the build writes Roboto's subsets, which src/bootstrap.tsx imports as `roboto-subsets`. */
const ROBOTO_SUBSETS = join(here, 'node_modules', '.cache', 'roboto-subsets');
/** Imported by it too: a tap on a notification opens the app (src/pwa/sw-notifications.ts). */
const SW_NOTIFICATIONS = 'sw-notifications';

export default defineConfig((_env, argv) => {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const app: RspackOptions = {
    name: 'shell',
    // Production pages carry the prerendered first paint, so its bundle is built first.
    dependencies: mode === 'production' ? [FIRST_PAINT] : [],
    mode,
    context: here,
    entry: { main: './src/index.ts' },
    devtool: mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        'roboto-subsets': ROBOTO_SUBSETS,
        ...federationRuntimeAsEsm(),
        ...fluentTokensAlias(),
      },
    },
    output: {
      path: join(here, 'dist'),
      // The shell always lives at the site root: deep links such as /models/… load /static/….
      publicPath: '/',
      uniqueName: 'shell',
      filename: 'static/[name].[contenthash:8].js',
      chunkFilename: 'static/[name].[contenthash:8].js',
      assetModuleFilename: 'static/assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    module: { rules: appModuleRules(mode) },
    optimization: {
      splitChunks: {
        cacheGroups: {
          // Shared modules each get a chunk of their own, and every start loads them all: React's
          // packages in one file, and the shell's own shared modules (the bus, the API client,
          // navigation with the router it names) in another, which changes with the app while
          // React's stays cached. Each file is a request, and an element the page appends on a
          // phone's main thread before its first paint.
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: 'react',
            chunks: 'all',
            enforce: true,
          },
          appShared: {
            test: /[\\/](shared[\\/]src[\\/](bus|api-client|navigation|singleton-guard|spec[\\/]constants)\.ts$|node_modules[\\/](mitt|react-router|react-router-dom|@remix-run[\\/]router)[\\/])/,
            name: 'app-shared',
            chunks: 'all',
            enforce: true,
          },
        },
      },
    },
    plugins: [
      new RobotoSubsetsPlugin(ROBOTO_SUBSETS),
      new rspack.HtmlRspackPlugin({
        template: './public/index.html',
        templateParameters: {
          themeStyleElement: themeStyleElement(),
          phoneDialogStyleElement: phoneDialogStyleElement(),
        },
        favicon: './public/favicon.svg',
      }),
      new rspack.CopyRspackPlugin({
        patterns: [
          { from: 'public', globOptions: { ignore: ['**/index.html', '**/favicon.svg'] } },
        ],
      }),
      new ModuleFederationPlugin({
        name: 'shell',
        // Remote locations come from /config.json at run time (src/federation/remotes.ts), so a
        // remote is redeployed without rebuilding the shell.
        remotes: {},
        shared: providedSingletons(),
        // The default strategy fetches every remote entry at start-up: one remote down (or the
        // phone offline) would then break the whole shell.
        shareStrategy: 'loaded-first',
        dts: false,
        experiments: {
          // Remotes reuse this federation runtime instead of each shipping its own copy.
          provideExternalRuntime: true,
          // Drops the Node-only loading code from the runtime the browser downloads.
          optimization: { target: 'web' },
        },
      }),
      ...(mode === 'production'
        ? [new FirstPaintPlugin(FIRST_PAINT_BUNDLE), serviceWorker(), new PrecompressPlugin()]
        : []),
    ],
    devServer: {
      port: DEV_PORT,
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/identity', '/config.json'], target: DEV_API_ORIGIN }],
    },
  };
  // A service worker in development would serve stale bundles over hot reload.
  if (mode === 'development') return app;
  return [firstPaintBuild(mode), app, serviceWorkerWarmStart(mode)];
});

/**
 * The shell starts first, so the singletons it provides are the ones every app then uses (the
 * remotes check their own ranges against them). A range on the shell's side would only have the
 * runtime check its own versions against itself at every start: that compiles the federation
 * runtime's semver expressions on a phone's main thread before the first render.
 */
function providedSingletons() {
  return Object.fromEntries(
    Object.entries(sharedSingletons(here)).map(([request, entry]) => [
      request,
      { ...entry, requiredVersion: false as const },
    ]),
  );
}

/**
 * src/first-paint/first-paint-build.ts for Node, in one file: the plugin in the app's build runs
 * it to render the signed-out home with the app's own components. The rules' ES2020 output keeps
 * the inline script it takes from a function's source free of helpers from elsewhere.
 */
function firstPaintBuild(mode: 'production'): RspackOptions {
  return {
    name: FIRST_PAINT,
    mode,
    context: here,
    target: 'node',
    entry: { [FIRST_PAINT]: './src/first-paint/first-paint-build.ts' },
    devtool: false,
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    output: {
      path: dirname(FIRST_PAINT_BUNDLE),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    module: { rules: appModuleRules(mode) },
    // Lazy components (the sign-in card) are part of the page: one file, nothing loaded later.
    plugins: [new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  };
}

/**
 * The service worker's own addition, built as a classic worker script with a stable name (sw.js
 * imports it by name). After the app's build, whose `clean` would otherwise remove it.
 */
function serviceWorkerWarmStart(mode: 'production'): RspackOptions {
  return {
    name: SW_WARM_START,
    dependencies: ['shell'],
    mode,
    context: here,
    target: 'webworker',
    entry: {
      [SW_WARM_START]: './src/pwa/sw-warm-start.ts',
      [SW_NOTIFICATIONS]: './src/pwa/sw-notifications.ts',
    },
    devtool: 'source-map',
    resolve: { extensions: ['.ts', '.js'] },
    output: { path: join(here, 'dist'), filename: '[name].js', clean: false },
    module: { rules: appModuleRules(mode) },
    plugins: [new PrecompressPlugin()],
  };
}

/** The worker's cache storage, as much as its callbacks below use (this file has no DOM types). */
declare const caches: { match(url: string): Promise<Response | undefined> };

/**
 * A remote's scripts are asked for by script tags, without CORS: from a remote on another origin
 * the worker would get opaque answers, which it can neither compare (no validator) nor keep
 * compiled, and which Chromium pads to a large size against the origin's quota. The worker asks
 * with CORS instead, as its install step does (a remote on another origin must allow the shell's
 * origin already), and the page gets the readable answer.
 */
const scriptsWithCors = {
  requestWillFetch: async ({ request }: { request: Request }) =>
    request.mode === 'no-cors' && request.destination === 'script'
      ? new Request(request.url, { mode: 'cors', credentials: 'same-origin' })
      : request,
};

/**
 * The installed app must start offline, from the first visit on: the shell is precached, and at
 * install the worker also keeps the config document and every remote's manifest, entry and
 * exposed files (src/pwa/sw-warm-start.ts). Those are then served from the cache at once and
 * refreshed behind it (stale-while-revalidate), so no start waits on the network for them and a
 * redeployed remote arrives with the next start. Hashed chunks never change: cache first.
 * `skipWaiting` stays off so a new version waits until the user accepts the update prompt.
 */
function serviceWorker() {
  return new GenerateSW({
    swDest: 'sw.js',
    importScripts: [`/${SW_WARM_START}.js`, `/${SW_NOTIFICATIONS}.js`],
    clientsClaim: true,
    skipWaiting: false,
    cleanupOutdatedCaches: true,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/identity\//, /^\/remotes\//],
    exclude: [/\.map$/, /\.woff$/, /^mf-(stats|manifest)\.json$/, /^manifest\.webmanifest$/],
    runtimeCaching: [
      {
        urlPattern: ({ url }) =>
          url.pathname === '/config.json' || url.pathname === '/manifest.webmanifest',
        handler: 'StaleWhileRevalidate',
        options: { cacheName: SW_CACHES.config },
      },
      {
        urlPattern: ({ url }) => /\/(mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname),
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: SW_CACHES.remoteEntries,
          cacheableResponse: { statuses: [0, 200] },
          plugins: [
            scriptsWithCors,
            {
              // Chromium keeps a script's compiled code with its cached copy: putting the same
              // file back after each revalidation would throw that away, and every start would
              // compile remoteEntry.js again. Only a changed file (by its validator) replaces it.
              cacheWillUpdate: async ({ request, response }) => {
                const kept = await caches.match(request.url);
                const validator = (answer: Response) =>
                  answer.headers.get('etag') ?? answer.headers.get('last-modified');
                const same =
                  kept && validator(kept) !== null && validator(kept) === validator(response);
                return same ? null : response;
              },
            },
          ],
        },
      },
      {
        urlPattern: ({ request, url }) =>
          ['script', 'style', 'font'].includes(request.destination) &&
          !url.pathname.startsWith('/api/'),
        handler: 'CacheFirst',
        options: {
          cacheName: SW_CACHES.remoteChunks,
          cacheableResponse: { statuses: [0, 200] },
          expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 90 },
          plugins: [scriptsWithCors],
        },
      },
      {
        // Gallery thumbnails, from the API's file route or from S3, for the offline gallery (as
        // images, and fetched once more by the gallery when this worker first takes control).
        // Each answer signs them anew, so they are kept by path alone: a path always shows the
        // same image. Only 200s (CORS) are kept, never an opaque answer; logout deletes them.
        // Tiles choose a thumbnail by their size, so offline a tile or the viewer may ask for a
        // size other than the one kept: any kept size of the same image stands in, largest first.
        // (These callbacks are copied into sw.js as text: they name nothing from this file.)
        urlPattern: ({ url }) =>
          /\/users\/[^/]+\/media\/[^/]+\/thumbnail(?:-medium|-small)?$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: SW_CACHES.galleryThumbnails,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 500, purgeOnQuotaError: true },
          plugins: [
            {
              cacheKeyWillBeUsed: async ({ request }) => {
                const url = new URL(request.url);
                url.search = '';
                return url.href;
              },
              handlerDidError: async ({ request }) => {
                const url = new URL(request.url);
                url.search = '';
                const image = url.href.replace(/-(?:medium|small)$/, '');
                for (const size of ['', '-medium', '-small']) {
                  const kept = await caches.match(image + size);
                  if (kept) return kept;
                }
                return undefined;
              },
            },
          ],
        },
      },
    ],
  });
}
