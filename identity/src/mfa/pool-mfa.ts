import { CognitoError } from '../errors';
import type { ResolvedOptions } from '../options';

/**
 * The pool's MFA setting decides what users may enrol in: with MFA off (the spec's pool) no
 * factor is ever asked for at sign-in, so none may be set up either. A user must never be told
 * a factor protects them while sign-in ignores it.
 */
export const poolHasMfa = (options: ResolvedOptions): boolean => options.mfa !== 'OFF';

/**
 * AssociateSoftwareToken and VerifySoftwareToken: Cognito's documented answer when the pool
 * has no authenticator-app MFA (SoftwareTokenMFANotFoundException).
 */
export function assertSoftwareTokenMfaEnabled(options: ResolvedOptions): void {
  if (!poolHasMfa(options)) {
    throw new CognitoError(
      'SoftwareTokenMFANotFoundException',
      'Software Token MFA has not been enabled by the userPool',
    );
  }
}

type MfaFactorName = 'Software Token' | 'Email' | 'SMS';

/** SetUserMFAPreference turning on a factor the pool does not offer: InvalidParameterException. */
export function factorNotEnabled(factor: MfaFactorName): CognitoError {
  return new CognitoError(
    'InvalidParameterException',
    `${factor} MFA has not been enabled by the userPool`,
  );
}
