import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { addCors } from '../cors';
import { closeConnectionsOnceAnswered } from '../close-connections';
import { openIdentityService } from '../service';
import { authorizeRoute } from './authorize';
import { createHostedUiContext } from './hosted-ui-context';
import { HOSTED_UI_DEFAULTS, type HostedUiOptions } from './hosted-ui-options';
import { idpResponseRoute } from './idp-response';
import { logoutRoute } from './logout';
import { errorPage } from './redirect-with-error';
import { revokeRoute } from './revoke';
import { addSecurityHeaders } from './security-headers';
import { tokenRoute } from './token';
import { loadOrCreateCertificate } from './tls-certificate';

export interface RunningHostedUi {
  /** The https origin browsers use (its host:port is aws-amplify's `oauth.domain`). */
  url: string;
  /** The port it listens on; differs from the URL's behind a proxy. */
  port: number;
  /** The self-signed certificate, PEM: clients that must not skip TLS checks trust this. */
  certificate: string;
  close: () => Promise<void>;
}

/** Form bodies of /oauth2/token and /oauth2/revoke are a few hundred bytes. */
const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The hosted UI (OAuth endpoints of a Cognito domain) on its own HTTPS port: aws-amplify always
 * calls `https://<oauth.domain>`. It shares the pool's database with the identity plugin.
 */
export async function startHostedUi(options: HostedUiOptions): Promise<RunningHostedUi> {
  const tls = await loadOrCreateCertificate(options.dataDir);
  const service = await openIdentityService(options);
  const app = Fastify({
    https: { key: tls.key, cert: tls.cert },
    bodyLimit: FORM_BODY_LIMIT_BYTES,
    logger: { level: options.logLevel ?? 'info' },
  });
  closeConnectionsOnceAnswered(app);
  app.addHook('onClose', () => service.close());
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  addCors(app, service.options.allowedOrigins);
  addSecurityHeaders(app);
  refuseNonTextParameters(app);
  let url = '';
  const context = createHostedUiContext(service, options, () => url);
  await app.register(authorizeRoute, { context });
  await app.register(idpResponseRoute, { context });
  await app.register(tokenRoute, { context });
  await app.register(revokeRoute, { context });
  await app.register(logoutRoute, { context });
  try {
    await app.listen({
      host: options.host ?? '0.0.0.0',
      port: options.port ?? HOSTED_UI_DEFAULTS.port,
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  url = (options.publicUrl ?? `https://localhost:${port}`).replace(/\/+$/, '');
  return { url, port, certificate: tls.cert, close: () => app.close() };
}

/**
 * Each OAuth parameter is one piece of text. A repeated one (an array in the query) or a number
 * or object in a JSON body is the client's mistake: 400 invalid_request, as a page for the
 * browser's GETs and in OAuth's JSON shape for the app's POSTs.
 */
function refuseNonTextParameters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const values = [request.query, request.body].flatMap((part) =>
      part !== null && typeof part === 'object' ? Object.values(part) : [],
    );
    if (values.every((value) => typeof value === 'string')) return;
    const description = 'each parameter must be given once, as text';
    if (request.method === 'GET') return errorPage(reply, 400, `invalid_request: ${description}`);
    return reply.code(400).send({ error: 'invalid_request', error_description: description });
  });
}
