import {
  reservePort,
  startGoogleStandIn,
  type GoogleStandIn,
} from '@app/identity/testing/google-stand-in';
import { expect, test } from '@playwright/test';
import { startProduct } from './support/api-server';
import { E2E_PORT } from './support/paths';
import { hostedUiDomain } from './support/product-env';

const PORT = E2E_PORT + 3;
const HOSTED_UI = `https://${hostedUiDomain(PORT)}`;

test.describe('Sign in with Google through the hosted UI', () => {
  // The hosted UI's certificate is self-signed, as on every fresh machine.
  test.use({ ignoreHTTPSErrors: true });

  let google: GoogleStandIn;
  let product: Awaited<ReturnType<typeof startProduct>>;

  test.beforeAll(async ({ browserName: _browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one browser is enough to prove the flow');
    // A real OpenID provider in Google's place, which the identity service federates to.
    google = await startGoogleStandIn(await reservePort(), `${HOSTED_UI}/oauth2/idpresponse`);
    product = await startProduct(PORT, {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
      COGNITO_OAUTH_DOMAIN: hostedUiDomain(PORT),
    });
  });

  test.afterAll(async () => {
    await product?.stop();
    await google?.close();
  });

  test('code flow with PKCE lands on /dashboard with tokens kept by aws-amplify', async ({
    page,
  }) => {
    google.cancel = false;
    google.account = {
      sub: 'google-e2e-1',
      email: 'gina.google@example.com',
      emailVerified: true,
      name: 'Gina Google',
    };
    await page.goto(`${product.origin}/`);
    const authorize = page.waitForRequest(`${HOSTED_UI}/oauth2/authorize**`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();

    const params = new URL((await authorize).url()).searchParams;
    expect(params.get('identity_provider')).toBe('Google');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toBeTruthy();
    expect(params.get('redirect_uri')).toBe(`${product.origin}/callback`);
    expect(params.get('scope')?.split(' ').sort()).toEqual([
      'aws.cognito.signin.user.admin',
      'email',
      'openid',
      'phone',
      'profile',
    ]);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Welcome back, Gina!' })).toBeVisible();
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.endsWith('.idToken')),
    );
    expect(stored).toHaveLength(1);
  });

  test('a sign-in cancelled at Google ends on the authentication error screen', async ({
    page,
  }) => {
    google.cancel = true;
    await page.goto(`${product.origin}/`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();

    await expect(page).toHaveURL(/\/callback\?/, { timeout: 20_000 });
    await expect(page.getByText('Authentication Error')).toBeVisible();
    await expect(page.getByText('Redirecting to login page...')).toBeVisible();
    await expect(page).toHaveURL(`${product.origin}/`, { timeout: 10_000 });
  });
});
