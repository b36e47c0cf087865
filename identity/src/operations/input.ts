import { z } from 'zod';
import { CognitoError } from '../errors';
import type { ResolvedOptions } from '../options';

/** Parses a request body; a bad one answers as Cognito does, with InvalidParameterException. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const lines = issues.map(
    (issue) =>
      `Value at '${issue.path.join('.') || 'input'}' failed to satisfy constraint: ${issue.message}`,
  );
  throw new CognitoError(
    'InvalidParameterException',
    `${issues.length} validation error${issues.length === 1 ? '' : 's'} detected: ${lines.join('; ')}`,
  );
}

export const attributeListSchema = z.array(z.object({ Name: z.string(), Value: z.string() }));

/**
 * Every unauthenticated operation names the app client. Other fields aws-amplify sends
 * (ClientMetadata, UserContextData, AnalyticsMetadata) are accepted and ignored.
 */
export const clientIdField = { ClientId: z.string().min(1) };

export function assertClientId(options: ResolvedOptions, clientId: string): void {
  if (clientId !== options.clientId) {
    throw new CognitoError(
      'ResourceNotFoundException',
      `User pool client ${clientId} does not exist.`,
    );
  }
}
