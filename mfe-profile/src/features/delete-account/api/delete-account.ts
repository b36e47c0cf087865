import { deleteAccount } from '@app/shared/data/user';
import { ACCOUNT_DELETION_WORD } from '@app/shared/contract/user';
import { requestLogout } from '../../logout/api/request-logout';

/**
 * The server deletes everything in a job and refuses the account's tokens from the start, so the
 * shell signs out right after (and goes home).
 */
export async function deleteAccountAndSignOut(): Promise<void> {
  await deleteAccount({ confirm: ACCOUNT_DELETION_WORD });
  await requestLogout();
}
