import Fastify from 'fastify';
import { hostedUiOptionsFromEnv, loadIdentityConfig, type IdentityServerConfig } from './config';
import { startHostedUi } from './hosted-ui/server';
import { closeConnectionsOnceAnswered } from './close-connections';
import { identityPlugin } from './index';

function configOrExit(): IdentityServerConfig {
  try {
    return loadIdentityConfig(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const config = configOrExit();
// The hosted UI first: once the pool announces itself, everything it serves is ready.
const hostedUiPort = process.env.IDENTITY_HOSTED_UI_PORT || '3443';
const hostedUiUrl = `https://localhost:${hostedUiPort}`;
const identity = { ...config.identity, hostedUiUrl };
const hostedUi = await startHostedUi({
  ...identity,
  ...hostedUiOptionsFromEnv(process.env, hostedUiUrl, 'http://localhost:3000'),
  host: config.host,
  logLevel: config.logLevel,
});
const app = Fastify({ logger: { level: config.logLevel } });
closeConnectionsOnceAnswered(app);
await app.register(identityPlugin, identity);
await app.listen({ host: config.host, port: config.port });
app.log.info(`hosted UI at ${hostedUi.url}, port ${hostedUi.port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    Promise.all([app.close(), hostedUi.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
