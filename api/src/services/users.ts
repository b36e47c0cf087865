import { createHash, randomUUID } from 'node:crypto';
import { MODEL_LIMITS, normalizeSubscriptionStatus } from '@app/shared/spec';
import type { Kysely, Selectable } from 'kysely';
import type { TokenIdentity } from '../auth/token-verifier';
import type { Database, UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;

const PRO_STATUSES = new Set(['active', 'trialing']);

/** An id token whose e-mail or its verified flag differs from the row's: the row follows it. */
function carriesNewEmail(
  identity: TokenIdentity,
  row: UserRow,
): identity is TokenIdentity & { email: string } {
  return (
    identity.tokenUse === 'id' &&
    identity.email !== undefined &&
    (identity.email !== row.email || (identity.emailVerified ? 1 : 0) !== row.email_verified)
  );
}

/** How `deleted_identities` names an identity: sha256 of its `sub`, hex. */
export const identityHash = (sub: string): string => createHash('sha256').update(sub).digest('hex');

export class UserService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly adminEmails: readonly string[],
  ) {}

  /**
   * The row for a verified token, created on first sight. Id tokens also refresh the e-mail and
   * its verified flag: the identity service owns them (the profile shows e-mail read-only).
   */
  /**
   * The user of a verified token, made on its first request; null when the identity's account
   * was deleted (its token outlived it): it must not come back as a new, empty account.
   */
  async fromIdentity(identity: TokenIdentity): Promise<UserRow | null> {
    const existing = await this.findBySub(identity.sub);
    const now = new Date().toISOString();
    if (!existing) {
      // Read after the users row: the deletion removes that row and writes this in one commit.
      const deleted = await this.db
        .selectFrom('deleted_identities')
        .select('identity_hash')
        .where('identity_hash', '=', identityHash(identity.sub))
        .executeTakeFirst();
      if (deleted) return null;
      await this.db
        .insertInto('users')
        .values({
          id: randomUUID(),
          identity_sub: identity.sub,
          email: identity.email ?? '',
          name: identity.name ?? '',
          email_verified: identity.emailVerified ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        // Two first requests in parallel: the loser keeps the winner's row.
        .onConflict((conflict) => conflict.column('identity_sub').doNothing())
        .execute();
      return (await this.findBySub(identity.sub)) as UserRow;
    }
    if (carriesNewEmail(identity, existing)) {
      const emailVerified = identity.emailVerified ? 1 : 0;
      await this.db
        .updateTable('users')
        .set({ email: identity.email, email_verified: emailVerified, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      return { ...existing, email: identity.email, email_verified: emailVerified };
    }
    return existing;
  }

  private findBySub(sub: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('identity_sub', '=', sub)
      .executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByStripeCustomer(customerId: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('stripe_customer_id', '=', customerId)
      .executeTakeFirst();
  }

  /** The stored flag, or a verified e-mail on the configured list (spec §6). */
  isAdmin(user: UserRow): boolean {
    return (
      user.is_admin === 1 ||
      (user.email_verified === 1 && this.adminEmails.includes(user.email.toLowerCase()))
    );
  }

  /**
   * Admins 999; Pro (active, trialing, or canceled but paid up to a future end) at least 5;
   * everyone else the stored limit (default 1).
   */
  modelLimit(user: UserRow, now = new Date()): number {
    if (this.isAdmin(user)) return MODEL_LIMITS.admin;
    const status = normalizeSubscriptionStatus(user.subscription_status);
    const paidUntilLater = user.subscription_end !== null && new Date(user.subscription_end) > now;
    const pro = PRO_STATUSES.has(status) || (status === 'canceled' && paidUntilLater);
    return pro ? Math.max(user.model_limit, MODEL_LIMITS.pro) : user.model_limit;
  }

  async update(
    id: string,
    fields: Partial<
      Pick<
        UserRow,
        | 'name'
        | 'profile_picture_key'
        | 'profile_picture_bytes'
        | 'default_model_id'
        | 'subscription_status'
        | 'subscription_end'
        | 'stripe_customer_id'
        | 'stripe_subscription_id'
        | 'training_mail'
      >
    >,
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...fields, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
