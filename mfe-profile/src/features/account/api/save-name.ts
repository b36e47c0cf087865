import { askShell } from '@app/shared/bus';
import { updateUser } from '@app/shared/data/user';

/**
 * The new name goes to the identity service's `name` attribute (through the shell, which owns
 * the session and aws-amplify) and to the profile (PUT /user). The identity service goes first:
 * if it refuses, nothing has changed and Save Changes stays available to try again.
 */
export async function saveName(name: string): Promise<void> {
  await askShell('auth:update-name-requested', { name });
  await updateUser({ name });
}
