import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { REMOTE_NAMES } from '@app/shared/runtime-config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { replyNotFound } from '../errors';
import { remotePath } from '../paths';
import { cacheControlFor, setStaticHeaders } from '../web/cache-control';
import { NOT_BUILT_PAGE } from '../web/not-built-page';
import { withInlineRuntimeConfig } from '../web/shell-document';
import { isShellNavigation } from '../web/shell-navigation';
import { buildRuntimeConfig, requestOrigin } from './runtime-config';

const BUILD_HINT = 'run `pnpm build` in the repository root, then restart';

const brotli = promisify(brotliCompress);

/** Brotli at its best quality: made once per build of the shell, sent on every cold start. */
function brotliBest(text: string): Promise<Buffer> {
  return brotli(text, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  });
}

/** Whether @fastify/compress would choose brotli for this request (its order of preference). */
function prefersBrotli(request: FastifyRequest): boolean {
  const accepted = request.headers['accept-encoding'];
  if (accepted === undefined || request.headers['x-no-compression'] !== undefined) return false;
  return negotiate(accepted.toLowerCase(), ['br', 'gzip', 'deflate', 'identity']) === 'br';
}

function replyNotBuilt(reply: FastifyReply): FastifyReply {
  return reply.code(503).header('cache-control', 'no-store').type('text/html').send(NOT_BUILT_PAGE);
}

/**
 * Serves the built shell at `/` and each remote at `/remotes/<name>/`, and owns the server-wide
 * not-found handler: the shell's wildcard route catches every unmatched GET, so only a handler
 * that looks at the path can tell a deep link from a missing API route.
 */
export const webRoutes = fp<{ root: string; config: AppConfig }>(
  async (app, { root, config }) => {
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
        preCompressed: true,
        cacheControl: false,
        setHeaders: setStaticHeaders,
      });
    }

    const shellDist = join(root, 'shell', 'dist');
    const shellBuilt = existsSync(join(shellDist, 'index.html'));
    if (shellBuilt) {
      app.contentSecurityPolicy.useShellPage(await readFile(join(shellDist, 'index.html'), 'utf8'));
      // The service worker keeps /index.html with its headers: they must allow that very build.
      app.addHook('onRequest', async (request, reply) => {
        if (request.url.split('?')[0] !== '/index.html') return;
        const html = await readFile(join(shellDist, 'index.html'), 'utf8').catch(() => undefined);
        if (html === undefined) return;
        app.contentSecurityPolicy.useShellPage(html);
        reply.header('content-security-policy', app.contentSecurityPolicy.current);
      });
      // Only one registration may decorate the reply (@fastify/static refuses a second): this one.
      await app.register(fastifyStatic, {
        root: shellDist,
        prefix: '/',
        // `/` is a page like any client route: answered below, with the config filled in.
        index: false,
        // A directory would otherwise answer 403 where the shell's page belongs.
        allowedPath: (path) => !path.endsWith('/'),
        preCompressed: true,
        cacheControl: false,
        setHeaders: setStaticHeaders,
      });
    } else {
      app.log.warn(`The shell is not built (${shellDist}/index.html is missing): ${BUILD_HINT}`);
    }

    /**
     * The page as the public origin gets it, in brotli made once per build of the shell: every
     * cold start waits for it, and compressed as hard as brotli goes it fits in the first round
     * trip of a new connection (TCP's initial window), which at @fastify/compress's per-request
     * quality it does not. Other encodings and origins (an address on the local network, a proxy
     * that names itself) go through @fastify/compress per request.
     */
    const publicOrigin = new URL(config.publicUrl).origin;
    let publicPage: { source: string; brotli: Promise<Buffer> } | undefined;
    const publicPageInBrotli = (html: string): Promise<Buffer> => {
      if (publicPage?.source !== html) {
        const filled = withInlineRuntimeConfig(html, buildRuntimeConfig(config, publicOrigin));
        publicPage = { source: html, brotli: brotliBest(filled) };
      }
      return publicPage.brotli;
    };

    /**
     * A page of the shell. /index.html itself stays the file as built: the service worker keeps
     * that copy, and a copy kept with today's config would hide a redeployed remote.
     */
    const replyShellPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const html = await readFile(join(shellDist, 'index.html'), 'utf8');
      // A new build's inline scripts: the policy of this answer already allows them.
      app.contentSecurityPolicy.useShellPage(html);
      reply.header('content-security-policy', app.contentSecurityPolicy.current);
      const origin = requestOrigin(request);
      reply.header('cache-control', cacheControlFor('index.html')).type('text/html; charset=utf-8');
      if (origin === publicOrigin && prefersBrotli(request)) {
        // @fastify/compress leaves an answer that has its Content-Encoding alone.
        reply.header('content-encoding', 'br').header('vary', 'accept-encoding');
        return reply.send(await publicPageInBrotli(html));
      }
      return reply.send(
        origin ? withInlineRuntimeConfig(html, buildRuntimeConfig(config, origin)) : html,
      );
    };

    app.setNotFoundHandler((request, reply) => {
      if (!isShellNavigation(request)) return replyNotFound(request, reply);
      return shellBuilt ? replyShellPage(request, reply) : replyNotBuilt(reply);
    });
  },
  { name: 'web' },
);
