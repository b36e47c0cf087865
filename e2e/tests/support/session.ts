import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
export const TEST_PASSWORD = 'e2e-password-1';

export interface TestUser {
  email: string;
  name: string;
  password: string;
}

interface RuntimeAuth {
  userPoolClientId: string;
  userPoolEndpoint: string;
}

async function runtimeAuth(origin: string): Promise<RuntimeAuth> {
  const config = (await (await fetch(`${origin}/config.json`)).json()) as { auth: RuntimeAuth };
  return config.auth;
}

/** One call of the user pool's JSON protocol, as aws-amplify makes it. */
async function cognito<T>(endpoint: string, operation: string, body: unknown): Promise<T> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `${TARGET_PREFIX}${operation}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { __type?: string; message?: string };
  if (!response.ok) throw new Error(`${operation}: ${json.__type} ${json.message}`);
  return json;
}

/** The newest code the identity service mailed to `email` (its development outbox). */
export async function mailedCode(origin: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${origin}/identity/dev/outbox?to=${encodeURIComponent(email)}`);
    const messages = (await response.json()) as { body: string }[];
    const code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was mailed to ${email}`);
}

/** Signs a new user up and confirms them through the identity service, as the UI would. */
export async function createConfirmedUser(
  origin: string,
  name = 'Ada Lovelace',
): Promise<TestUser> {
  const { userPoolClientId, userPoolEndpoint } = await runtimeAuth(origin);
  const email = `e2e-${randomUUID()}@example.com`;
  await cognito(userPoolEndpoint, 'SignUp', {
    ClientId: userPoolClientId,
    Username: email,
    Password: TEST_PASSWORD,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: name },
    ],
  });
  await cognito(userPoolEndpoint, 'ConfirmSignUp', {
    ClientId: userPoolClientId,
    Username: email,
    ConfirmationCode: await mailedCode(origin, email),
  });
  return { email, name, password: TEST_PASSWORD };
}

function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

export interface IdentityTokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken: string;
}

/** The user's tokens from the real identity service (the id token is the API's bearer token). */
export async function identityTokens(origin: string, user: TestUser): Promise<IdentityTokens> {
  const { userPoolClientId, userPoolEndpoint } = await runtimeAuth(origin);
  const { AuthenticationResult: tokens } = await cognito<{ AuthenticationResult: IdentityTokens }>(
    userPoolEndpoint,
    'InitiateAuth',
    {
      ClientId: userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    },
  );
  return tokens;
}

/**
 * Gives the page a signed-in session without driving the sign-in screen: tokens from the real
 * identity service, stored where aws-amplify keeps them. Tests of the sign-in screen itself use
 * the UI instead.
 */
export async function signInAs(page: Page, origin: string, user: TestUser): Promise<void> {
  const { userPoolClientId } = await runtimeAuth(origin);
  const tokens = await identityTokens(origin, user);
  const username = String(jwtClaims(tokens.AccessToken).username);
  const prefix = `CognitoIdentityServiceProvider.${userPoolClientId}`;
  const items: Record<string, string> = {
    [`${prefix}.LastAuthUser`]: username,
    [`${prefix}.${username}.accessToken`]: tokens.AccessToken,
    [`${prefix}.${username}.idToken`]: tokens.IdToken,
    [`${prefix}.${username}.refreshToken`]: tokens.RefreshToken,
    [`${prefix}.${username}.clockDrift`]: '0',
  };
  // Any same-origin document will do to reach localStorage; the manifest loads no app code.
  await page.goto(`${origin}/manifest.webmanifest`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, items);
}

/** A fresh confirmed user, signed in on `page`. */
export async function signInNewUser(page: Page, origin: string, name?: string): Promise<TestUser> {
  const user = await createConfirmedUser(origin, name);
  await signInAs(page, origin, user);
  return user;
}
