import { describe, expect, it } from 'vitest';
import {
  clearStoredSession,
  freshStoredToken,
  hasStoredSession,
  storedOAuthFlow,
  storedUser,
} from './stored-session';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const jwt = (claims: object) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('stored session', () => {
  it('knows a signed-out browser without aws-amplify', () => {
    const storage = new MemoryStorage();
    expect(hasStoredSession('client', storage)).toBe(false);
    expect(storedUser('client', storage)).toBeNull();
  });

  it('reads the signed-in user from the stored id token', () => {
    const storage = new MemoryStorage();
    storage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u-1');
    storage.setItem(
      'CognitoIdentityServiceProvider.client.u-1.idToken',
      jwt({ sub: 'sub-1', email: 'zoë@example.com', email_verified: true, name: 'Zoë Ström' }),
    );
    expect(hasStoredSession('client', storage)).toBe(true);
    expect(storedUser('client', storage)).toEqual({
      userId: 'sub-1',
      username: 'u-1',
      email: 'zoë@example.com',
      emailVerified: true,
      name: 'Zoë Ström',
    });
  });

  it('treats a damaged token as no user', () => {
    const storage = new MemoryStorage();
    storage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u-1');
    storage.setItem('CognitoIdentityServiceProvider.client.u-1.idToken', 'not-a-jwt');
    expect(storedUser('client', storage)).toBeNull();
  });

  it('hands out the stored id token only while it is valid for more than 5 s', () => {
    const storage = new MemoryStorage();
    const now = 1_800_000_000_000;
    const idToken = jwt({ sub: 'sub-1', exp: now / 1000 + 60 });
    const accessToken = jwt({ sub: 'sub-1', exp: now / 1000 + 3600 });
    storage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u-1');
    storage.setItem('CognitoIdentityServiceProvider.client.u-1.idToken', idToken);
    storage.setItem('CognitoIdentityServiceProvider.client.u-1.accessToken', accessToken);
    expect(freshStoredToken('client', now, storage)).toBe(idToken);
    expect(freshStoredToken('client', now + 55_000, storage)).toBe(accessToken);
    expect(freshStoredToken('client', now + 3_596_000, storage)).toBeNull();
  });

  it('judges expiry by the issuer’s clock, as aws-amplify does: a slow device refreshes in time', () => {
    const storage = new MemoryStorage();
    const now = 1_800_000_000_000;
    const idToken = jwt({ sub: 'sub-1', exp: now / 1000 + 60 });
    storage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u-1');
    storage.setItem('CognitoIdentityServiceProvider.client.u-1.idToken', idToken);
    // This device's clock runs 2 minutes behind the issuer's.
    storage.setItem('CognitoIdentityServiceProvider.client.u-1.clockDrift', '120000');
    expect(freshStoredToken('client', now, storage)).toBeNull();
    storage.setItem('CognitoIdentityServiceProvider.client.u-1.clockDrift', '-30000');
    expect(freshStoredToken('client', now + 80_000, storage)).toBe(idToken);
  });

  it('forgets the session like a local sign-out, keeping the device keys', () => {
    const storage = new MemoryStorage();
    const prefix = 'CognitoIdentityServiceProvider.client';
    storage.setItem(`${prefix}.LastAuthUser`, 'u-1');
    for (const item of ['idToken', 'accessToken', 'refreshToken', 'clockDrift', 'signInDetails']) {
      storage.setItem(`${prefix}.u-1.${item}`, 'x');
    }
    storage.setItem(`${prefix}.u-1.deviceKey`, 'device');
    storage.setItem('CognitoIdentityServiceProvider.other-client.LastAuthUser', 'u-2');
    clearStoredSession('client', storage);
    expect(hasStoredSession('client', storage)).toBe(false);
    expect([...Array(storage.length).keys()].map((i) => storage.key(i)).sort()).toEqual([
      'CognitoIdentityServiceProvider.client.u-1.deviceKey',
      'CognitoIdentityServiceProvider.other-client.LastAuthUser',
    ]);
  });

  it('reads the hosted-UI sign-in in flight', () => {
    const storage = new MemoryStorage();
    expect(storedOAuthFlow('client', storage)).toEqual({ state: null, inFlight: false });
    storage.setItem('CognitoIdentityServiceProvider.client.oauthState', 'abc');
    storage.setItem('CognitoIdentityServiceProvider.client.inflightOAuth', 'true');
    expect(storedOAuthFlow('client', storage)).toEqual({ state: 'abc', inFlight: true });
  });
});
