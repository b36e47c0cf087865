import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export const AMZ_JSON_CONTENT_TYPE = 'application/x-amz-json-1.1';

/**
 * An error as Cognito names it. aws-amplify reads the name from `x-amzn-errortype` (then the
 * body's `__type`) and maps it to its own error classes, so names must match Cognito's exactly.
 */
export class CognitoError extends Error {
  constructor(
    name: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = name;
  }
}

function sendCognitoError(reply: FastifyReply, error: CognitoError): FastifyReply {
  return reply
    .code(error.status)
    .header('x-amzn-errortype', error.name)
    .type(AMZ_JSON_CONTENT_TYPE)
    .send({ __type: error.name, message: error.message });
}

/**
 * Every failure leaves in Cognito's shape. Framework rejections (unparsable or oversized body)
 * are the caller's fault and stay 4xx; anything else is ours, and Cognito's name for it,
 * `InternalErrorException`, makes aws-amplify retry.
 */
export function cognitoErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof CognitoError) return sendCognitoError(reply, error);
  if (error.statusCode !== undefined && error.statusCode < 500) {
    const status = error.statusCode;
    return sendCognitoError(
      reply,
      new CognitoError('SerializationException', error.message, status),
    );
  }
  request.log.error({ err: error }, 'identity request failed');
  return sendCognitoError(reply, new CognitoError('InternalErrorException', 'Internal error', 500));
}
