import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { API_TEXT } from '@app/shared/spec';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Aborted, with a 408 HttpError as its reason, when the body stops arriving; undefined for a
     * request without a body. Parsed bodies fail by themselves; a route that reads `request.raw`
     * itself (multipart) must stop on it.
     */
    bodyStalled: AbortSignal | undefined;
  }
}

function hasBody(raw: IncomingMessage): boolean {
  const length = Number(raw.headers['content-length'] ?? 0);
  return raw.headers['transfer-encoding'] !== undefined || length > 0;
}

/**
 * Ends a request whose body stops arriving for `idleMs` with 408, so a stalled upload does not
 * hold a connection, a file handle and a temp file until the client gives up. An idle limit
 * between chunks, not a deadline for the whole body: a 10 MB photo over a slow phone link may
 * take minutes, but its bytes keep coming. The socket's own timer watches for the gap (it is
 * reset by every byte read, and Node reports it to the request only while the body is
 * incomplete); once the body has ended, the handler may take its time.
 */
export const bodyIdleTimeoutPlugin = fp<{ idleMs: number }>(
  async (app, { idleMs }) => {
    app.decorateRequest('bodyStalled', undefined);

    app.addHook('onRequest', (request, reply, done) => {
      watchBody(request, reply);
      done();
    });

    function watchBody(request: FastifyRequest, reply: FastifyReply): void {
      const { raw } = request;
      if (!hasBody(raw) || raw.complete) return;
      // An injected request (light-my-request) has its whole body in hand and no socket to stall.
      if (typeof raw.setTimeout !== 'function') return;
      const { socket } = raw;
      const controller = new AbortController();
      request.bodyStalled = controller.signal;
      raw.setTimeout(idleMs, () => {
        if (reply.sent) {
          // Answered before the body was read (413, 415...); the rest never came.
          socket.destroy();
          return;
        }
        // The rest of the body will never be read: this connection cannot carry another request.
        reply.header('connection', 'close');
        controller.abort(new HttpError(408, API_TEXT.requestBodyStalled));
      });
      raw.once('end', () => {
        // Node sets the keep-alive timer itself once the answer has gone.
        if (!reply.sent && !socket.destroyed) socket.setTimeout(app.server.timeout);
      });
    }

    // Fastify closes the connection when a body parser refuses a body it has not read (413 on a
    // declared length, 415). A client still sending then often meets a closed socket before it
    // reads the answer: base64 uploads over the limit failed with EPIPE instead of the 413. As a
    // web server's lingering close does, the connection stays open while the rest of the body
    // drains (below), so the client finishes its write and reads the answer.
    app.addHook('onSend', (request, reply, payload, done) => {
      const stalled = request.bodyStalled;
      const refusedUnread =
        stalled !== undefined &&
        !stalled.aborted &&
        !request.raw.complete &&
        reply.getHeader('connection') === 'close';
      if (refusedUnread) {
        reply.removeHeader('connection');
        lingerAtMost(request.raw, LINGER_MS);
      }
      done(null, payload);
    });

    // Parsers (JSON, the upload target's stream) read the payload this hook returns: it fails
    // with the 408 when the body stalls, the socket stays open to carry the answer.
    app.addHook('preParsing', (request, reply, payload, done) => {
      const stalled = request.bodyStalled;
      if (!stalled || request.headers['content-type']?.startsWith('multipart/')) {
        done(null, payload);
        return;
      }
      const watched = new PassThrough();
      stalled.addEventListener('abort', () => {
        payload.unpipe(watched);
        watched.destroy(stalled.reason as Error);
      });
      payload.on('error', (error) => watched.destroy(error));
      reply.raw.once('finish', () => {
        // Answered without reading it all (413 on a declared length): drain the rest as Node
        // does for an unread body, instead of holding it back behind an unread pipe.
        if (!payload.readableEnded) {
          payload.unpipe(watched);
          payload.resume();
        }
      });
      done(null, payload.pipe(watched));
    });
  },
  { name: 'body-idle-timeout' },
);

/** How long a refused body may keep draining (nginx's lingering_time); then the socket ends. */
const LINGER_MS = 30_000;

/** Ends the request's connection if its body has not all arrived within `ms`. */
function lingerAtMost(raw: IncomingMessage, ms: number): void {
  const timer = setTimeout(() => raw.socket.destroy(), ms);
  timer.unref();
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
}

/** `promise`, unless `signal` aborts first: then its reason (a stalled body's 408). */
export function unlessStalled<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
