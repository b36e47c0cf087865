import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_DEFAULTS } from '../src/options';
import {
  cognitoCall,
  confirmedUser,
  FLOW_TEST,
  POOL,
  startPool,
  type RunningPool,
} from './helpers';

const HOUR = 3_600_000;
const LIMIT = IDENTITY_DEFAULTS.mailRequestsPerSourcePerHour;
const LIMIT_EXCEEDED = {
  __type: 'LimitExceededException',
  message: 'Attempt limit exceeded, please try after some time.',
};

describe('identity: mail-sending requests per client address', FLOW_TEST, () => {
  let pool: RunningPool;
  let n = 0;
  const email = (label: string) => `${label}.${(n += 1)}@example.com`;
  beforeAll(async () => {
    pool = await startPool({ mailRequestsPerSourcePerHour: LIMIT });
  });
  afterAll(() => pool.stop());

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const signUp = (username: string, address: string) =>
    cognitoCall(
      pool.endpoint,
      'SignUp',
      {
        ClientId: POOL.clientId,
        Username: username,
        Password: 'the-password',
        UserAttributes: [{ Name: 'name', Value: 'Someone' }],
      },
      from(address),
    );
  const codeRequest = (operation: string, username: string, address: string) =>
    cognitoCall(
      pool.endpoint,
      operation,
      { ClientId: POOL.clientId, Username: username },
      from(address),
    );

  async function outboxSize(): Promise<number> {
    const response = await fetch(`${pool.base}/dev/outbox`);
    return ((await response.json()) as unknown[]).length;
  }

  it('refuses SignUp, ForgotPassword and ResendConfirmationCode from one address beyond the limit, alike for known and unknown users', async () => {
    const known = email('known');
    await confirmedUser(pool, known, 'the-password');
    const unconfirmed = email('unconfirmed');
    expect((await signUp(unconfirmed, '198.51.100.9')).status).toBe(200);

    const bomber = '203.0.113.7';
    const mailsBefore = await outboxSize();
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await signUp(email('victim'), bomber)).status).toBe(200);
    }
    expect(await outboxSize()).toBe(mailsBefore + LIMIT);

    expect((await signUp(email('victim'), bomber)).body).toEqual(LIMIT_EXCEEDED);
    for (const username of [known, email('nobody')]) {
      expect((await codeRequest('ForgotPassword', username, bomber)).body).toEqual(LIMIT_EXCEEDED);
    }
    for (const username of [unconfirmed, email('nobody')]) {
      expect((await codeRequest('ResendConfirmationCode', username, bomber)).body).toEqual(
        LIMIT_EXCEEDED,
      );
    }
    expect(await outboxSize()).toBe(mailsBefore + LIMIT);

    // Other addresses are not held up, and the hour passes.
    expect((await codeRequest('ForgotPassword', known, '192.0.2.44')).status).toBe(200);
    pool.advance(HOUR + 1000);
    expect((await signUp(email('later'), bomber)).status).toBe(200);
  });
});
