import type { AuthRuntimeConfig } from '@app/shared/runtime-config';
import { OAUTH, PASSWORD_MIN_LENGTH, ROUTES } from '@app/shared/spec';
import type { ResourcesConfig } from 'aws-amplify';

/**
 * The aws-amplify configuration for one deployment: a real Cognito user pool, or the embedded
 * identity service when the runtime config names its endpoint. Pure, so it is unit-tested.
 */
export function buildAmplifyConfig(auth: AuthRuntimeConfig, origin: string): ResourcesConfig {
  return {
    Auth: {
      Cognito: {
        userPoolId: auth.userPoolId,
        userPoolClientId: auth.userPoolClientId,
        ...(auth.userPoolEndpoint ? { userPoolEndpoint: auth.userPoolEndpoint } : {}),
        signUpVerificationMethod: 'code',
        loginWith: {
          email: true,
          ...(auth.oauthDomain
            ? {
                oauth: {
                  domain: auth.oauthDomain,
                  scopes: [...OAUTH.scopes],
                  redirectSignIn: [`${origin}${ROUTES.callback}`],
                  redirectSignOut: [`${origin}${ROUTES.logout}`],
                  responseType: 'code',
                  providers: ['Google'],
                },
              }
            : {}),
        },
        userAttributes: { email: { required: true }, name: { required: true } },
        passwordFormat: {
          minLength: PASSWORD_MIN_LENGTH,
          requireLowercase: false,
          requireUppercase: false,
          requireNumbers: false,
          requireSpecialCharacters: false,
        },
        mfa: { status: 'off' },
      },
    },
  };
}
