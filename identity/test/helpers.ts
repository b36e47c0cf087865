import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { identityPlugin, issuerFor, type IdentityOptions } from '../src/index';

export const POOL = { region: 'us-east-1', userPoolId: 'us-east-1_test', clientId: 'test-client' };

export interface RunningPool {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>/identity` */
  base: string;
  /** The user-pool endpoint aws-amplify is configured with. */
  endpoint: string;
  issuer: string;
  dataDir: string;
  /** DATA_DIR for the CLI and standalone server: they add `/identity` themselves. */
  dataRoot: string;
  /** Moves the pool's clock forward (code and lockout expiry) without waiting. */
  advance: (ms: number) => void;
  /** The pool's clock. */
  now: () => Date;
  /** Stops the pool's clock (only `advance` moves it): for rules measured in seconds. */
  freeze: () => void;
  /** Newest code mailed to `to`, read from the dev outbox. */
  latestCode: (to: string) => Promise<string>;
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

export async function startPool(
  overrides: Partial<IdentityOptions> = {},
  dataDir?: string,
): Promise<RunningPool> {
  const dir = dataDir ?? join(await mkdtemp(join(tmpdir(), 'identity-test-')), 'identity');
  let offsetMs = 0;
  let frozenAt: number | undefined;
  const now = () => new Date(frozenAt ?? Date.now() + offsetMs);
  const app = Fastify();
  // The issuer needs the port, which is known only once listening: reserve it first.
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  await app.close();
  // Tests play callers from other addresses with x-forwarded-for; aws-amplify sends none.
  const server = Fastify({ trustProxy: true });
  const base = `http://127.0.0.1:${port}/identity`;
  const issuer = issuerFor(base, POOL.userPoolId);
  await server.register(identityPlugin, {
    prefix: '/identity',
    ...POOL,
    dataDir: dir,
    issuer,
    now,
    // Every test file signs many people up from this one address; mail-limits.test.ts sets the
    // per-address limit it tests.
    mailRequestsPerSourcePerHour: 10_000,
    ...overrides,
  });
  await server.listen({ host: '127.0.0.1', port });
  return {
    app: server,
    base,
    endpoint: `${base}/`,
    issuer,
    dataDir: dir,
    dataRoot: dirname(dir),
    advance: (ms) => {
      offsetMs += ms;
      if (frozenAt !== undefined) frozenAt += ms;
    },
    now,
    freeze: () => {
      frozenAt = now().getTime();
    },
    latestCode: async (to) => {
      const response = await fetch(`${base}/dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()) as { body: string }[];
      const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
      if (code === undefined) throw new Error(`no code mailed to ${to}`);
      return code;
    },
    stop: async ({ keepData = false } = {}) => {
      await server.close();
      if (!keepData) await rm(dirname(dir), { recursive: true, force: true });
    },
  };
}

/** One raw Cognito JSON call, for what aws-amplify does not expose (exact errors, odd inputs). */
export async function cognitoCall(
  endpoint: string,
  operation: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string | null; body: Record<string, unknown> }> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    type: response.headers.get('x-amzn-errortype'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** A confirmed user made through SignUp + ConfirmSignUp; returns its sub. */
export async function confirmedUser(
  pool: RunningPool,
  email: string,
  password: string,
): Promise<string> {
  const signUp = await cognitoCall(pool.endpoint, 'SignUp', {
    ClientId: POOL.clientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: 'Test User' },
    ],
  });
  if (signUp.status !== 200) throw new Error(`SignUp failed: ${JSON.stringify(signUp.body)}`);
  const confirm = await cognitoCall(pool.endpoint, 'ConfirmSignUp', {
    ClientId: POOL.clientId,
    Username: email,
    ConfirmationCode: await pool.latestCode(email),
  });
  if (confirm.status !== 200)
    throw new Error(`ConfirmSignUp failed: ${JSON.stringify(confirm.body)}`);
  return signUp.body.UserSub as string;
}

/** USER_PASSWORD_AUTH through the raw protocol; `from` plays a caller at another address. */
export function passwordSignIn(pool: RunningPool, email: string, password: string, from?: string) {
  return cognitoCall(
    pool.endpoint,
    'InitiateAuth',
    {
      ClientId: POOL.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    },
    from === undefined ? {} : { 'x-forwarded-for': from },
  );
}

/**
 * For tests that drive whole flows through real clients and servers: aws-amplify backs off
 * between retries, and on a busy two-core machine a flow can outlast vitest's 5 s default.
 */
export const FLOW_TEST = { timeout: 30_000 } as const;
