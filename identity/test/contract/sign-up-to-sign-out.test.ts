import {
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  signIn,
  signOut,
  signUp,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoCall, POOL, startPool, type RunningPool, FLOW_TEST } from '../helpers';
import { configureAmplify, storedRefreshToken, uniqueEmail } from './amplify-client';

describe(
  'aws-amplify: sign up -> confirm -> SRP sign in -> profile -> refresh -> sign out',
  FLOW_TEST,
  () => {
    let pool: RunningPool;
    beforeAll(async () => {
      pool = await startPool();
      configureAmplify(pool);
    });
    afterAll(() => pool.stop());

    it('runs the whole account life cycle with the real client', async () => {
      const email = uniqueEmail('life');
      const password = 'correct horse';

      const signedUp = await signUp({
        username: email,
        password,
        options: { userAttributes: { email, name: 'Ada Lovelace' } },
      });
      expect(signedUp.isSignUpComplete).toBe(false);
      expect(signedUp.nextStep).toMatchObject({
        signUpStep: 'CONFIRM_SIGN_UP',
        codeDeliveryDetails: { deliveryMedium: 'EMAIL', attributeName: 'email' },
      });
      expect(
        signedUp.nextStep.signUpStep === 'CONFIRM_SIGN_UP' &&
          signedUp.nextStep.codeDeliveryDetails.destination,
      ).toBe('l***@e***.com');

      const confirmed = await confirmSignUp({
        username: email,
        confirmationCode: await pool.latestCode(email),
      });
      expect(confirmed.isSignUpComplete).toBe(true);

      const signedIn = await signIn({ username: email, password });
      expect(signedIn).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });

      const session = await fetchAuthSession();
      const accessToken = session.tokens?.accessToken.toString() ?? '';
      const idToken = session.tokens?.idToken?.toString() ?? '';
      const jwks = createRemoteJWKSet(new URL(`${pool.issuer}/.well-known/jwks.json`));
      const { payload: id } = await jwtVerify(idToken, jwks, {
        issuer: pool.issuer,
        audience: POOL.clientId,
      });
      expect(id).toMatchObject({
        token_use: 'id',
        email,
        email_verified: true,
        name: 'Ada Lovelace',
        'cognito:username': signedUp.userId,
        sub: signedUp.userId,
      });
      const { payload: access } = await jwtVerify(accessToken, jwks, { issuer: pool.issuer });
      expect(access).toMatchObject({
        token_use: 'access',
        client_id: POOL.clientId,
        scope: 'aws.cognito.signin.user.admin',
        username: signedUp.userId,
        origin_jti: id.origin_jti,
        event_id: id.event_id,
      });
      for (const claim of ['jti', 'auth_time', 'iat', 'exp'] as const) {
        expect(access[claim]).toBeDefined();
      }
      expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(3600);

      expect(await fetchUserAttributes()).toMatchObject({
        email,
        email_verified: 'true',
        name: 'Ada Lovelace',
        sub: signedUp.userId,
      });

      await updateUserAttributes({ userAttributes: { name: 'Ada King' } });
      expect((await fetchUserAttributes()).name).toBe('Ada King');

      const refreshed = await fetchAuthSession({ forceRefresh: true });
      const newIdToken = refreshed.tokens?.idToken?.toString() ?? '';
      expect(newIdToken).not.toBe(idToken);
      expect(decodeJwt(newIdToken)).toMatchObject({ name: 'Ada King', origin_jti: id.origin_jti });

      const refreshToken = storedRefreshToken();
      const newAccessToken = refreshed.tokens?.accessToken.toString() ?? '';
      await signOut();

      const reuse = await cognitoCall(pool.endpoint, 'GetTokensFromRefreshToken', {
        ClientId: POOL.clientId,
        RefreshToken: refreshToken,
      });
      expect(reuse).toMatchObject({
        status: 400,
        type: 'NotAuthorizedException',
        body: { message: 'Refresh Token has been revoked' },
      });
      const afterSignOut = await cognitoCall(pool.endpoint, 'GetUser', {
        AccessToken: newAccessToken,
      });
      expect(afterSignOut).toMatchObject({
        type: 'NotAuthorizedException',
        body: { message: 'Access Token has been revoked' },
      });
    });
  },
);
