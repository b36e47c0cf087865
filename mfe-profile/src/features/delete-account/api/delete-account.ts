import { askShell } from '@app/shared/bus';
import { deleteAccount } from '@app/shared/data/user';
import { ACCOUNT_DELETION_WORD } from '@app/shared/contract/user';
import { requestLogout } from '../../logout/api/request-logout';

/**
 * One account deletion, step by step; a retry after a failed step starts at that step. The api
 * first: once it accepted, a job deletes every row and file whatever happens here, and it
 * refuses the account's tokens. Then the identity, where only the browser can (Amazon Cognito's
 * DeleteUser needs the user's token, which the api never keeps): done the other way round, a
 * refused or failed api call would leave the data with no identity left to ask for its
 * deletion. Then the shell signs out (and goes home).
 */
export function accountDeletion(): () => Promise<void> {
  let accepted = false;
  return async () => {
    if (!accepted) {
      await deleteAccount({ confirm: ACCOUNT_DELETION_WORD });
      accepted = true;
    }
    await askShell('auth:delete-identity-requested', {});
    await requestLogout();
  };
}
