import { STANDARD_USER_ATTRIBUTES } from '@app/shared/spec';
import { CognitoError } from '../errors';

/** Set by the pool, never by the user. */
const READ_ONLY = new Set(['sub', 'email_verified', 'phone_number_verified', 'identities']);

/** Standard and `custom:*` attributes only, as Cognito's schema allows; anything else is refused. */
export function writableAttributes(
  list: { Name: string; Value: string }[],
): Record<string, string> {
  const standard: ReadonlySet<string> = new Set(STANDARD_USER_ATTRIBUTES);
  const attributes: Record<string, string> = {};
  for (const { Name, Value } of list) {
    if (READ_ONLY.has(Name) || (!standard.has(Name) && !Name.startsWith('custom:'))) {
      throw new CognitoError(
        'InvalidParameterException',
        `Attributes did not conform to the schema: ${Name}: Attribute does not exist in the schema.`,
      );
    }
    if (Value.length > 2048) {
      throw new CognitoError(
        'InvalidParameterException',
        `Attributes did not conform to the schema: ${Name}: String must be no longer than 2048 characters`,
      );
    }
    attributes[Name] = Value;
  }
  return attributes;
}
