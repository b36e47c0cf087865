/**
 * A client mistake with the status and the exact text the user should see (spec §5, §8). The
 * error handler turns it into `{error, message}`; nothing else is needed at the throw site.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Sent with the answer (Retry-After). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
/** Also for another user's records: whether an id exists elsewhere is nobody else's business. */
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
/**
 * A verdict on what the client sent (a 4xx of ours): the upload paths refuse the file with its
 * message. A stalled body (408) or a busy server (503) says nothing about the bytes.
 */
export function isRefusal(error: unknown): error is HttpError {
  return error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 408;
}

/** Not the client's mistake, and nothing lost: the same request succeeds after `retryAfterSeconds`. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, { 'retry-after': String(retryAfterSeconds) });
