import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { remoteRspackConfig } from '@app/shared/remote-rspack-config';

const remote = { dir: dirname(fileURLToPath(import.meta.url)), name: 'mfe_gallery', devPort: 3101 };

export default defineConfig((_env, argv) =>
  remoteRspackConfig(remote, argv.mode === 'development' ? 'development' : 'production'),
);
