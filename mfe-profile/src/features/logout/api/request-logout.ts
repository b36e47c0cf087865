import { askShell } from '@app/shared/bus';

/** The shell owns the session: it signs out, clears the account's storage and goes home. */
export function requestLogout(): Promise<void> {
  return askShell('auth:logout-requested', { source: 'profile' });
}
