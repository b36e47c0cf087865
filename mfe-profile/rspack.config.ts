import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { defineConfig } from '@rspack/cli';
import { sharedSingletons } from '@app/shared/federation';
import { appModuleRules } from '@app/shared/rspack-rules';

const here = dirname(fileURLToPath(import.meta.url));
const DEV_PORT = 3104;

export default defineConfig((_env, argv) => {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  return {
    mode,
    context: here,
    entry: {},
    devtool: mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    output: {
      path: join(here, 'dist'),
      // 'auto': chunks resolve against wherever mf-manifest.json was served from, so the same
      // build can be deployed to any origin or path.
      publicPath: 'auto',
      uniqueName: 'mfe_profile',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    module: { rules: appModuleRules(mode) },
    plugins: [
      new ModuleFederationPlugin({
        name: 'mfe_profile',
        filename: 'remoteEntry.js',
        exposes: { './routes': './src/routes.tsx' },
        shared: sharedSingletons(here),
        manifest: true,
        dts: false,
        // The shell provides the federation runtime; shipping a copy per remote costs ~30 KB each.
        experiments: { externalRuntime: true, optimization: { target: 'web' } },
      }),
    ],
    devServer: {
      port: DEV_PORT,
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: true,
    },
  };
});
