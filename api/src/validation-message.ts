import * as spec from '@app/shared/spec';

/** Every fixed text of the spec's catalogue (the `*_TEXT` groups of @app/shared/spec). */
const SPEC_TEXTS: ReadonlySet<string> = new Set(
  (Object.values(spec) as unknown[])
    .filter((value): value is object => typeof value === 'object' && value !== null)
    .flatMap((group) => Object.values(group) as unknown[])
    .filter((text): text is string => typeof text === 'string'),
);

/**
 * The message of a failed schema check: a spec text as it is (schemas attach them to the fields
 * the UI checks too, e.g. 'Please enter a prompt'); zod's generic texts get the field they are
 * about ('photos.0.filename: Invalid input: expected string, received undefined').
 */
export function validationMessage(
  issue: { message?: string; instancePath: string },
  context: string | undefined,
): string {
  const message = issue.message ?? 'Invalid input';
  if (SPEC_TEXTS.has(message)) return message;
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = path || context;
  return where ? `${where}: ${message}` : message;
}
