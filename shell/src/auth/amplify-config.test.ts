import { describe, expect, it } from 'vitest';
import { buildAmplifyConfig } from './amplify-config';

const embedded = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_studio',
  userPoolClientId: 'studio-web',
  userPoolEndpoint: 'http://localhost:3000/identity/',
  oauthDomain: 'localhost:3443',
};

describe('buildAmplifyConfig', () => {
  it('points aws-amplify at the embedded identity service with code flow for Google', () => {
    const cognito = buildAmplifyConfig(embedded, 'http://localhost:3000').Auth?.Cognito;
    expect(cognito).toMatchObject({
      userPoolId: 'us-east-1_studio',
      userPoolClientId: 'studio-web',
      userPoolEndpoint: 'http://localhost:3000/identity/',
      signUpVerificationMethod: 'code',
      passwordFormat: { minLength: 8, requireNumbers: false },
    });
    expect(cognito?.loginWith?.oauth).toEqual({
      domain: 'localhost:3443',
      scopes: ['phone', 'email', 'openid', 'profile', 'aws.cognito.signin.user.admin'],
      redirectSignIn: ['http://localhost:3000/callback'],
      redirectSignOut: ['http://localhost:3000/logout'],
      responseType: 'code',
      providers: ['Google'],
    });
  });

  it('leaves out the endpoint and the hosted UI for a pool without them', () => {
    const { userPoolEndpoint: _endpoint, oauthDomain: _domain, ...realPool } = embedded;
    const cognito = buildAmplifyConfig(realPool, 'https://studio.example').Auth?.Cognito;
    expect(cognito).not.toHaveProperty('userPoolEndpoint');
    expect(cognito?.loginWith).toEqual({ email: true });
  });
});
