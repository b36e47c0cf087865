import type { Kysely } from 'kysely';
import { openIdentityDatabase } from './db/database';
import { purgeExpired } from './db/purge-expired';
import type { IdentityDatabase } from './db/schema';
import { createMailer, type SendMail } from './mail/mailer';
import { resolveOptions, type IdentityOptions, type ResolvedOptions } from './options';
import { loadOrCreateSigningKey, type SigningKey } from './tokens/signing-key';

const PURGE_INTERVAL_MS = 3_600_000;

/** Everything an identity endpoint needs, opened once per process part (plugin, hosted UI, CLI). */
export interface IdentityService {
  options: ResolvedOptions;
  db: Kysely<IdentityDatabase>;
  signingKey: SigningKey;
  sendMail: SendMail;
  close: () => Promise<void>;
}

export async function openIdentityService(options: IdentityOptions): Promise<IdentityService> {
  const resolved = resolveOptions(options);
  const db = await openIdentityDatabase(resolved.dataDir);
  const signingKey = await loadOrCreateSigningKey(db, resolved.now());
  const mailer = createMailer(db, resolved);
  await purgeExpired(db, resolved.now());
  const purgeTimer = setInterval(() => {
    purgeExpired(db, resolved.now()).catch(() => {
      // A busy database skips one round; the next hour tries again.
    });
  }, PURGE_INTERVAL_MS).unref();
  return {
    options: resolved,
    db,
    signingKey,
    sendMail: mailer.send,
    close: async () => {
      clearInterval(purgeTimer);
      await mailer.close();
      await db.destroy();
    },
  };
}
