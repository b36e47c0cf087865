import type { FastifyBaseLogger } from 'fastify';
import type { IdentityOptions } from '../options';

export interface OperationContext {
  options: IdentityOptions;
  log: FastifyBaseLogger;
}

/** Turns a request body into the response body (`{}` when Cognito sends nothing), or throws a CognitoError. */
export type OperationHandler = (input: unknown, context: OperationContext) => Promise<object>;

/** Cognito operation name (what follows `AWSCognitoIdentityProviderService.`) -> handler. */
const operations: Readonly<Record<string, OperationHandler>> = {};

export function findOperation(name: string): OperationHandler | undefined {
  // hasOwn: a target such as `...toString` must not reach Object.prototype.
  return Object.hasOwn(operations, name) ? operations[name] : undefined;
}
