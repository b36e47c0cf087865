import { spawn, type ChildProcess } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { identityPlugin, openTokenRevocations, openUserAccounts } from '@app/identity';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { IDENTITY_PREFIX } from '../src/paths';
import { runEngines } from '../src/plugins/job-worker';
import { RECEIPT_SUBJECT } from '../src/services/account-receipt';
import { mediaKeys } from '../src/storage/keys';
import { makeTempDir, removeDir } from './helpers';
import { freePort } from './support/free-port';
import { DOUBLE_OWNER, ReplicateDouble } from './support/replicate-double';
import { startS3 } from './support/s3';
import type { S3Double } from './support/s3-double';
import { StripeDouble } from './support/stripe-double';
import { createTestDatabase, DIALECTS, type Dialect } from './support/test-database';

const PASSWORD = 'correct horse battery';
// tsx is the api's dependency: resolve it from the api package, whatever vitest's cwd.
const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const OWNER = DOUBLE_OWNER;

/** What main.ts runs: the api with the embedded pool, the Replicate and Stripe doubles, S3 or files. */
async function startStack(
  dialect: Dialect,
  storage: 'files' | 's3',
  /** cognito: the api as against Amazon Cognito (a pool elsewhere, asked over HTTP). */
  mode: 'embedded' | 'cognito' = 'embedded',
  /** false: a web-only api (JOB_WORKER=false); worker processes sharing its database run jobs. */
  jobWorker = true,
) {
  const dataDir = await makeTempDir();
  const database = await createTestDatabase(dialect);
  const replicate = await ReplicateDouble.start();
  const stripe = await StripeDouble.start();
  const s3 = storage === 's3' ? await startS3() : undefined;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SERVE_WEB: 'false',
    STRIPE_SECRET_KEY: 'sk_test_double',
    STRIPE_WEBHOOK_SECRET: 'whsec_double',
    STRIPE_PRICE_ID: 'price_pro',
    STRIPE_API_URL: stripe.url,
    ...replicate.env(),
    ...database.env,
    ...(s3?.env ?? {}),
    ...(mode === 'cognito' ? { COGNITO_USER_POOL_ENDPOINT: `${base}${IDENTITY_PREFIX}/` } : {}),
    JOB_WORKER: String(jobWorker),
  };
  const config = loadConfig(env);
  const identityDir = join(dataDir, 'identity');
  const { region, userPoolId, clientId, issuer } = config.cognito;
  const identity = { region, userPoolId, clientId, issuer, dataDir: identityDir };
  const sessions = await openTokenRevocations(identityDir);
  const pool = await openUserAccounts(identity);
  const app = await buildApp(config, mode === 'embedded' ? { sessions, pool } : {});
  app.addHook('onClose', () => Promise.all([sessions.close(), pool.close()]));
  await app.register(identityPlugin, { prefix: IDENTITY_PREFIX, ...identity });
  await app.listen({ host: '127.0.0.1', port });
  const engines = jobWorker ? await runEngines(app, config) : undefined;
  return {
    app,
    env,
    base,
    clientId,
    dataDir,
    identityDir,
    replicate,
    stripe,
    s3: s3?.s3,
    async stop() {
      await app.close();
      await engines?.close();
      await Promise.all([replicate.close(), stripe.close(), s3?.s3.stop()]);
      await database.drop();
      await removeDir(dataDir);
    },
  };
}
type Stack = Awaited<ReturnType<typeof startStack>>;

async function cognito(stack: Stack, operation: string, body: object) {
  const response = await fetch(`${stack.base}${IDENTITY_PREFIX}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function outbox(stack: Stack, to: string): Promise<{ subject: string; body: string }[]> {
  const response = await fetch(
    `${stack.base}${IDENTITY_PREFIX}/dev/outbox?to=${encodeURIComponent(to)}`,
  );
  return (await response.json()) as { subject: string; body: string }[];
}

const signIn = (stack: Stack, email: string) =>
  cognito(stack, 'InitiateAuth', {
    ClientId: stack.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD },
  });

/** A signed-up, signed-in person of the pool with a studio full of things. */
async function personWithData(stack: Stack, email: string) {
  await cognito(stack, 'SignUp', {
    ClientId: stack.clientId,
    Username: email,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'name', Value: 'Del Eted' }],
  });
  const code = /\b(\d{6})\b/.exec((await outbox(stack, email))[0]?.body ?? '')?.[1];
  await cognito(stack, 'ConfirmSignUp', {
    ClientId: stack.clientId,
    Username: email,
    ConfirmationCode: code,
  });
  const tokens = (await signIn(stack, email)).body.AuthenticationResult as {
    IdToken: string;
    AccessToken: string;
  };
  const api = (method: string, path: string, token = tokens.IdToken, body?: object) =>
    fetch(`${stack.base}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  expect((await api('GET', '/user')).status).toBe(200);
  const { db, storage } = stack.app;
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const modelId = crypto.randomUUID();
  const mediaIds = [crypto.randomUUID(), crypto.randomUUID()];
  const subscription = stack.stripe.addActiveSubscription(
    `cus_${user.id.slice(0, 6)}`,
    user.id,
    2e9,
  );
  await db
    .updateTable('users')
    .set({
      subscription_status: 'active',
      stripe_subscription_id: subscription.id,
      stripe_customer_id: subscription.customer,
      profile_picture_key: `users/${user.id}/profile/p/picture`,
    })
    .where('id', '=', user.id)
    .execute();
  await storage.put(`users/${user.id}/profile/p/picture`, Buffer.from('picture'), 'image/jpeg');
  await db
    .insertInto('models')
    .values({
      id: modelId,
      user_id: user.id,
      name: 'Me',
      trigger_word: 'TOK',
      status: 'ready',
      position: 0,
      failure_reason: null,
      created_at: now,
      updated_at: now,
      photo_issues: null,
      engine: 'replicate',
      replicate_version: `${OWNER}/studio-${modelId}:v1`,
    })
    .execute();
  await stack.app.replicate!.client.models.create(OWNER, `studio-${modelId}`, {
    visibility: 'private',
    hardware: 'cpu',
  });
  stack.replicate.models.get(`${OWNER}/studio-${modelId}`)!.versions.push('v1');
  // The training zip the engine uploads, tagged with the model.
  await stack.app.replicate!.client.files.create(Buffer.from('zip'), { modelId });
  for (const [index, id] of mediaIds.entries()) {
    await db
      .insertInto('media')
      .values({
        id,
        user_id: user.id,
        type: index === 0 ? 'training' : 'generated',
        status: 'ready',
        filename: `${id}.jpg`,
        content_type: 'image/jpeg',
        prompt: null,
        aspect_ratio: null,
        mode: null,
        job_id: null,
        width: 1,
        height: 1,
        bytes: 5,
        created_at: now,
        seed: null,
        model_ids: null,
        engine: null,
        identity_score: null,
      })
      .execute();
    await storage.put(mediaKeys(user.id, id).original, Buffer.from('bytes'), 'image/jpeg');
  }
  await db
    .insertInto('model_photos')
    .values({ model_id: modelId, media_id: mediaIds[0]!, position: 0 })
    .execute();
  const job = await stack.app.jobs.enqueue({
    userId: user.id,
    kind: 'train',
    modelId,
    input: { modelId, triggerWord: 'TOK', photoIds: [mediaIds[0]!] },
  });
  // Finished before the deletion: what Replicate said about it stays in our outcomes table.
  await db.updateTable('jobs').set({ status: 'succeeded' }).where('id', '=', job.id).execute();
  await db
    .insertInto('provider_calls')
    .values({ job_id: job.id, part: 0, provider_job_id: `r-${job.id}` })
    .execute();
  await db
    .insertInto('replicate_outcomes')
    .values({ id: `r-${job.id}`, status: 'succeeded', body: '{}', recorded_at: now })
    .execute();
  await db
    .insertInto('upload_requests')
    .values({
      user_id: user.id,
      idempotency_key: 'k',
      request_hash: 'h',
      media_ids: '[]',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('checkout_sessions')
    .values({
      id: `cs-${user.id}`,
      user_id: user.id,
      status: 'open',
      created_at: now,
      expires_at: now,
    })
    .execute();
  const traces = [user.id, user.identity_sub, email, modelId, ...mediaIds, job.id, subscription.id];
  return { email, user, tokens, api, modelId, subscription, traces };
}
type Person = Awaited<ReturnType<typeof personWithData>>;

/** Every row of every table (read from the schema, so a new table is covered) as JSON. */
async function everyRow(app: FastifyInstance): Promise<string[]> {
  const tables = await app.db.introspection.getTables();
  const rows: string[] = [];
  for (const table of tables) {
    const found = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table.name)}`.execute(app.db);
    rows.push(...found.rows.map((row) => `${table.name}: ${JSON.stringify(row)}`));
  }
  return rows;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.map(String);
}

async function poolHas(stack: Stack, sub: string): Promise<boolean> {
  const { default: SQLite } = await import('better-sqlite3');
  const sqlite = new SQLite(join(stack.identityDir, 'identity.sqlite'), { readonly: true });
  try {
    return sqlite.prepare('SELECT 1 FROM users WHERE id = ?').get(sub) !== undefined;
  } finally {
    sqlite.close();
  }
}

async function waitForGone(stack: Stack, userId: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const row = await stack.app.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return;
    if (Date.now() > deadline) throw new Error('the deletion did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Nothing of `person` anywhere; `bystander` untouched. */
async function expectNothingLeft(stack: Stack, person: Person, bystander: Person, s3?: S3Double) {
  // Old tokens first: a token that still worked would make the user's row again.
  for (const token of [person.tokens.IdToken, person.tokens.AccessToken]) {
    expect((await person.api('GET', '/user', token)).status).toBe(401);
  }
  const again = await signIn(stack, person.email);
  const unknown = await signIn(stack, 'nobody-at-all@example.com');
  expect([again.status, again.body.__type, again.body.message]).toEqual([
    unknown.status,
    unknown.body.__type,
    unknown.body.message,
  ]);
  expect(await poolHas(stack, person.user.identity_sub)).toBe(false);

  const rows = await everyRow(stack.app);
  for (const trace of person.traces) {
    expect(rows.filter((row) => row.includes(trace))).toEqual([]);
  }
  expect(rows.some((row) => row.includes(bystander.user.id))).toBe(true);

  const files = await filesUnder(join(stack.dataDir, 'files'));
  expect(files.filter((file) => file.includes(person.user.id))).toEqual([]);
  const keys = [...(s3?.objects.keys() ?? [])];
  expect(keys.filter((key) => key.includes(person.user.id))).toEqual([]);
  const kept = s3 ? keys : files;
  expect(kept.some((key) => key.includes(bystander.user.id))).toBe(true);

  expect([...stack.replicate.models.keys()]).toEqual([`${OWNER}/studio-${bystander.modelId}`]);
  const zips = [...stack.replicate.files.values()].map((file) => file.object?.metadata);
  expect(zips).toEqual([{ modelId: bystander.modelId }]);
  expect(stack.stripe.subscriptions.get(person.subscription.id)?.status).toBe('canceled');
  expect(stack.stripe.subscriptions.get(bystander.subscription.id)?.status).toBe('active');

  const receipts = (await outbox(stack, person.email)).filter((m) => m.subject === RECEIPT_SUBJECT);
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.body).toContain('1 training photo');
  expect(receipts[0]!.body).toContain('1 model stored at the image provider');
  expect(receipts[0]!.body).toContain('your subscription, canceled at the payment provider');
}

/** main.ts as a worker process on the stack's database and files (its own port). */
async function workerProcess(stack: Stack): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...stack.env, PORT: String(await freePort()), JOB_WORKER: 'true' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

describe.each(DIALECTS)('deleting an account on %s', { timeout: 60_000 }, (dialect) => {
  let stack: Stack | undefined;
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await stack?.stop();
    stack = undefined;
  });

  it.each(['files', 's3'] as const)(
    'leaves nothing of the user in %s storage, the database, the pool, Replicate or Stripe',
    async (storage) => {
      stack = await startStack(dialect, storage);
      const person = await personWithData(stack, `gone-${storage}@example.com`);
      const bystander = await personWithData(stack, `stays-${storage}@example.com`);

      const refused = await person.api('POST', '/user/deletion', undefined, { confirm: 'delete' });
      expect(refused.status).toBe(400);
      const asked = await person.api('POST', '/user/deletion', undefined, { confirm: 'DELETE' });
      expect(asked.status).toBe(202);
      expect(((await asked.json()) as { contents: unknown }).contents).toEqual({
        models: 1,
        trainingPhotos: 1,
        generatedImages: 1,
        profilePicture: true,
        subscription: true,
        providerModels: 1,
      });
      await waitForGone(stack, person.user.id);
      await expectNothingLeft(stack, person, bystander, stack.s3);
    },
  );

  it('with Amazon Cognito: the browser deletes the user, and its tokens make no new account', async () => {
    stack = await startStack(dialect, 'files', 'cognito');
    const person = await personWithData(stack, 'cognito-gone@example.com');
    const asked = await person.api('POST', '/user/deletion', undefined, { confirm: 'DELETE' });
    expect(asked.status).toBe(202);
    // What aws-amplify's deleteUser sends once the api accepted the request.
    const deleted = await cognito(stack, 'DeleteUser', { AccessToken: person.tokens.AccessToken });
    expect(deleted.status).toBe(200);
    await waitForGone(stack, person.user.id);
    expect(await poolHas(stack, person.user.identity_sub)).toBe(false);

    // The id token is still valid (signature, expiry) and cannot be asked about at the pool.
    for (const token of [person.tokens.IdToken, person.tokens.AccessToken]) {
      expect((await person.api('GET', '/user', token)).status).toBe(401);
    }
    const rows = await everyRow(stack.app);
    for (const trace of person.traces) {
      expect(rows.filter((row) => row.includes(trace))).toEqual([]);
    }
  });

  it(
    'resumes after kill -9 of the process running it and still leaves nothing',
    { timeout: 150_000 },
    async () => {
      // A web-only api; the deletion runs in a worker process (main.ts) that is killed midway.
      stack = await startStack(dialect, 'files', 'embedded', false);
      const person = await personWithData(stack, 'killed@example.com');
      const bystander = await personWithData(stack, 'killed-bystander@example.com');
      const stuck = stack.replicate.pause(
        `GET /v1/models/${OWNER}/studio-${person.modelId}/versions`,
      );
      const asked = await person.api('POST', '/user/deletion', undefined, { confirm: 'DELETE' });
      const { jobId } = (await asked.json()) as { jobId: string };
      const first = await workerProcess(stack);
      children.push(first.child);
      await stuck.reached;
      expect(stack.stripe.subscriptions.get(person.subscription.id)?.status).toBe('canceled');
      const exited = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGKILL');
      await exited;
      stuck.resume();
      expect((await everyRow(stack.app)).some((row) => row.includes(person.modelId))).toBe(true);

      // The dead process's lease runs out (its expiry, brought forward); a new process takes over.
      await stack.app.db
        .updateTable('jobs')
        .set({ lease_expires_at: new Date(0).toISOString() })
        .where('id', '=', jobId)
        .execute();
      const second = await workerProcess(stack);
      children.push(second.child);
      // A process starting from the sources on a loaded machine takes a while.
      await waitForGone(stack, person.user.id, 90_000).catch((error: unknown) => {
        throw new Error(`${String(error)}; the worker said:\n${second.output()}`);
      });
      await expectNothingLeft(stack, person, bystander);
    },
  );
});
