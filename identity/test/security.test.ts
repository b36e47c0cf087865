import { signIn, signOut } from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureAmplify } from './contract/amplify-client';
import {
  cognitoCall,
  confirmedUser,
  passwordSignIn,
  POOL,
  startPool,
  type RunningPool,
  FLOW_TEST,
} from './helpers';

const HOUR = 3_600_000;

describe('identity security behaviour', FLOW_TEST, () => {
  let pool: RunningPool;
  let n = 0;
  const email = (label: string) => `${label}.${(n += 1)}@example.com`;
  beforeAll(async () => {
    pool = await startPool();
    configureAmplify(pool);
  });
  // A test that fails half-way must not leave aws-amplify signed in for the next one.
  afterEach(() => signOut());
  afterAll(() => pool.stop());

  it('locks out after five wrong passwords; attempts while locked neither count nor extend the lock', async () => {
    // The first lock lasts one second: a slow machine must not see it run out mid-test.
    pool.freeze();
    const user = email('throttle');
    await confirmedUser(pool, user, 'the-password');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await expect(signIn({ username: user, password: 'wrong-one' })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
    // Locked now: even the right password is refused without being checked, however often.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await expect(signIn({ username: user, password: 'the-password' })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
      expect((await passwordSignIn(pool, user, 'wrong-again')).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
    }
    // Still the first lock (2^0 s): the twenty refused attempts did not lengthen it.
    pool.advance(1000);
    expect((await signIn({ username: user, password: 'the-password' })).isSignedIn).toBe(true);
  });

  it('expires sign-up codes after 24 hours', async () => {
    const user = email('expiry');
    await cognitoCall(pool.endpoint, 'SignUp', {
      ClientId: POOL.clientId,
      Username: user,
      Password: 'the-password',
      UserAttributes: [{ Name: 'name', Value: 'E' }],
    });
    const code = await pool.latestCode(user);
    pool.advance(24 * HOUR + 1000);
    const confirm = await cognitoCall(pool.endpoint, 'ConfirmSignUp', {
      ClientId: POOL.clientId,
      Username: user,
      ConfirmationCode: code,
    });
    expect(confirm).toMatchObject({
      type: 'ExpiredCodeException',
      body: { message: 'Invalid code provided, please request a code again.' },
    });
  });

  it('expires reset codes after 1 hour and accepts a code only once', async () => {
    const user = email('reset');
    await confirmedUser(pool, user, 'the-password');
    const forgot = () =>
      cognitoCall(pool.endpoint, 'ForgotPassword', { ClientId: POOL.clientId, Username: user });
    const confirm = (code: string, password: string) =>
      cognitoCall(pool.endpoint, 'ConfirmForgotPassword', {
        ClientId: POOL.clientId,
        Username: user,
        ConfirmationCode: code,
        Password: password,
      });
    await forgot();
    const stale = await pool.latestCode(user);
    pool.advance(HOUR + 1000);
    expect((await confirm(stale, 'new-password-1')).type).toBe('ExpiredCodeException');

    await forgot();
    const fresh = await pool.latestCode(user);
    expect((await confirm('000000' === fresh ? '111111' : '000000', 'x-password')).body).toEqual({
      __type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    expect((await confirm(fresh, 'new-password-1')).status).toBe(200);
    expect((await confirm(fresh, 'new-password-2')).type).toBe('ExpiredCodeException');
  });

  it('does not reveal which e-mails have accounts', async () => {
    const known = email('known');
    await confirmedUser(pool, known, 'the-password');
    const unknown = email('nobody');

    const wrong = await passwordSignIn(pool, known, 'not-it');
    const missing = await passwordSignIn(pool, unknown, 'not-it');
    expect(missing.body).toEqual(wrong.body);

    const forgotUnknown = await cognitoCall(pool.endpoint, 'ForgotPassword', {
      ClientId: POOL.clientId,
      Username: unknown,
    });
    expect(forgotUnknown).toMatchObject({
      status: 200,
      body: { CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', AttributeName: 'email' } },
    });

    // SRP: the unknown user gets a well-formed, stable challenge and fails only at the proof.
    const srp = (username: string) =>
      cognitoCall(pool.endpoint, 'InitiateAuth', {
        ClientId: POOL.clientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: username, SRP_A: 'abcdef0123' },
      });
    const [first, second, real] = [await srp(unknown), await srp(unknown), await srp(known)];
    expect(first.body.ChallengeName).toBe('PASSWORD_VERIFIER');
    const params = (r: typeof first) => r.body.ChallengeParameters as Record<string, string>;
    expect(params(first).SALT).toBe(params(second).SALT);
    expect(params(first).USER_ID_FOR_SRP).toBe(params(second).USER_ID_FOR_SRP);
    expect(Object.keys(params(first)).sort()).toEqual(Object.keys(params(real)).sort());
    await expect(signIn({ username: unknown, password: 'whatever-1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('names missing users when enumeration protection is switched off', async () => {
    const open = await startPool({ preventUserExistenceErrors: false });
    try {
      expect((await passwordSignIn(open, 'ghost@example.com', 'x-password')).body).toEqual({
        __type: 'UserNotFoundException',
        message: 'User does not exist.',
      });
    } finally {
      await open.stop();
    }
  });

  it('revokes the other sessions when the password changes, and keeps the caller signed in', async () => {
    const user = email('change');
    await confirmedUser(pool, user, 'first-password');
    const tokens = async () =>
      (await passwordSignIn(pool, user, 'first-password')).body.AuthenticationResult as Record<
        string,
        string
      >;
    const caller = await tokens();
    const other = await tokens();
    const change = await cognitoCall(pool.endpoint, 'ChangePassword', {
      AccessToken: caller.AccessToken,
      PreviousPassword: 'first-password',
      ProposedPassword: 'second-password',
    });
    expect(change.status).toBe(200);
    const refresh = (token: string | undefined) =>
      cognitoCall(pool.endpoint, 'GetTokensFromRefreshToken', {
        ClientId: POOL.clientId,
        RefreshToken: token,
      });
    expect((await refresh(other.RefreshToken)).body.message).toBe('Refresh Token has been revoked');
    expect((await refresh(caller.RefreshToken)).status).toBe(200);
    const getUser = await cognitoCall(pool.endpoint, 'GetUser', { AccessToken: other.AccessToken });
    expect(getUser.body.message).toBe('Access Token has been revoked');
  });

  it('signs out everywhere with GlobalSignOut', async () => {
    const user = email('global');
    await confirmedUser(pool, user, 'the-password');
    const result = (await passwordSignIn(pool, user, 'the-password')).body
      .AuthenticationResult as Record<string, string>;
    expect(
      (await cognitoCall(pool.endpoint, 'GlobalSignOut', { AccessToken: result.AccessToken }))
        .status,
    ).toBe(200);
    const after = await cognitoCall(pool.endpoint, 'GetTokensFromRefreshToken', {
      ClientId: POOL.clientId,
      RefreshToken: result.RefreshToken,
    });
    expect(after.type).toBe('NotAuthorizedException');
  });

  it('refuses oversized requests with a 4xx Cognito error', async () => {
    const response = await fetch(pool.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      body: JSON.stringify({ ClientId: POOL.clientId, Username: 'x'.repeat(200_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('x-amzn-errortype')).toBe('SerializationException');
  });

  it('refuses a weak password, a missing name and a foreign client id the way Cognito does', async () => {
    const signUp = (body: object) =>
      cognitoCall(pool.endpoint, 'SignUp', {
        ClientId: POOL.clientId,
        Username: email('rules'),
        Password: 'long-enough',
        UserAttributes: [{ Name: 'name', Value: 'R' }],
        ...body,
      });
    expect((await signUp({ Password: 'short' })).body).toEqual({
      __type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    expect((await signUp({ UserAttributes: [] })).body).toEqual({
      __type: 'InvalidParameterException',
      message: 'Attributes did not conform to the schema: name: The attribute is required',
    });
    expect((await signUp({ ClientId: 'other' })).type).toBe('ResourceNotFoundException');
    const taken = email('taken');
    await confirmedUser(pool, taken, 'the-password');
    expect((await signUp({ Username: taken })).body).toEqual({
      __type: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
  });

  it('ForgotPassword: LimitExceededException from the 11th request in an hour, whatever mail the account got', async () => {
    const user = email('bombed');
    // Sign-up mailed a code already; requests are what is counted, not mails.
    await confirmedUser(pool, user, 'the-password');
    const forgot = () =>
      cognitoCall(pool.endpoint, 'ForgotPassword', { ClientId: POOL.clientId, Username: user });
    for (let i = 0; i < 10; i += 1) expect((await forgot()).status).toBe(200);
    expect((await forgot()).body).toEqual({
      __type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    pool.advance(HOUR + 1000);
    expect((await forgot()).status).toBe(200);
  });

  it('drops a code after five wrong guesses', async () => {
    const user = email('guess');
    await confirmedUser(pool, user, 'the-password');
    await cognitoCall(pool.endpoint, 'ForgotPassword', { ClientId: POOL.clientId, Username: user });
    const code = await pool.latestCode(user);
    const wrong = code === '123456' ? '654321' : '123456';
    const confirm = (guess: string) =>
      cognitoCall(pool.endpoint, 'ConfirmForgotPassword', {
        ClientId: POOL.clientId,
        Username: user,
        ConfirmationCode: guess,
        Password: 'new-password',
      });
    for (let i = 0; i < 5; i += 1)
      expect((await confirm(wrong)).type).toBe('CodeMismatchException');
    expect((await confirm(code)).type).toBe('ExpiredCodeException');
  });
});
