import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { identityPlugin } from '@app/identity';
import { buildApp } from './app';
import { EMBEDDED_USER_POOL_ENDPOINT, loadConfig, type AppConfig } from './config';
import { IDENTITY_PREFIX } from './paths';

function configOrExit(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const config = configOrExit();
const app = await buildApp(config);

if (config.cognito.userPoolEndpoint === EMBEDDED_USER_POOL_ENDPOINT) {
  const { region, userPoolId, clientId } = config.cognito;
  await app.register(identityPlugin, {
    prefix: IDENTITY_PREFIX,
    region,
    userPoolId,
    clientId,
    dataDir: join(config.dataDir, 'identity'),
  });
}

await app.listen({ host: config.host, port: config.port });
const { port } = app.server.address() as AddressInfo;
app.log.info(`Studio is running at http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
