import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { REMOTE_NAMES } from '@app/shared/runtime-config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CompressedText, sendCompressed } from '../compression';
import type { AppConfig } from '../config';
import { replyNotFound } from '../errors';
import { remotePath } from '../paths';
import { cacheControlFor, setStaticHeaders } from '../web/cache-control';
import { NOT_BUILT_PAGE } from '../web/not-built-page';
import { withInlineRuntimeConfig } from '../web/shell-document';
import { isShellNavigation } from '../web/shell-navigation';
import { buildRuntimeConfig, requestOrigin } from './runtime-config';

const BUILD_HINT = 'run `pnpm build` in the repository root, then restart';

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
     * The page as the public origin gets it, kept until index.html changes. It is every cold
     * start's first answer, and everything else waits for it: compressed once as hard as the
     * formats go (12.9 KB of brotli), it arrives in the first round trip of a new connection
     * (TCP's initial window, ~14 KB), which at @fastify/compress's per-request quality (15 KB) it
     * did not. Other origins (an address on the local network, a proxy that names itself) are
     * compressed per request, so no Host header costs the server a compression at best effort.
     */
    const publicOrigin = new URL(config.publicUrl).origin;
    let publicPage: { source: string; page: CompressedText } | undefined;
    const publicPageFor = (html: string): CompressedText => {
      if (publicPage?.source !== html) {
        const filled = withInlineRuntimeConfig(html, buildRuntimeConfig(config, publicOrigin));
        publicPage = { source: html, page: new CompressedText(filled, 'best') };
      }
      return publicPage.page;
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
      if (origin === publicOrigin) return sendCompressed(request, reply, publicPageFor(html));
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
