import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataVersion } from './db/data-version';
import { requestOrigin } from './presenters';
import { VersionedCache } from './versioned-cache';

/** Larger answers are serialised again rather than kept: at most ~32 MB, a gallery page ~12 KB. */
const MAX_KEPT_CHARS = 32 * 1024;

/**
 * Serialised answers of the reads a signed-in screen repeats (its profile, its gallery page),
 * kept per user until the database changes (versioned-cache.ts): a repeat costs a version check
 * instead of the queries, the presenting and the serialising. Keyed by what the answer depends
 * on: the user, the origin its signed URLs point at and the URL with its query. Signed URLs live
 * two hours, so a minute's keeping leaves them nearly all of it.
 */
export class AnswerCache {
  private readonly answers: VersionedCache<string>;

  constructor(version: DataVersion) {
    this.answers = new VersionedCache(version, {
      capacity: 1_000,
      maxAgeMs: 60_000,
      keep: (body) => body.length <= MAX_KEPT_CHARS,
    });
  }

  /**
   * `present` builds the answer when it is not kept, with signed URLs for `origin` (the one in
   * the key); the route's response schema serialises it. `notAfter` (epoch ms): when the answer
   * changes by the clock alone (a paid period's end).
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    present: (origin: string) => Promise<unknown>,
    notAfter?: number,
  ): FastifyReply | Promise<FastifyReply> {
    const origin = requestOrigin(request);
    const key = `${request.user.id} ${origin} ${request.url}`;
    // A kept answer goes out in the same tick; only a read waits on promises.
    const kept = this.answers.peek(key);
    if (kept !== undefined) return sendJson(reply, kept);
    return this.answers
      .get(
        key,
        // The routes' serializers (response-serializer.ts) write JSON text.
        async () => reply.serialize(await present(origin)) as string,
        notAfter,
      )
      .then((body) => sendJson(reply, body));
  }
}

function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
