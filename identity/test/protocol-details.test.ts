import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoCall, POOL, startPool, type RunningPool } from './helpers';

const HOSTED_UI = 'https://localhost:3443';

/** Details a client or an operator notices: discovery, masking, methods, odd JSON. */
describe('identity: protocol details as Cognito has them', () => {
  let pool: RunningPool;
  beforeAll(async () => {
    pool = await startPool({ hostedUiUrl: HOSTED_UI });
  });
  afterAll(() => pool.stop());

  it('GET <issuer>/.well-known/openid-configuration: the discovery document OpenID libraries look for', async () => {
    const response = await fetch(`${pool.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toMatchObject({
      issuer: pool.issuer,
      jwks_uri: `${pool.issuer}/.well-known/jwks.json`,
      authorization_endpoint: `${HOSTED_UI}/oauth2/authorize`,
      token_endpoint: `${HOSTED_UI}/oauth2/token`,
      revocation_endpoint: `${HOSTED_UI}/oauth2/revoke`,
      end_session_endpoint: `${HOSTED_UI}/logout`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = await fetch(document.jwks_uri as string);
    expect(((await jwks.json()) as { keys: unknown[] }).keys).toHaveLength(1);
  });

  it('SignUp: the destination is masked as Cognito masks it, hiding length and last character', async () => {
    const signUp = await cognitoCall(pool.endpoint, 'SignUp', {
      ClientId: POOL.clientId,
      Username: 'persephone.the.patient@example.com',
      Password: 'long-enough',
      UserAttributes: [{ Name: 'name', Value: 'P' }],
    });
    expect(signUp.body.CodeDeliveryDetails).toEqual({
      Destination: 'p***@e***.com',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
  });

  it('other methods than POST on the endpoint answer with a __type too', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(pool.endpoint, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
      expect(response.headers.get('x-amzn-errortype')).toBe('UnknownOperationException');
      expect(await response.json()).toEqual({
        __type: 'UnknownOperationException',
        message: 'Cognito operations are called with POST',
      });
    }
  });

  it('a body with a __proto__ key is an ordinary request, and no prototype changes', async () => {
    const call = (body: string) =>
      fetch(pool.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
        },
        body,
      });
    const response = await call(
      `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},` +
        `"ClientId":"${POOL.clientId}","Username":"proto@example.com"}`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const nested = await cognitoCall(pool.endpoint, 'InitiateAuth', {
      ClientId: POOL.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: JSON.parse('{"__proto__":{"USERNAME":"x"},"USERNAME":"proto@example.com"}'),
    });
    expect(nested.body).toEqual({
      __type: 'InvalidParameterException',
      message: 'Missing required parameter USERNAME or PASSWORD',
    });
  });
});
