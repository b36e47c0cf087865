import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-errors';
import { validationMessage } from './validation-message';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec's text for a body over this route's limit. */
    tooLargeMessage?: string;
  }
}

/** The part of the request a failed schema check was about, as the client sent it. */
function checkedInput(request: FastifyRequest, error: FastifyError): unknown {
  switch (error.validationContext) {
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return request.body;
  }
}

/** `413` -> `PayloadTooLarge`: the status reason as an identifier clients can switch on. */
function errorName(status: number): string {
  return (STATUS_CODES[status] ?? 'Error').replace(/[^A-Za-z]/g, '');
}

/**
 * Client mistakes (schema validation, bad JSON, oversized body) keep their 4xx status and say
 * what was wrong. Anything else is our fault: logged in full, answered without internals, with
 * the request id so a user report can be matched to the log line.
 */
export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.validation) {
    const first = error.validation[0];
    const message =
      hasZodFastifySchemaValidationErrors(error) && first
        ? validationMessage(first, error.validationContext, checkedInput(request, error))
        : error.message;
    return reply.code(400).send({ error: 'ValidationError', message });
  }
  const status = error.statusCode ?? 500;
  if (status === 413 && !(error instanceof HttpError)) {
    // The body parser's limit: a route may word it ('Image size must be less than 5MB').
    const message = request.routeOptions.config.tooLargeMessage ?? error.message;
    return reply.code(413).send({ error: errorName(413), message });
  }
  if (error instanceof HttpError) {
    // Ours, worded for the user: client mistakes, and 503 "busy, try again" with its Retry-After.
    return reply
      .code(status)
      .headers(error.headers)
      .send({ error: errorName(status), message: error.message });
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ error: errorName(status), message: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({
    error: 'InternalServerError',
    message: 'Internal server error',
    requestId: request.id,
  });
}

export function replyNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .send({ error: 'NotFound', message: `Route ${request.method} ${request.url} not found` });
}
