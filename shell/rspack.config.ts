import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { sharedSingletons } from '@app/shared/federation';
import { appModuleRules } from '@app/shared/rspack-rules';
import { GenerateSW } from 'workbox-webpack-plugin';

const here = dirname(fileURLToPath(import.meta.url));
const DEV_PORT = 3100;
/** `pnpm dev` runs the api (config.json, product API, identity) here. */
const DEV_API_ORIGIN = 'http://localhost:3000';

export default defineConfig((_env, argv) => {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  return {
    mode,
    context: here,
    entry: { main: './src/index.ts' },
    devtool: mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
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
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: './public/index.html',
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
        shared: sharedSingletons(here),
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
      // A service worker in development would serve stale bundles over hot reload.
      ...(mode === 'production' ? [serviceWorker()] : []),
    ],
    devServer: {
      port: DEV_PORT,
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/identity', '/config.json'], target: DEV_API_ORIGIN }],
    },
  };
});

/**
 * The installed app must start offline: precache the shell, keep the last config document and
 * the remotes' entries (network first, so a redeployed remote wins when online) and their hashed
 * chunks (cache first; a new build has new names). `skipWaiting` stays off so a new version waits
 * until the user accepts the update prompt.
 */
function serviceWorker() {
  return new GenerateSW({
    swDest: 'sw.js',
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
        handler: 'NetworkFirst',
        options: { cacheName: 'app-config', networkTimeoutSeconds: 3 },
      },
      {
        urlPattern: ({ url }) => /\/(mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'remote-entries',
          networkTimeoutSeconds: 3,
          cacheableResponse: { statuses: [0, 200] },
        },
      },
      {
        urlPattern: ({ request, url }) =>
          ['script', 'style', 'font'].includes(request.destination) &&
          !url.pathname.startsWith('/api/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'remote-chunks',
          cacheableResponse: { statuses: [0, 200] },
          expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 90 },
        },
      },
    ],
  });
}
