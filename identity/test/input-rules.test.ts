import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cognitoCall,
  confirmedUser,
  passwordSignIn,
  POOL,
  startPool,
  type RunningPool,
} from './helpers';

const USERNAME_PATTERN = String.raw`[\p{L}\p{M}\p{S}\p{N}\p{P}]+`;
const invalidParameter = (message: string) => ({ __type: 'InvalidParameterException', message });
const validationError = (member: string, constraint: string) =>
  invalidParameter(
    `1 validation error detected: Value at '${member}' failed to satisfy constraint: ${constraint}`,
  );

/** Cognito's input rules: the API reference's member constraints and the pool's schema. */
describe("identity: Cognito's input rules", () => {
  let pool: RunningPool;
  let n = 0;
  const email = (label: string) => `${label}.${(n += 1)}@example.com`;
  beforeAll(async () => {
    pool = await startPool({ customAttributes: ['plan'] });
  });
  afterAll(() => pool.stop());

  const signUp = (Username: string, attributes: Record<string, string> = {}) =>
    cognitoCall(pool.endpoint, 'SignUp', {
      ClientId: POOL.clientId,
      Username,
      Password: 'long-enough',
      UserAttributes: Object.entries({ name: 'Rule', ...attributes }).map(([Name, Value]) => ({
        Name,
        Value,
      })),
    }).then((response) => response.body);

  async function signedIn(): Promise<{ AccessToken: string; IdToken: string }> {
    const user = email('rules');
    await confirmedUser(pool, user, 'the-password');
    const result = await passwordSignIn(pool, user, 'the-password');
    return result.body.AuthenticationResult as { AccessToken: string; IdToken: string };
  }

  const update = (AccessToken: string, attributes: Record<string, string>) =>
    cognitoCall(pool.endpoint, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    }).then((response) => response.body);

  it('SignUp: a username with NUL or a right-to-left override fails Cognito’s username pattern', async () => {
    for (const username of ['nul\u0000@example.com', '\u202Emoc.elpmaxe@evil']) {
      expect(await signUp(username)).toEqual(
        validationError(
          'username',
          `Member must satisfy regular expression pattern: ${USERNAME_PATTERN}`,
        ),
      );
    }
  });

  it('SignUp: a username longer than 128 characters is refused (5,012 too)', async () => {
    for (const length of [129, 5012]) {
      expect(await signUp(`${'a'.repeat(length - '@example.com'.length)}@example.com`)).toEqual(
        validationError('username', 'Member must have length less than or equal to 128'),
      );
    }
    expect(await signUp(`${'a'.repeat(128 - '@example.com'.length)}@example.com`)).toHaveProperty(
      'UserSub',
    );
  });

  it('ForgotPassword: the same username rules hold wherever a username goes', async () => {
    const forgot = await cognitoCall(pool.endpoint, 'ForgotPassword', {
      ClientId: POOL.clientId,
      Username: 'a\u0000b@example.com',
    });
    expect(forgot.body).toEqual(
      validationError(
        'username',
        `Member must satisfy regular expression pattern: ${USERNAME_PATTERN}`,
      ),
    );
  });

  it('SignUp and UpdateUserAttributes: an undeclared custom attribute is InvalidParameterException', async () => {
    const undeclared = invalidParameter(
      'Attributes did not conform to the schema: Type for attribute {custom:isAdmin} could not be determined',
    );
    expect(await signUp(email('admin'), { 'custom:isAdmin': 'true' })).toEqual(undeclared);
    const { AccessToken } = await signedIn();
    expect(await update(AccessToken, { 'custom:isAdmin': 'true' })).toEqual(undeclared);
    const thousand = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => [`custom:a${i}`, 'x']),
    );
    expect((await update(AccessToken, thousand)).__type).toBe('InvalidParameterException');
    expect(await update(AccessToken, { 'custom:plan': 'pro' })).toEqual({
      CodeDeliveryDetailsList: [],
    });
  });

  it('UpdateUserAttributes: standard attributes in their formats', async () => {
    const { AccessToken } = await signedIn();
    expect(await update(AccessToken, { phone_number: '555-123-4567' })).toEqual(
      invalidParameter('Invalid phone number format.'),
    );
    expect(await update(AccessToken, { updated_at: 'yesterday' })).toEqual(
      invalidParameter('Attributes did not conform to the schema: updated_at: Number expected'),
    );
    expect(await update(AccessToken, { birthdate: '1990-1-1' })).toEqual(
      invalidParameter(
        'Attributes did not conform to the schema: birthdate: String must be no shorter than 10 characters',
      ),
    );
    expect(await update(AccessToken, { email: 'not-an-address' })).toEqual(
      invalidParameter('Invalid email address format.'),
    );
    expect(await update(AccessToken, { name: 'x'.repeat(2049) })).toEqual(
      validationError(
        'userAttributes.1.member.value',
        'Member must have length less than or equal to 2048',
      ),
    );
    expect(await update(AccessToken, { ['n'.repeat(33)]: 'x' })).toEqual(
      validationError(
        'userAttributes.1.member.name',
        'Member must have length less than or equal to 32',
      ),
    );
    expect(
      await update(AccessToken, {
        phone_number: '+15555550100',
        updated_at: '1700000000',
        birthdate: '1990-01-01',
      }),
    ).toEqual({ CodeDeliveryDetailsList: [] });
  });

  it('id token and GetUser: a custom attribute the schema no longer declares is not carried', async () => {
    const user = email('dropped');
    await confirmedUser(pool, user, 'the-password');
    const before = await startPool({ customAttributes: ['plan', 'isAdmin'] }, pool.dataDir);
    try {
      const tokens = (await passwordSignIn(before, user, 'the-password')).body
        .AuthenticationResult as { AccessToken: string };
      await cognitoCall(before.endpoint, 'UpdateUserAttributes', {
        AccessToken: tokens.AccessToken,
        UserAttributes: [
          { Name: 'custom:isAdmin', Value: 'true' },
          { Name: 'custom:plan', Value: 'pro' },
        ],
      });
    } finally {
      await before.stop({ keepData: true });
    }
    const { IdToken, AccessToken } = (await passwordSignIn(pool, user, 'the-password')).body
      .AuthenticationResult as { IdToken: string; AccessToken: string };
    const claims = decodeJwt(IdToken);
    expect(claims['custom:plan']).toBe('pro');
    expect(claims).not.toHaveProperty('custom:isAdmin');
    const { body } = await cognitoCall(pool.endpoint, 'GetUser', { AccessToken });
    const names = (body.UserAttributes as { Name: string }[]).map(({ Name }) => Name);
    expect(names).toContain('custom:plan');
    expect(names).not.toContain('custom:isAdmin');
  });
});
