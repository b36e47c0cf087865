import { PASSWORD_MIN_LENGTH } from '@app/shared/spec';
import { CognitoError } from '../errors';

/** Cognito's limit on any password it accepts. */
const PASSWORD_MAX_LENGTH = 256;

/** The spec's pool policy: at least 8 characters, no required character classes. */
export function assertPasswordPolicy(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new CognitoError(
      'InvalidPasswordException',
      'Password did not conform with policy: Password not long enough',
    );
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new CognitoError(
      'InvalidPasswordException',
      'Password did not conform with policy: Password too long',
    );
  }
}
