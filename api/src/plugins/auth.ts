import { IDENTITY_TEXT } from '@app/shared/spec';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
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

    async function authenticateAnew(request: FastifyRequest, token: string): Promise<void> {
      try {
        const identity = await verifyToken(token);
        if (await revoked(identity, token)) throw new InvalidTokenError('session ended');
        request.user = await app.users.fromIdentity(identity);
      } catch (error) {
        if (!(error instanceof InvalidTokenError)) throw error;
        request.log.info({ reason: error.message }, 'rejected bearer token');
        throw unauthorized(IDENTITY_TEXT.notAuthenticated);
      }
    }

    app.decorateRequest('user', null as unknown as UserRow);
    // A callback hook: a token verified before, of a user whose row is kept, is answered in the
    // same tick (most requests); only the rest wait on promises.
    app.decorate('authenticate', function authenticate(request, _reply, done) {
      const header = request.headers.authorization ?? '';
      const scheme = BEARER.exec(header);
      const token = scheme && header.slice(scheme[0].length);
      if (!token) {
        done(unauthorized(IDENTITY_TEXT.notAuthenticated));
        return;
      }
      const identity = verifyToken.known(token);
      // A session known to have ended, or one the user pool must be asked about, goes below.
      const user =
        identity && revoked(identity, token) === false && app.users.keptFromIdentity(identity);
      if (user) {
        request.user = user;
        done();
        return;
      }
      authenticateAnew(request, token).then(() => done(), done);
    } satisfies onRequestHookHandler);
  },
  { name: 'auth', dependencies: ['services'] },
);
