import type { FastifyBaseLogger } from 'fastify';
import type { IdentityService } from './service';

/** What every operation and sign-in step is called with. */
export interface CallContext {
  service: IdentityService;
  log: FastifyBaseLogger;
  /** The caller's address (the host's `trustProxy` decides whether proxies are believed). */
  source: string;
}

/** Turns a request body into the response body (`{}` when Cognito sends nothing), or throws a CognitoError. */
export type OperationHandler = (input: unknown, context: CallContext) => Promise<object>;
