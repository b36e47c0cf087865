import { api, type QueryValue } from '@app/shared/api-client';

/**
 * The SWR key of one API read: the path (what the cache is grouped by) and its query. Every key
 * is made by a resource's key helper, so a mutation invalidates through the same helper instead
 * of retyping a string.
 */
export type ApiKey = readonly [path: string, query?: Readonly<Record<string, QueryValue>>];

/** The fetcher behind every key: GET the path with the query, through the one API client. */
export function fetchApiKey<T>([path, query]: ApiKey): Promise<T> {
  return api.get<T>(path, query ? { query } : undefined);
}
