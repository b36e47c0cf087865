import { extname } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { API_PREFIX, IDENTITY_PREFIX, REMOTES_PREFIX } from '../paths';

const NOT_SHELL_PREFIXES = [API_PREFIX, IDENTITY_PREFIX, REMOTES_PREFIX];

/**
 * Whether an unmatched request is the browser opening a client route (a deep link such as
 * /dashboard), which the shell's index.html must answer. API, identity and remote paths keep
 * real 404s: a missing remote file must fail so the shell can show its error card.
 */
export function isShellNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (NOT_SHELL_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    return false;
  }
  return (request.headers.accept ?? '').includes('text/html') || extname(path) === '';
}
