import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { REMOTE_NAMES } from '@app/shared/runtime-config';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { replyNotFound } from '../errors';
import { remotePath } from '../paths';
import { setCacheHeaders } from '../web/cache-control';
import { NOT_BUILT_PAGE } from '../web/not-built-page';
import { isShellNavigation } from '../web/shell-navigation';

const BUILD_HINT = 'run `pnpm build` in the repository root, then restart';

function replyNotBuilt(reply: FastifyReply): FastifyReply {
  return reply.code(503).header('cache-control', 'no-store').type('text/html').send(NOT_BUILT_PAGE);
}

/**
 * Serves the built shell at `/` and each remote at `/remotes/<name>/`, and owns the server-wide
 * not-found handler: the shell's wildcard route catches every unmatched GET, so only a handler
 * that looks at the path can tell a deep link from a missing API route.
 */
export const webRoutes = fp<{ root: string }>(
  async (app, { root }) => {
    for (const name of REMOTE_NAMES) {
      const dist = join(root, `mfe-${name}`, 'dist');
      if (!existsSync(dist)) {
        app.log.warn(`Remote "${name}" is not built (${dist} is missing): ${BUILD_HINT}`);
        continue;
      }
      await app.register(fastifyStatic, {
        root: dist,
        prefix: remotePath(name),
        decorateReply: false,
        cacheControl: false,
        setHeaders: setCacheHeaders,
      });
    }

    const shellDist = join(root, 'shell', 'dist');
    const shellBuilt = existsSync(join(shellDist, 'index.html'));
    if (shellBuilt) {
      // The one registration that decorates the reply: the fallback below needs `sendFile`.
      await app.register(fastifyStatic, {
        root: shellDist,
        prefix: '/',
        cacheControl: false,
        setHeaders: setCacheHeaders,
      });
    } else {
      app.log.warn(`The shell is not built (${shellDist}/index.html is missing): ${BUILD_HINT}`);
    }

    app.setNotFoundHandler((request, reply) => {
      if (!isShellNavigation(request)) return replyNotFound(request, reply);
      return shellBuilt ? reply.sendFile('index.html') : replyNotBuilt(reply);
    });
  },
  { name: 'web' },
);
