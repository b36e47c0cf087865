/**
 * The global where the inline script of index.html leaves the API reads it sent for a returning
 * user as the document arrived (src/first-paint/first-paint-decision.ts): the profile and the
 * page's first read, which would otherwise wait for every script of the app to download and run.
 */
export const EARLY_API_READS_GLOBAL = '__studioEarlyApiReads';

/** One read the inline script sent: its URL as the API client builds it, with this token. */
export interface EarlyApiRead {
  url: string;
  token: string;
  response: Promise<Response>;
}

/**
 * How long after the page's start an early answer may stand in for a read. The app asks for them
 * within its first seconds; a read much later (a refresh) must see what the API has now.
 */
const EARLY_READ_LIFETIME_MS = 20_000;

const holder = () => window as unknown as Record<string, EarlyApiRead[] | undefined>;

/** Forgets the early answers not taken: a write makes them older than what the API now has. */
function dropEarlyApiReads(): void {
  delete holder()[EARLY_API_READS_GLOBAL];
}

function takeEarlyRead(url: string, authorization: string | null): EarlyApiRead | undefined {
  const reads = holder()[EARLY_API_READS_GLOBAL];
  if (!reads) return undefined;
  if (performance.now() > EARLY_READ_LIFETIME_MS) {
    dropEarlyApiReads();
    return undefined;
  }
  const index = reads.findIndex(
    (read) => read.url === url && authorization === `Bearer ${read.token}`,
  );
  return index === -1 ? undefined : reads.splice(index, 1)[0];
}

/** The early answer, unless the caller gives up on it first (its timeout, an unmounted page). */
function abortable(response: Promise<Response>, signal: AbortSignal | null | undefined) {
  if (!signal) return response;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<Response>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    response.then(resolve, reject);
  });
}

/**
 * The API client's fetch: a GET the inline script already sent with the same URL and token
 * (once, and only before any write) is answered by that request; everything else goes to the
 * network. When the early request failed, the read is sent again as usual.
 */
export const fetchTakingEarlyReads: typeof fetch = (input, init) => {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (method !== 'GET') {
    dropEarlyApiReads();
    return fetch(input, init);
  }
  const early =
    typeof input === 'string'
      ? takeEarlyRead(input, new Headers(init?.headers).get('authorization'))
      : undefined;
  if (!early) return fetch(input, init);
  return abortable(
    early.response.catch(() => fetch(input, init)),
    init?.signal,
  );
};
