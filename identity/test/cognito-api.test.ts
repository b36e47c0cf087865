import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityPlugin } from '../src/index';

const AMZ_JSON = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const APP_ORIGIN = 'http://localhost:3000';

describe('identity service (Cognito JSON protocol)', () => {
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    app = Fastify();
    await app.register(identityPlugin, {
      prefix: '/identity',
      region: 'us-east-1',
      userPoolId: 'us-east-1_test',
      clientId: 'test-client',
      dataDir: await mkdtemp(join(tmpdir(), 'identity-api-test-')),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/identity`;
  });
  afterAll(() => app.close());

  const call = (headers: Record<string, string>, body = '{}') =>
    fetch(`${url}/`, { method: 'POST', headers: { 'content-type': AMZ_JSON, ...headers }, body });

  async function expectCognitoError(response: Response, type: string): Promise<void> {
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toBe(type);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-amz-json-1\.1/);
    expect(await response.json()).toEqual({ __type: type, message: expect.any(String) });
  }

  it('answers an operation it does not implement with UnknownOperationException', async () => {
    const response = await call({ 'x-amz-target': `${TARGET_PREFIX}AdminListGroupsForUser` });
    await expectCognitoError(response, 'UnknownOperationException');
  });

  it('answers a missing or malformed target the same way', async () => {
    await expectCognitoError(await call({}), 'UnknownOperationException');
    await expectCognitoError(await call({ 'x-amz-target': 'SignUp' }), 'UnknownOperationException');
    await expectCognitoError(
      await call({ 'x-amz-target': `${TARGET_PREFIX}toString` }),
      'UnknownOperationException',
    );
  });

  it('answers an unparsable body with a 4xx Cognito error, never 5xx', async () => {
    const response = await call({ 'x-amz-target': `${TARGET_PREFIX}SignUp` }, '{broken');
    await expectCognitoError(response, 'SerializationException');
  });

  it('reports health', async () => {
    const response = await fetch(`${url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('lets an allowed origin preflight every header aws-amplify sends', async () => {
    const response = await fetch(`${url}/`, {
      method: 'OPTIONS',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const allowed = response.headers.get('access-control-allow-headers')?.split(', ');
    expect(allowed).toEqual(
      expect.arrayContaining([
        'cache-control',
        'x-amz-user-agent',
        'amz-sdk-invocation-id',
        'amz-sdk-request',
        'x-amz-target',
        'content-type',
      ]),
    );

    const call = await fetch(`${url}/`, { method: 'POST', headers: { origin: APP_ORIGIN } });
    expect(call.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(call.headers.get('access-control-expose-headers')).toContain('x-amzn-errortype');
  });

  it('gives other origins no CORS headers', async () => {
    const response = await fetch(`${url}/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('refuses a pool id that does not start with the region', async () => {
    const other = Fastify();
    other.register(identityPlugin, {
      region: 'eu-west-1',
      userPoolId: 'us-east-1_test',
      clientId: 'c',
      dataDir: await mkdtemp(join(tmpdir(), 'identity-api-test-')),
    });
    await expect(other.ready()).rejects.toThrow(/eu-west-1_<name>/);
  });

  it('serves the signing keys at <issuer>/.well-known/jwks.json', async () => {
    const response = await fetch(`${url}/us-east-1_test/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toEqual([
      {
        kty: 'RSA',
        alg: 'RS256',
        use: 'sig',
        kid: expect.any(String),
        n: expect.any(String),
        e: 'AQAB',
      },
    ]);
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('shows the dev outbox to this machine only', async () => {
    const remote = await app.inject({ url: '/identity/dev/outbox', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    const local = await app.inject({ url: '/identity/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
  });

  it('shows the dev outbox as a page', async () => {
    const response = await fetch(`${url}/dev/outbox.html`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Identity outbox');
  });

  it('has no dev outbox in production', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const production = Fastify();
    try {
      await production.register(identityPlugin, {
        region: 'us-east-1',
        userPoolId: 'us-east-1_test',
        clientId: 'test-client',
        dataDir: await mkdtemp(join(tmpdir(), 'identity-prod-test-')),
        devOutbox: true,
      });
      expect((await production.inject('/dev/outbox')).statusCode).toBe(404);
      expect((await production.inject('/dev/outbox.html')).statusCode).toBe(404);
    } finally {
      process.env.NODE_ENV = previous;
      await production.close();
    }
  });
});
