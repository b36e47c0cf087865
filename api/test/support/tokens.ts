import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type CryptoKey } from 'jose';

const TEST_POOL_ID = 'us-east-1_studio';
export const TEST_CLIENT_ID = 'studio-web';

export interface TestUser {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

interface TokenOptions {
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  issuer?: string;
  clientId?: string;
  /** Overrides or extra claims. */
  claims?: Record<string, unknown>;
  /** Sign with a key that is not in the JWKS. */
  foreignKey?: boolean;
}

/**
 * A stand-in for the identity service's signing side: an RS256 key served as a JWKS over real
 * HTTP at `<issuer>/.well-known/jwks.json`, and tokens with Cognito's claim sets. When the
 * embedded identity service mints tokens, tests can take theirs instead without other changes.
 */
export class TestIssuer {
  private constructor(
    private readonly server: Server,
    readonly issuer: string,
    private readonly privateKey: CryptoKey,
    private readonly foreignKey: CryptoKey,
    private readonly kid: string,
  ) {}

  static async start(): Promise<TestIssuer> {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const foreign = await generateKeyPair('RS256');
    const kid = randomUUID();
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const server = createServer((request, response) => {
      if (request.url === `/${TEST_POOL_ID}/.well-known/jwks.json`) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ keys: [jwk] }));
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return new TestIssuer(
      server,
      `http://127.0.0.1:${port}/${TEST_POOL_ID}`,
      privateKey,
      foreign.privateKey,
      kid,
    );
  }

  /** Environment for `startApp` so the api trusts this issuer. */
  get env(): Record<string, string> {
    return { COGNITO_ISSUER: this.issuer, COGNITO_CLIENT_ID: TEST_CLIENT_ID };
  }

  private sign(claims: Record<string, unknown>, options: TokenOptions): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims, ...options.claims })
      .setProtectedHeader({ alg: 'RS256', kid: this.kid })
      .setIssuer(options.issuer ?? this.issuer)
      .setIssuedAt(now - 5)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .setJti(randomUUID())
      .sign(options.foreignKey ? this.foreignKey : this.privateKey);
  }

  idToken(user: TestUser, options: TokenOptions = {}): Promise<string> {
    return this.sign(
      {
        sub: user.sub,
        aud: options.clientId ?? TEST_CLIENT_ID,
        'cognito:username': user.sub,
        email: user.email,
        email_verified: user.emailVerified ?? true,
        name: user.name,
        token_use: 'id',
        origin_jti: randomUUID(),
        auth_time: Math.floor(Date.now() / 1000),
      },
      options,
    );
  }

  accessToken(user: TestUser, options: TokenOptions = {}): Promise<string> {
    return this.sign(
      {
        sub: user.sub,
        client_id: options.clientId ?? TEST_CLIENT_ID,
        username: user.sub,
        token_use: 'access',
        scope: 'aws.cognito.signin.user.admin openid email profile phone',
        origin_jti: randomUUID(),
        event_id: randomUUID(),
        auth_time: Math.floor(Date.now() / 1000),
      },
      options,
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let counter = 0;
/** A fresh user per call, so tests never share rows by accident. */
export function newUser(name = 'Ada Lovelace', email?: string): TestUser {
  counter += 1;
  const sub = randomUUID();
  return { sub, name, email: email ?? `user${counter}-${sub.slice(0, 8)}@example.com` };
}
