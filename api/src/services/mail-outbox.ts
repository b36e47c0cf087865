import type { MailTransport } from '@app/identity';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Rows one delivery round takes on. */
const BATCH = 20;

/**
 * Delivers the mails recorded in `mail_outbox`. A row is claimed by the one update that sets its
 * `sent_at`: of several processes (or a restart) delivering the same row, one claims it and the
 * others skip it, so each mail goes out once. Without SMTP the row itself is the record (the
 * development outbox), and the body is logged outside production.
 */
export class MailOutbox {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    private readonly logBodies: boolean,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Resolves with how many mails this call claimed and handed to the SMTP server. */
  async deliverPending(log: FastifyBaseLogger): Promise<number> {
    const rows = await this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .orderBy('created_at', 'asc')
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const row of rows) {
      const claimed = await this.db
        .updateTable('mail_outbox')
        .set({ sent_at: this.now().toISOString() })
        .where('id', '=', row.id)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) continue;
      const message = {
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      };
      log.info(
        { to: message.to, subject: message.subject },
        this.logBodies ? `mail: ${message.text}` : 'mail',
      );
      this.transport.deliver(message, log);
      sent += 1;
    }
    return sent;
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
