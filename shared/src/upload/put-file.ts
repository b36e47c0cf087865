/**
 * PUT of one file to its presigned URL. XMLHttpRequest rather than fetch: only XHR reports upload
 * progress in every browser the app runs on.
 */

import { IDENTITY_TEXT } from '../spec/messages';

interface UploadProgress {
  loaded: number;
  total: number;
}

export interface PutFileOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** No byte sent for this long: the connection is taken as lost (default `STALL_MS`). */
  stallMs?: number;
}

/**
 * A phone that loses its network mid-upload may get no error for many minutes; the file would
 * sit at the same percentage with nothing to press. Only the sending is watched: once the whole
 * file is sent, the answer waits for the server's processing of the photo.
 */
const STALL_MS = 30_000;

/** The target answered with an error status, or no answer came (status 0). */
export class UploadHttpError extends Error {
  override readonly name = 'UploadHttpError';
  readonly status: number;
  /** The answer's status text, or its usual wording when the answer carried none (HTTP/2). */
  readonly statusText: string;
  /** The answer's Retry-After in seconds (a busy server, 503 or 429), when it sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, statusText: string, retryAfterSeconds?: number) {
    super(statusText);
    this.status = status;
    this.statusText = statusText;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** HTTP/2 answers have no reason phrase, and a network failure has no status at all. */
const USUAL_STATUS_TEXT: Readonly<Record<number, string>> = {
  0: IDENTITY_TEXT.networkError,
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function statusTextOf(status: number, statusText: string): string {
  return statusText || USUAL_STATUS_TEXT[status] || `HTTP ${status}`;
}

/** Resolves once the target accepted the file; rejects with UploadHttpError, or an AbortError. */
export function putFile(
  url: string,
  body: Blob,
  contentType: string,
  options: PutFileOptions = {},
): Promise<void> {
  const { onProgress, signal, stallMs = STALL_MS } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    let stalled = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const watchSending = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, stallMs);
    };
    const settle = (outcome: () => void) => {
      clearTimeout(stallTimer);
      signal?.removeEventListener('abort', abort);
      outcome();
    };
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.addEventListener('progress', (event) => {
      watchSending();
      onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : body.size,
      });
    });
    xhr.upload.addEventListener('load', () => clearTimeout(stallTimer));
    xhr.addEventListener('load', () =>
      settle(() => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.({ loaded: body.size, total: body.size });
          resolve();
        } else {
          const retryAfter = Number(xhr.getResponseHeader('Retry-After') ?? Number.NaN);
          reject(
            new UploadHttpError(
              xhr.status,
              statusTextOf(xhr.status, xhr.statusText),
              Number.isFinite(retryAfter) ? retryAfter : undefined,
            ),
          );
        }
      }),
    );
    // No answer: the network failed, or the sending stalled and was given up.
    const unanswered = () => new UploadHttpError(0, statusTextOf(0, ''));
    xhr.addEventListener('error', () => settle(() => reject(unanswered())));
    xhr.addEventListener('abort', () =>
      settle(() => reject(stalled ? unanswered() : abortError())),
    );
    xhr.send(body);
    watchSending();
  });
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
