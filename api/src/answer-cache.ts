import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import {
  COMPRESSION_THRESHOLD,
  CompressedText,
  KEPT_COMPRESSION_THRESHOLD,
  sendCompressed,
} from './compression';
import type { DataVersion } from './db/data-version';
import { requestOrigin } from './presenters';
import { VersionedCache } from './versioned-cache';

/** Larger answers are serialised again rather than kept: at most ~32 MB, a gallery page ~12 KB. */
const MAX_KEPT_CHARS = 32 * 1024;

/**
 * A serialised answer and, when it goes out compressed, its compressed forms, each made when a
 * client first asks for it and kept with the answer: a kept answer is compressed once per
 * encoding, not once per request.
 */
class Answer extends CompressedText {
  /** Its UTF-8 length: what @fastify/compress compares with its threshold (app.ts). */
  private readonly bytes: number;

  constructor(json: string) {
    super(json);
    this.bytes = Buffer.byteLength(json);
  }

  get json(): string {
    return this.text;
  }

  /**
   * Whether it goes out compressed to a client that accepts it: from @fastify/compress's
   * threshold, or from KEPT_COMPRESSION_THRESHOLD while it is kept, since its compressed bytes
   * are then made once for every request that follows.
   */
  compressible(kept: boolean): boolean {
    return this.bytes >= (kept ? KEPT_COMPRESSION_THRESHOLD : COMPRESSION_THRESHOLD);
  }
}

/**
 * Serialised answers of the reads a signed-in screen repeats (its profile, its gallery page),
 * kept per user until the database changes (versioned-cache.ts): a repeat costs a version check
 * instead of the queries, the presenting and the serialising. Keyed by what the answer depends
 * on: the user, the origin its signed URLs point at and the URL with its query. Signed URLs live
 * two hours, so a minute's keeping leaves them nearly all of it.
 *
 * The routes that send through it opt out of @fastify/compress (`compress: false`): its hooks
 * cost every answer, and the answers compress themselves the way it would, from the same size,
 * or, while kept, from a much smaller one (see `Answer.compressible`).
 */
export class AnswerCache {
  private readonly answers: VersionedCache<Answer>;

  constructor(version: DataVersion) {
    this.answers = new VersionedCache(version, {
      capacity: 1_000,
      maxAgeMs: 60_000,
      keep: (answer) => answer.json.length <= MAX_KEPT_CHARS,
    });
  }

  /**
   * onRequest hook (after authentication) of a route whose every answer goes through `send`: a
   * kept answer goes out before the query is parsed into values and validated. It was kept for
   * this very URL, which passed validation then and would again; any other URL goes on to
   * validation and the handler.
   */
  readonly sendKept: onRequestHookHandler = (request, reply, done) => {
    const kept = this.answers.peek(keyOf(request, requestOrigin(request)));
    if (kept === undefined) {
      done();
      return;
    }
    const sent = sendAnswer(request, reply, kept, true);
    if (sent instanceof Promise) sent.catch(done);
  };

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
    const key = keyOf(request, origin);
    // A kept answer goes out in the same tick; only a read waits on promises.
    const kept = this.answers.peek(key);
    if (kept !== undefined) return sendAnswer(request, reply, kept, true);
    return this.answers
      .get(
        key,
        // The routes' serializers (response-serializer.ts) write JSON text.
        async () => new Answer(reply.serialize(await present(origin)) as string),
        notAfter,
      )
      .then((answer) => sendAnswer(request, reply, answer, this.answers.peek(key) === answer));
  }
}

function keyOf(request: FastifyRequest, origin: string): string {
  return `${request.user.id} ${origin} ${request.url}`;
}

function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Answer,
  kept: boolean,
): FastifyReply | Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  return answer.compressible(kept)
    ? sendCompressed(request, reply, answer)
    : reply.send(answer.json);
}
