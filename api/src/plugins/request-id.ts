import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

/** The id lands in every log line and a response header, so only a bounded, plain value is reused. */
const REUSABLE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Keeps a proxy's or client's `x-request-id` so one id follows a request across services. */
export function genReqId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REUSABLE_REQUEST_ID.test(incoming)
    ? incoming
    : randomUUID();
}

export const requestIdPlugin = fp(
  async (app) => {
    // Callback hooks, here and in the other per-request plugins: an async one costs every
    // request a promise and a microtask turn for a line of synchronous work.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id' },
);
