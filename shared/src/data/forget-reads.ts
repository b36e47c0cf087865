import { unload } from 'swr';

/**
 * Forgets every API read SWR holds: the answers, the reads still on their way and the reads
 * started before any page asked (preloads). After a sign-out, the next account's first read of a
 * key goes to the API. Setting each key to undefined is not enough: a reader that mounts within
 * SWR's dedupe interval takes over the previous account's read instead of asking.
 */
export function forgetAllReads(): void {
  unload({ revalidate: false });
}
