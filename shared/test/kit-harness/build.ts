import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { appModuleRules } from '../../build/rspack-rules';
import { themeStyleElement } from '../../src/theme';

const here = dirname(fileURLToPath(import.meta.url));
const FACES = join(here, '..', '..', '..', 'testdata', 'faces', 'lisa_debruine');

/**
 * Builds the kit's test page into `outDir`: the page, its lazy chunks and five test portraits
 * under photos/. Production mode, as the apps ship.
 */
export async function buildKitHarness(outDir: string): Promise<void> {
  const compiler = rspack({
    mode: 'production',
    context: here,
    entry: { main: './main.tsx' },
    devtool: false,
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    output: { path: outDir, publicPath: 'auto', filename: '[name].js', clean: true },
    module: { rules: appModuleRules('production') },
    plugins: [
      new rspack.HtmlRspackPlugin({
        title: 'UI kit test page',
        templateContent:
          '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
          '<meta name="viewport" content="width=device-width, initial-scale=1">' +
          // The theme's variables, as the shell's index.html carries them.
          `<title>UI kit test page</title>${themeStyleElement()}</head>` +
          '<body style="margin:0;background:#fafafa;font-family:Roboto,sans-serif"><div id="root"></div></body></html>',
      }),
    ],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    }),
  );
  mkdirSync(join(outDir, 'photos'), { recursive: true });
  for (const name of ['01', '02', '03', '04', '05', '07']) {
    copyFileSync(join(FACES, `${name}.jpg`), join(outDir, 'photos', `${name}.jpg`));
  }
}
