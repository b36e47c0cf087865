/** Public URL paths this process answers under; the SPA fallback must never shadow them. */
export const API_PREFIX = '/api';
export const IDENTITY_PREFIX = '/identity';
export const REMOTES_PREFIX = '/remotes';

export function remotePath(name: string): string {
  return `${REMOTES_PREFIX}/${name}/`;
}
