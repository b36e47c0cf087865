import { z } from 'zod';
import { CognitoError } from '../errors';
import type { ResolvedOptions } from '../options';

/**
 * Parses a request body; a bad one answers as Cognito does: InvalidParameterException with
 * "N validation error(s) detected: Value at '<member>' failed to satisfy constraint: …", the
 * member path in Cognito's spelling (`userAttributes.1.member.name`). Values are never echoed.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const lines = issues.map(
    (issue) =>
      `Value at '${memberPath(issue.path) || 'input'}' failed to satisfy constraint: ${issue.message}`,
  );
  throw new CognitoError(
    'InvalidParameterException',
    `${issues.length} validation error${issues.length === 1 ? '' : 's'} detected: ${lines.join('; ')}`,
  );
}

function memberPath(path: readonly PropertyKey[]): string {
  return path
    .map((key) =>
      typeof key === 'number'
        ? `${key + 1}.member`
        : String(key).charAt(0).toLowerCase() + String(key).slice(1),
    )
    .join('.');
}

/** A string with the constraints Cognito's API reference gives a member, in its wording. */
function cognitoString({ min = 0, max, pattern }: { min?: number; max: number; pattern?: string }) {
  let schema = z
    .string()
    .min(min, `Member must have length greater than or equal to ${min}`)
    .max(max, `Member must have length less than or equal to ${max}`);
  if (pattern !== undefined) {
    schema = schema.regex(
      new RegExp(`^(?:${pattern})$`, 'u'),
      `Member must satisfy regular expression pattern: ${pattern}`,
    );
  }
  return schema;
}

/** Letters, marks, symbols, numbers and punctuation: Cognito's pattern for names. */
const NAME_PATTERN = String.raw`[\p{L}\p{M}\p{S}\p{N}\p{P}]+`;

/**
 * Cognito's username: 1 to 128 letters, marks, symbols, numbers and punctuation; so no spaces,
 * no control characters (NUL) and no format characters (the right-to-left override).
 */
export const usernameField = {
  Username: cognitoString({ min: 1, max: 128, pattern: NAME_PATTERN }),
};

export const confirmationCodeField = {
  ConfirmationCode: cognitoString({ min: 1, max: 2048, pattern: String.raw`[\S]+` }),
};

/** AttributeType: a name of 1 to 32 such characters and a value of at most 2048. */
export const attributeListSchema = z.array(
  z.object({
    Name: cognitoString({ min: 1, max: 32, pattern: NAME_PATTERN }),
    Value: cognitoString({ max: 2048 }),
  }),
);

/**
 * Every unauthenticated operation names the app client. Other fields aws-amplify sends
 * (ClientMetadata, UserContextData, AnalyticsMetadata) are accepted and ignored.
 */
export const clientIdField = { ClientId: cognitoString({ min: 1, max: 128 }) };

export function assertClientId(options: ResolvedOptions, clientId: string): void {
  if (clientId !== options.clientId) {
    throw new CognitoError(
      'ResourceNotFoundException',
      `User pool client ${clientId} does not exist.`,
    );
  }
}
