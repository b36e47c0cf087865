import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { RspackOptions } from '@rspack/core';
import { federationRuntimeAsEsm, sharedSingletons } from './federation';
import { PrecompressPlugin } from './precompress-plugin';
import { appModuleRules, fluentTokensAlias } from './rspack-rules';

export interface RemoteBuild {
  /** The remote's package folder. */
  dir: string;
  /** Its federation name, also its webpack `uniqueName` (e.g. `mfe_gallery`). */
  name: string;
  /** `pnpm dev` serves it here (scripts/frontends.mjs lists the same ports). */
  devPort: number;
}

/**
 * The build every remote shares: one exposed module, `./routes`, the shell's singletons, a
 * manifest the shell registers at run time and no federation runtime of its own. The remotes are
 * deployed independently; they differ only in name and dev port.
 */
export function remoteRspackConfig(
  { dir, name, devPort }: RemoteBuild,
  mode: 'development' | 'production',
): RspackOptions {
  return {
    mode,
    context: dir,
    entry: {},
    devtool: mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { ...federationRuntimeAsEsm(), ...fluentTokensAlias() },
    },
    output: {
      path: join(dir, 'dist'),
      // 'auto': chunks resolve against wherever mf-manifest.json was served from, so the same
      // build can be deployed to any origin or path.
      publicPath: 'auto',
      uniqueName: name,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    module: { rules: appModuleRules(mode) },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: { './routes': './src/routes.tsx' },
        shared: sharedSingletons(dir),
        manifest: true,
        dts: false,
        // The shell provides the federation runtime, so no remote ships a copy of its own.
        experiments: { externalRuntime: true, optimization: { target: 'web' } },
      }),
      ...(mode === 'production' ? [new PrecompressPlugin()] : []),
    ],
    devServer: {
      port: devPort,
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: true,
    },
  };
}
