import type { FastifyPluginAsync } from 'fastify';
import { AMZ_JSON_CONTENT_TYPE, CognitoError } from '../errors';
import { findOperation } from '../operations';
import type { IdentityService } from '../service';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** No Cognito request comes near this; a larger body is refused before it is parsed. */
const REQUEST_BODY_LIMIT_BYTES = 64 * 1024;

function operationName(target: string | string[] | undefined): string {
  if (typeof target !== 'string' || !target.startsWith(TARGET_PREFIX)) {
    throw new CognitoError(
      'UnknownOperationException',
      `Missing or malformed x-amz-target header; expected ${TARGET_PREFIX}<Operation>`,
    );
  }
  return target.slice(TARGET_PREFIX.length);
}

/** Cognito's JSON protocol: one POST endpoint, the operation named by the `x-amz-target` header. */
export const cognitoApiRoutes: FastifyPluginAsync<{ service: IdentityService }> = async (
  app,
  { service },
) => {
  // A `__proto__` (or `constructor.prototype`) key is dropped while parsing, like any field
  // Cognito does not know: the request is not refused, and no prototype is ever touched.
  app.addContentTypeParser(
    AMZ_JSON_CONTENT_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('remove', 'remove'),
  );

  app.post('/', { bodyLimit: REQUEST_BODY_LIMIT_BYTES }, async (request, reply) => {
    const name = operationName(request.headers['x-amz-target']);
    const operation = findOperation(name);
    if (operation === undefined) {
      throw new CognitoError('UnknownOperationException', `Unknown operation ${name}`);
    }
    const output = await operation(request.body, { service, log: request.log, source: request.ip });
    return reply.type(AMZ_JSON_CONTENT_TYPE).send(output);
  });

  // Cognito's endpoint takes POST only; other methods still get an answer a client can read.
  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH'],
    url: '/',
    handler: async (_request, reply) => {
      reply.header('allow', 'POST, OPTIONS');
      throw new CognitoError(
        'UnknownOperationException',
        'Cognito operations are called with POST',
        405,
      );
    },
  });
};
