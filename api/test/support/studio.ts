import { makeTempDir, removeDir, startApp, type RunningApp } from '../helpers';
import { call, type CallOptions, type CallResult } from './api-client';
import { createTestDatabase, type Dialect } from './test-database';
import { newUser, TestIssuer, type TestUser } from './tokens';

/**
 * A running app that trusts a test issuer, on a fresh database of the dialect, with a data
 * directory and database removed on stop.
 */
export interface Studio {
  running: RunningApp;
  issuer: TestIssuer;
  /** Calls as `user` with an id token (what the front end prefers). */
  as(user: TestUser, method: string, path: string, options?: CallOptions): Promise<CallResult>;
  stop(): Promise<void>;
}

export async function startStudio(
  env: Record<string, string> = {},
  dialect: Dialect = 'sqlite',
): Promise<Studio> {
  const issuer = await TestIssuer.start();
  const dataDir = await makeTempDir();
  const database = await createTestDatabase(dialect);
  const running = await startApp({
    DATA_DIR: dataDir,
    SERVE_WEB: 'false',
    ...database.env,
    ...issuer.env,
    ...env,
  });
  const tokens = new Map<string, string>();
  return {
    running,
    issuer,
    async as(user, method, path, options = {}) {
      let token = tokens.get(user.sub);
      if (!token) {
        token = await issuer.idToken(user);
        tokens.set(user.sub, token);
      }
      return call(running, method, path, { token, ...options });
    },
    async stop() {
      await running.app.close();
      await issuer.close();
      await database.drop();
      await removeDir(dataDir);
    },
  };
}

export { newUser };
