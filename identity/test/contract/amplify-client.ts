import { Secret, TOTP } from 'otpauth';
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { RunningPool } from '../helpers';
import { POOL } from '../helpers';

/** aws-amplify's token store, readable by the test (the browser's localStorage stands in here). */
const tokenStore = new Map<string, string>();

export function configureAmplify(pool: RunningPool): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: POOL.userPoolId,
        userPoolClientId: POOL.clientId,
        userPoolEndpoint: pool.endpoint,
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage({
    setItem: async (key, value) => void tokenStore.set(key, value),
    getItem: async (key) => tokenStore.get(key) ?? null,
    removeItem: async (key) => void tokenStore.delete(key),
    clear: async () => tokenStore.clear(),
  });
}

export function storedRefreshToken(): string {
  const entry = [...tokenStore.entries()].find(([key]) => key.endsWith('.refreshToken'));
  if (entry === undefined) throw new Error('aws-amplify stored no refresh token');
  return entry[1];
}

let counter = 0;
/** A fresh address per test, so tests never share a user. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${process.pid}.${counter}@example.com`;
}

/** What an authenticator app would show at `at` for `secret`. */
export function authenticatorCode(secret: string, at: Date): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: at.getTime() });
}
