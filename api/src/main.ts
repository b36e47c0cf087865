import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  hostedUiOptionsFromEnv,
  identityOptionsFromEnv,
  identityPlugin,
  openTokenRevocations,
  openUserAccounts,
  startHostedUi,
} from '@app/identity';
import { buildApp } from './app';
import { EMBEDDED_USER_POOL_ENDPOINT, loadConfig, type AppConfig } from './config';
import { dataDirProblem, unwritableDataDir } from './data-dir';
import { IDENTITY_PREFIX } from './paths';
import { runEngines } from './plugins/job-worker';

function configOrExit(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** A start that fails on the data directory says so in one line (a stack says nothing to do). */
function exitOnDataDirProblem(error: unknown): never {
  const problem = dataDirProblem(config.dataDir, error);
  if (problem === undefined) throw error;
  console.error(problem);
  process.exit(1);
}

const config = configOrExit();
const unwritable = await unwritableDataDir(config.dataDir);
if (unwritable !== undefined) {
  console.error(unwritable);
  process.exit(1);
}
const embeddedIdentity = config.cognito.userPoolEndpoint === EMBEDDED_USER_POOL_ENDPOINT;
const identityDir = join(config.dataDir, 'identity');
// The api refuses a token of a signed-out session at once: it reads the pool's sessions.
const sessions = config.cognito.issuedHere
  ? await openTokenRevocations(identityDir).catch(exitOnDataDirProblem)
  : undefined;
const { region, userPoolId, clientId, issuer, oauthDomain } = config.cognito;
// The identity service validates its own variables (IDENTITY_*, SMTP_URL, GOOGLE_*).
const identity = embeddedIdentity
  ? {
      ...identityOptionsFromEnv(process.env, { issuer: () => issuer, appUrl: config.publicUrl }),
      region,
      userPoolId,
      clientId,
      issuer,
      dataDir: identityDir,
      hostedUiUrl: oauthDomain === undefined ? undefined : `https://${oauthDomain}`,
    }
  : undefined;
// An account deletion deletes the embedded pool's user and mails its receipt through the pool.
const pool = identity && (await openUserAccounts(identity).catch(exitOnDataDirProblem));
const app = await buildApp(config, { sessions, ...(pool ? { pool } : {}) }).catch(
  exitOnDataDirProblem,
);
if (pool) app.addHook('onClose', () => pool.close());
if (sessions) app.addHook('onClose', () => sessions.close());

if (identity) {
  await app.register(identityPlugin, { prefix: IDENTITY_PREFIX, ...identity });
  if (oauthDomain !== undefined) {
    const hostedUi = await startHostedUi({
      ...identity,
      ...hostedUiOptionsFromEnv(process.env, `https://${oauthDomain}`, config.publicUrl),
      host: config.host,
      logLevel: config.logLevel,
    }).catch((error: unknown) => {
      // Password sign-in still works without it; only "Sign in with Google" needs the hosted UI.
      app.log.error({ err: error }, 'hosted UI not started: Google sign-in is unavailable');
      return undefined;
    });
    if (hostedUi !== undefined) {
      app.log.info(`Hosted UI (Google sign-in) at ${hostedUi.url}, port ${hostedUi.port}`);
      app.addHook('onClose', () => hostedUi.close());
    }
  }
}

// JOB_WORKER=false: a web-only process; the processes sharing its database run the jobs.
if (config.jobWorker) {
  const engines = await runEngines(app, config);
  app.addHook('onClose', () => engines.close());
} else {
  app.log.info('job worker off (JOB_WORKER=false): jobs run in the processes that have it on');
}

await app.listen({ host: config.host, port: config.port });
const { port } = app.server.address() as AddressInfo;
app.log.info(`Studio is running at http://localhost:${port}`);

/** How long a graceful shutdown may wait for open requests and connections. */
const SHUTDOWN_DEADLINE_MS = 10_000;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    // A client that keeps a connection busy must not keep the process alive (deploys, restarts).
    setTimeout(() => {
      app.log.error('shutdown deadline passed; exiting with connections still open');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
