import { IDENTITY_TEXT } from '@app/shared/spec';
import type { onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { RevocationCheck } from '../auth/revocation';
import { createTokenVerifier, InvalidTokenError } from '../auth/token-verifier';
import { unauthorized } from '../http-errors';
import type { UserRow } from '../services/users';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for protected routes: sets `request.user` or answers 401. */
    authenticate: onRequestHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; routes behind it may rely on it. */
    user: UserRow;
  }
}

/**
 * RFC 9110 §11.1: the scheme name is case-insensitive (`bearer`, `BEARER` too). The token's own
 * shape is checked by the verifier when it is not one it already knows.
 */
const BEARER = /^Bearer +/i;

export const authPlugin = fp<{ issuer: string; clientId: string; revoked?: RevocationCheck }>(
  async (app, { revoked = () => false, ...options }) => {
    const verifyToken = createTokenVerifier(options);

    app.decorateRequest('user', null as unknown as UserRow);
    app.decorate('authenticate', async function authenticate(request) {
      const header = request.headers.authorization ?? '';
      const scheme = BEARER.exec(header);
      const token = scheme && header.slice(scheme[0].length);
      if (!token) throw unauthorized(IDENTITY_TEXT.notAuthenticated);
      try {
        const identity = await verifyToken(token);
        if (await revoked(identity, token)) throw new InvalidTokenError('session ended');
        const user = await app.users.fromIdentity(identity);
        if (!user) throw new InvalidTokenError('account deleted');
        request.user = user;
        // Being deleted: the account's tokens are refused while the job works through it.
        if (request.user.deletion_requested_at !== null) {
          throw new InvalidTokenError('account being deleted');
        }
      } catch (error) {
        if (!(error instanceof InvalidTokenError)) throw error;
        request.log.info({ reason: error.message }, 'rejected bearer token');
        throw unauthorized(IDENTITY_TEXT.notAuthenticated);
      }
    } satisfies onRequestHookHandler);
  },
  { name: 'auth', dependencies: ['services'] },
);
