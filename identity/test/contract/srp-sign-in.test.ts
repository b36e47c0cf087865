import { randomBytes } from 'node:crypto';
import { signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser, FLOW_TEST, startPool, type RunningPool } from '../helpers';
import { configureAmplify, uniqueEmail } from './amplify-client';

describe('aws-amplify: SRP agrees with the server for any password', FLOW_TEST, () => {
  let pool: RunningPool;
  beforeAll(async () => {
    pool = await startPool();
    configureAmplify(pool);
  });
  afterAll(() => pool.stop());

  it('signs in 10 users with random, non-ASCII passwords, typing the e-mail in any case', async () => {
    // Random values hit both paddings (top bit set or not) of salt, A, B, S and u many times.
    for (let i = 0; i < 10; i += 1) {
      const email = uniqueEmail('srp');
      const password = `${randomBytes(9).toString('base64')} pässwörd ✓ ${i}`;
      await confirmedUser(pool, email, password);
      const result = await signIn({ username: i % 2 ? email.toUpperCase() : email, password });
      expect(result.isSignedIn).toBe(true);
      await signOut();
    }
  });
});
