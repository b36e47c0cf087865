import { STANDARD_USER_ATTRIBUTES } from '@app/shared/spec';
import { CognitoError } from '../errors';
import type { ResolvedOptions } from '../options';

/**
 * The pool's attribute schema as Cognito applies it to what a user writes (SignUp,
 * UpdateUserAttributes, the new-password challenge): the standard attributes with Cognito's
 * formats, and only the `custom:` attributes the pool declares (`customAttributes`).
 */

/** Cognito's default limit for any string attribute. */
const MAX_STRING_LENGTH = 2048;
/** The pool sets these; no app client may write them. */
const POOL_MANAGED = new Set(['sub', 'identities', 'email_verified', 'phone_number_verified']);
/** Cognito's phone format: `+`, the country code and the number, digits only (E.164). */
const E164 = /^\+[1-9]\d{1,14}$/;
/** Cognito's check for an e-mail address (and for the username, which is the e-mail here). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const schemaError = (detail: string) =>
  new CognitoError(
    'InvalidParameterException',
    `Attributes did not conform to the schema: ${detail}`,
  );

/** Checks one written value against its attribute's type; the name is known to be writable. */
function assertValueConforms(name: string, value: string): void {
  if (value.length > MAX_STRING_LENGTH) {
    throw schemaError(`${name}: String must be no longer than ${MAX_STRING_LENGTH} characters`);
  }
  switch (name) {
    case 'email':
      if (!EMAIL_PATTERN.test(value)) {
        throw new CognitoError('InvalidParameterException', 'Invalid email address format.');
      }
      return;
    case 'phone_number':
      if (!E164.test(value)) {
        throw new CognitoError('InvalidParameterException', 'Invalid phone number format.');
      }
      return;
    // A Number attribute in Cognito's standard schema: seconds since the epoch.
    case 'updated_at':
      if (!/^\d{1,15}$/.test(value)) throw schemaError('updated_at: Number expected');
      return;
    // A String attribute of exactly 10 characters in the standard schema (YYYY-MM-DD).
    case 'birthdate':
      if (value.length < 10)
        throw schemaError('birthdate: String must be no shorter than 10 characters');
      if (value.length > 10)
        throw schemaError('birthdate: String must be no longer than 10 characters');
      return;
  }
}

function declaredAttributeNames(options: ResolvedOptions): ReadonlySet<string> {
  return new Set([
    ...STANDARD_USER_ATTRIBUTES,
    ...options.customAttributes.map((name) => `custom:${name}`),
  ]);
}

/**
 * The attributes a user may write, checked against the schema: a pool-managed one is refused
 * (NotAuthorizedException), an undeclared one too (InvalidParameterException, "Type for
 * attribute {name} could not be determined"), and a value of the wrong format as Cognito words it.
 */
export function writableAttributes(
  options: ResolvedOptions,
  list: readonly { Name: string; Value: string }[],
): Record<string, string> {
  const declared = declaredAttributeNames(options);
  const attributes: Record<string, string> = {};
  for (const { Name, Value } of list) {
    if (POOL_MANAGED.has(Name)) {
      throw new CognitoError(
        'NotAuthorizedException',
        'A client attempted to write unauthorized attribute',
      );
    }
    if (!declared.has(Name)) {
      throw schemaError(`Type for attribute {${Name}} could not be determined`);
    }
    assertValueConforms(Name, Value);
    attributes[Name] = Value;
  }
  return attributes;
}

/** What an id token may carry of the stored attributes: only what the schema declares. */
export function declaredAttributes(
  options: ResolvedOptions,
  stored: Readonly<Record<string, string>>,
): Record<string, string> {
  const declared = declaredAttributeNames(options);
  return Object.fromEntries(Object.entries(stored).filter(([name]) => declared.has(name)));
}
