import Fastify from 'fastify';
import { loadIdentityConfig, type IdentityServerConfig } from './config';
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
const app = Fastify({ logger: { level: config.logLevel } });
await app.register(identityPlugin, config.identity);
await app.listen({ host: config.host, port: config.port });

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
