import {
  reservePort,
  startGoogleStandIn,
  type GoogleStandIn,
} from '@app/identity/testing/google-stand-in';
import { expect, test } from './support/test';
import { startProduct } from './support/api-server';
import { watchAuthErrorScreen } from './support/auth-error-screen';
import { ownProductPort } from './support/paths';
import { hostedUiDomain } from './support/product-env';

test.describe('Sign in with Google through the hosted UI', () => {
  // The hosted UI's certificate is self-signed, as on every fresh machine.
  test.use({ ignoreHTTPSErrors: true });

  let google: GoogleStandIn;
  let product: Awaited<ReturnType<typeof startProduct>>;
  let hostedUi: string;

  test.beforeAll(async ({ browserName: _browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one browser is enough to prove the flow');
    const port = ownProductPort(testInfo.parallelIndex, 2);
    hostedUi = `https://${hostedUiDomain(port)}`;
    // A real OpenID provider in Google's place, which the identity service federates to.
    google = await startGoogleStandIn(await reservePort(), `${hostedUi}/oauth2/idpresponse`);
    product = await startProduct(port, {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
      COGNITO_OAUTH_DOMAIN: hostedUiDomain(port),
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
    const authorize = page.waitForRequest(`${hostedUi}/oauth2/authorize**`);
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
    const seen = await watchAuthErrorScreen(page);
    await page.goto(`${product.origin}/`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();

    // Back from Google on /callback: the error screen, then the way home (recorded by the page,
    // since the screen goes after 3 s).
    await expect
      .poll(async () => (await seen())?.leftAt ?? null, { timeout: 30_000 })
      .not.toBeNull();
    await expect(page).toHaveURL(`${product.origin}/`);
    const screen = await seen();
    expect(screen?.text).toContain('Authentication Error');
    expect(screen?.text).toContain('Redirecting to login page...');
  });
});
