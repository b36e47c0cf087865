import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier, InvalidTokenError } from '../src/auth/token-verifier';
import { newUser, TestIssuer, TEST_CLIENT_ID } from './support/tokens';

/** The issuer's keys, counting how often a token's signature is checked against them. */
function countingKeys(issuer: string) {
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  const counter = { checks: 0 };
  const keys: JWTVerifyGetKey = (header, token) => {
    counter.checks += 1;
    return jwks(header, token);
  };
  return { keys, counter };
}

describe('verified-token cache', () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await TestIssuer.start();
  });
  afterAll(() => issuer.close());

  it('checks a token once and answers later calls from the cache', async () => {
    const { keys, counter } = countingKeys(issuer.issuer);
    const verify = createTokenVerifier({ issuer: issuer.issuer, clientId: TEST_CLIENT_ID, keys });
    const user = newUser();
    const token = await issuer.idToken(user);
    for (let call = 0; call < 3; call += 1) {
      expect(await verify(token)).toMatchObject({ sub: user.sub, email: user.email });
    }
    expect(counter.checks).toBe(1);
  });

  it('never answers from the cache past the token’s exp', async () => {
    const { keys, counter } = countingKeys(issuer.issuer);
    let clock = Date.now();
    const verify = createTokenVerifier({
      issuer: issuer.issuer,
      clientId: TEST_CLIENT_ID,
      keys,
      now: () => clock,
    });
    const token = await issuer.idToken(newUser(), { expiresIn: 60 });
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };
    await verify(token);
    clock = exp * 1000 - 1;
    await verify(token);
    expect(counter.checks).toBe(1);
    clock = exp * 1000;
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('keeps a bounded number of tokens, dropping the least recently used', async () => {
    const { keys, counter } = countingKeys(issuer.issuer);
    const verify = createTokenVerifier({
      issuer: issuer.issuer,
      clientId: TEST_CLIENT_ID,
      keys,
      cacheSize: 2,
    });
    const [first, second, third] = await Promise.all(
      [newUser(), newUser(), newUser()].map((user) => issuer.idToken(user)),
    );
    await verify(first!);
    await verify(second!);
    await verify(first!); // now the most recently used
    await verify(third!); // pushes out `second`
    expect(counter.checks).toBe(3);
    await verify(first!);
    expect(counter.checks).toBe(3);
    await verify(second!);
    expect(counter.checks).toBe(4);
  });

  it('caches nothing it refused', async () => {
    const { keys, counter } = countingKeys(issuer.issuer);
    const verify = createTokenVerifier({ issuer: issuer.issuer, clientId: TEST_CLIENT_ID, keys });
    const forged = await issuer.idToken(newUser(), { foreignKey: true });
    await expect(verify(forged)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verify(forged)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(counter.checks).toBe(2);
  });

  it('answers from the cache only the very token it checked, not one that shares its signature', async () => {
    const { keys, counter } = countingKeys(issuer.issuer);
    const verify = createTokenVerifier({ issuer: issuer.issuer, clientId: TEST_CLIENT_ID, keys });
    const victim = newUser('Victim');
    const token = await issuer.idToken(victim);
    await verify(token);
    // The victim's signature on a payload that names someone else: the kept entry must not answer.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const swapped = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    await expect(verify(`${header}.${swapped}.${signature}`)).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
    expect(counter.checks).toBe(2);
    // …and the victim's own token is still answered from the cache.
    expect(await verify(token)).toMatchObject({ sub: victim.sub });
    expect(counter.checks).toBe(2);
  });

  it('refuses what is not shaped like a token without checking a signature', async () => {
    const { keys, counter } = countingKeys(issuer.issuer);
    const verify = createTokenVerifier({ issuer: issuer.issuer, clientId: TEST_CLIENT_ID, keys });
    for (const junk of ['', 'abc', 'a.b', 'a.b.c.d', 'a.b.c d', 'a.b.c\n']) {
      await expect(verify(junk)).rejects.toBeInstanceOf(InvalidTokenError);
    }
    expect(counter.checks).toBe(0);
  });
});
