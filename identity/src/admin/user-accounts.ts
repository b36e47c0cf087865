import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage } from '../mail/mailer';
import type { IdentityOptions } from '../options';
import { openIdentityService } from '../service';
import { findUserById, deleteUser } from '../users/user-store';

/** What a host process does to the pool's users on its own (AdminDeleteUser and mail). */
export interface UserAccounts {
  /** AdminDeleteUser by `sub`: the user, its sessions (their tokens are refused from then on), its codes. False when already gone. */
  deleteUser(sub: string): Promise<boolean>;
  /** Through the pool's mailer: the outbox, and SMTP when configured. */
  sendMail(message: MailMessage, log: FastifyBaseLogger): Promise<void>;
  close(): Promise<void>;
}

export async function openUserAccounts(options: IdentityOptions): Promise<UserAccounts> {
  const service = await openIdentityService(options);
  return {
    async deleteUser(sub) {
      if ((await findUserById(service.db, sub)) === undefined) return false;
      await deleteUser(service.db, sub);
      return true;
    },
    sendMail: (message, log) => service.sendMail(message, log),
    close: () => service.close(),
  };
}
