import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { IdentityDatabase } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`, for mail clients that show one. */
  html?: string;
}

/** Hands a message to the SMTP server without waiting; a failure is logged, not thrown. */
export interface MailTransport {
  deliver(message: MailMessage, log: FastifyBaseLogger): void;
  /** Mail accepted before shutdown still goes out. */
  close(): Promise<void>;
}

export type SendMail = (message: MailMessage, log: FastifyBaseLogger) => Promise<void>;

/**
 * Every message goes to the outbox (stored, logged) so an operator can always see what was sent;
 * with SMTP configured it is also delivered. The answer does not wait for the SMTP server: how
 * long it takes must not tell whether a mail went out (ForgotPassword for an unknown username
 * sends none). A delivery failure is logged, not thrown: the user can ask for the code again, as
 * with Cognito's own mail.
 */
export function createMailer(
  db: Kysely<IdentityDatabase>,
  options: { smtpUrl: string | undefined; mailFrom: string; devOutbox: boolean; now: () => Date },
): { send: SendMail; close: () => Promise<void> } {
  // Codes in a production log are secrets in the wrong place; there SMTP delivers them instead.
  const logBodies = options.devOutbox || options.smtpUrl === undefined;
  const transport = createMailTransport(options);
  const send: SendMail = async (message, log) => {
    await db
      .insertInto('outbox')
      .values({
        id: randomUUID(),
        to_address: message.to.toLowerCase(),
        subject: message.subject,
        body: message.text,
        created_at: options.now().getTime(),
      })
      .execute();
    log.info(
      { to: message.to, subject: message.subject },
      logBodies ? `identity mail: ${message.text}` : 'identity mail',
    );
    transport.deliver(message, log);
  };
  return { send, close: () => transport.close() };
}

/**
 * The SMTP delivery both the identity service and the api use, on the same settings (SMTP_URL,
 * MAIL_FROM); without an SMTP URL nothing is delivered (the caller's outbox is the record).
 */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  mailFrom: string;
}): MailTransport {
  // nodemailer loads only with SMTP configured (it is a noticeable part of a start otherwise).
  // CommonJS: its exports are the import's `default` in Node and in the server bundle alike.
  const smtpUrl = options.smtpUrl;
  const transport: Promise<Transporter> | undefined =
    smtpUrl === undefined
      ? undefined
      : import('nodemailer').then(({ default: mailer }) =>
          mailer.createTransport(withTimeouts(smtpUrl)),
        );
  const deliveries = new Set<Promise<void>>();
  return {
    deliver(message, log) {
      if (transport === undefined) return;
      const delivery = transport
        .then((smtp) => smtp.sendMail({ from: options.mailFrom, ...message }))
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, to: message.to }, 'mail delivery failed'),
        )
        .finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },
    close: async () => {
      await Promise.all(deliveries);
      (await transport)?.close();
    },
  };
}

/**
 * A delivery holds a shutdown until it ends, so an unreachable server must fail in seconds, not
 * in nodemailer's default two minutes. Values already in the URL win (nodemailer reads them there).
 */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000' };
  for (const [name, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url.toString();
}
