/**
 * How long the identity service takes to answer for a real e-mail and for an unknown one: a
 * wrong password (USER_PASSWORD_AUTH), the SRP challenge, and ForgotPassword. The two columns
 * should match; a gap would tell a caller which e-mails have accounts.
 * Run: cd identity && node --import tsx ../bench/identity-user-existence.ts   (ROUNDS=200)
 * Prints figures only; identity/test/user-existence.test.ts checks the ratio with a wide margin.
 */
import { performance } from 'node:perf_hooks';
import {
  cognitoCall,
  confirmedUser,
  passwordSignIn,
  POOL,
  startPool,
} from '../identity/test/helpers';

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const pool = await startPool();
pool.freeze();
const known = 'known.bench@example.com';
const unknown = 'nobody.bench@example.com';
await confirmedUser(pool, known, 'the-password');

const operations: Record<string, (username: string) => Promise<unknown>> = {
  'InitiateAuth USER_PASSWORD_AUTH (wrong password)': (username) =>
    passwordSignIn(pool, username, 'wrong-password'),
  'InitiateAuth USER_SRP_AUTH': (username) =>
    cognitoCall(pool.endpoint, 'InitiateAuth', {
      ClientId: POOL.clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: username, SRP_A: 'abcdef0123' },
    }),
  ForgotPassword: (username) =>
    cognitoCall(pool.endpoint, 'ForgotPassword', { ClientId: POOL.clientId, Username: username }),
};

const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
try {
  for (const [label, run] of Object.entries(operations)) {
    const samples = { known: [] as number[], unknown: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order =
        round % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const who of order) {
        // Past every window (locks, code requests), so each call is a first one.
        pool.advance(2 * 3_600_000);
        const started = performance.now();
        await run(who === 'known' ? known : unknown);
        samples[who].push(performance.now() - started);
      }
    }
    const [k, u] = [median(samples.known), median(samples.unknown)];
    console.log(
      `${label}: median of ${ROUNDS}, known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms, ratio ${(u / k).toFixed(2)}`,
    );
  }
} finally {
  await pool.stop();
}
