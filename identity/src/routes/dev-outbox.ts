import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { IdentityService } from '../service';

interface OutboxQuery {
  to?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The mail outbox for development: JSON at `/dev/outbox?to=<email>` (newest first), a page at
 * `/dev/outbox.html`. Registered only when the dev outbox is on, which production never is, and
 * answered only on this machine: a dev server reachable from a network must not hand out codes.
 */
export const devOutboxRoutes: FastifyPluginAsync<{ service: IdentityService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', async (request, reply) => {
    // The socket's address, not request.ip: X-Forwarded-For is the caller's to choose.
    if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) {
      return reply.code(404).send({ message: 'Not Found' });
    }
  });

  const messages = (to: string | undefined) => {
    // rowid breaks ties: two mails in the same millisecond still come newest first.
    let query = service.db
      .selectFrom('outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy(sql`rowid`, 'desc');
    if (to) query = query.where('to_address', '=', to.trim().toLowerCase());
    return query.limit(100).execute();
  };

  app.get<{ Querystring: OutboxQuery }>('/dev/outbox', async (request) => {
    const rows = await messages(request.query.to);
    return rows.map((row) => ({
      to: row.to_address,
      subject: row.subject,
      body: row.body,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  });

  app.get<{ Querystring: OutboxQuery }>('/dev/outbox.html', async (request, reply) => {
    const rows = await messages(request.query.to);
    const items = rows
      .map(
        (row) =>
          `<li><strong>${escapeHtml(row.to_address)}</strong> · ${new Date(row.created_at).toISOString()}<br>` +
          `<em>${escapeHtml(row.subject)}</em><pre>${escapeHtml(row.body)}</pre></li>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Identity outbox</title>` +
          `<h1>Identity outbox (development only)</h1><ul>${items || '<li>No mail yet.</li>'}</ul>`,
      );
  });
};
