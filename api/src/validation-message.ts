import * as spec from '@app/shared/spec';
import {
  GENERATE_TEXT,
  invalidField,
  tooManyPhotos,
  TRAINING_TEXT,
  type FieldProblem,
} from '@app/shared/spec';
import { UNSAFE_CHARACTERS_PROBLEM } from '@app/shared/contract/safe-text';

/** Every fixed text of the spec's catalogue (the `*_TEXT` groups of @app/shared/spec). */
const SPEC_TEXTS: ReadonlySet<string> = new Set(
  (Object.values(spec) as unknown[])
    .filter((value): value is object => typeof value === 'object' && value !== null)
    .flatMap((group) => Object.values(group) as unknown[])
    .filter((text): text is string => typeof text === 'string'),
);

/** Lists of training photos: too many of them is the spec's 'Too many photos...' (§5). */
const TRAINING_PHOTO_LISTS = new Set(['photos', 'files', 'photoIds']);

/**
 * The spec's (or API_TEXT's) words for a field over its size, by field name: a schema's limit
 * may be looser than the rule (the service checks the rule), but both are told the same.
 */
function sizeText(fieldName: string, problem: FieldProblem): string | undefined {
  if (problem.kind === 'tooManyItems' && problem.count !== undefined) {
    if (TRAINING_PHOTO_LISTS.has(fieldName)) return tooManyPhotos(problem.count);
    if (fieldName === 'model_ids') return GENERATE_TEXT.tooManyModels;
    if (fieldName === 'prompts') return GENERATE_TEXT.tooManyImages;
  }
  if (problem.kind === 'tooLong' && fieldName === 'modelName') {
    return TRAINING_TEXT.modelNameTooLong;
  }
  return undefined;
}

/** A zod issue as zod reports it, or as fastify-type-provider-zod hands it over. */
interface Issue {
  code?: string;
  path: readonly PropertyKey[];
  message?: string;
}

/** The details of an issue of its kind (maximum, origin, expected, values, errors...). */
type Detailed = Issue & Record<string, unknown>;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** How a value that was sent reads in a message ('a number', 'a list'). */
function describe(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'true or false';
  return typeof value;
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  stringbool: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * A union failed in every branch: the branch the client meant is the one that misses the fewest
 * fields it names ({photos: [21 items]} meant the batch, not the one-file form).
 */
function meantBranch(issue: Detailed, input: unknown): Issue | undefined {
  const branches = (issue.errors as Issue[][] | undefined) ?? [];
  const missing = (branch: Issue[]) =>
    branch.filter((inner) => valueAt(input, [...issue.path, ...inner.path]) === undefined).length;
  const best = branches.reduce<Issue[] | undefined>(
    (chosen, branch) => (!chosen || missing(branch) < missing(chosen) ? branch : chosen),
    undefined,
  );
  const first = best?.[0];
  return first && { ...first, path: [...issue.path, ...first.path] };
}

/** What the issue says is wrong with the value it is about. */
function problemOf(issue: Detailed, value: unknown): FieldProblem {
  const number = (key: string) => Number(issue[key]);
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined
        ? { kind: 'missing' }
        : {
            kind: 'type',
            expected: EXPECTED[String(issue.expected)] ?? String(issue.expected),
            received: describe(value),
          };
    case 'too_big':
      if (issue.origin === 'string') {
        const length = typeof value === 'string' ? value.length : undefined;
        return { kind: 'tooLong', max: number('maximum'), length };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        const count = Array.isArray(value) ? value.length : undefined;
        return { kind: 'tooManyItems', max: number('maximum'), count };
      }
      return { kind: 'tooLarge', max: number('maximum') };
    case 'too_small':
      if (issue.origin === 'string') return { kind: 'tooShort', min: number('minimum') };
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { kind: 'tooFewItems', min: number('minimum') };
      }
      return { kind: 'tooSmall', min: number('minimum') };
    case 'invalid_value':
      return issue.expected === 'stringbool'
        ? { kind: 'type', expected: 'true or false', received: describe(value) }
        : { kind: 'notOneOf', values: ((issue.values as unknown[]) ?? []).map(String) };
    default:
      return { kind: 'invalid' };
  }
}

/**
 * The message of one failed check, naming the mistake. `input` is the part of the request that
 * was checked (the body, the query...) and `root` its name, for issues about the whole of it.
 *
 * - A schema's own words (spec texts such as 'Please enter a prompt', or a refinement's message)
 *   stand where they describe the mistake: a missing or empty value, or a refinement. A spec
 *   text on a whole schema (`z.string({ error })`) is what zod reports for every check of that
 *   schema, so a value that is present but wrong (a number, 101 characters) gets words that say
 *   so instead: 'name must be at most 100 characters, not 101'.
 * - A few sizes have the spec's words (`sizeText`): 'Too many photos...' with the number sent.
 * - A union names the mistake of the branch the client meant.
 */
export function messageOf(plain: Issue, input: unknown, root: string): string {
  const issue = plain as Detailed;
  if (issue.code === 'invalid_union') {
    const meant = meantBranch(issue, input);
    if (meant) return messageOf(meant, input, root);
  }
  const field = issue.path.map(String).join('.') || root;
  const value = valueAt(input, issue.path);
  const own = issue.message ?? '';
  if (issue.code === 'custom') {
    const params = issue.params as { problem?: string } | undefined;
    if (params?.problem === UNSAFE_CHARACTERS_PROBLEM)
      return invalidField(field, { kind: 'unsafeCharacters' });
    return own || invalidField(field, { kind: 'invalid' });
  }
  const problem = problemOf(issue, value);
  const size = sizeText(String(issue.path.at(-1) ?? ''), problem);
  if (size) return size;
  const emptyOrMissing =
    problem.kind === 'missing' ||
    value === null ||
    (problem.kind === 'tooShort' && problem.min <= 1) ||
    (problem.kind === 'tooFewItems' && problem.min <= 1);
  if (emptyOrMissing && SPEC_TEXTS.has(own)) return own;
  return invalidField(field, problem);
}

/** fastify-type-provider-zod's shape of a zod issue: the path as a JSON pointer. */
interface ValidationEntry {
  keyword?: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The message of a failed route schema check; `input` is the checked part of the request. */
export function validationMessage(
  entry: ValidationEntry,
  context: string | undefined,
  input: unknown,
): string {
  const path = entry.instancePath
    .split('/')
    .slice(1)
    .filter((key) => key !== '');
  return messageOf(
    { ...entry.params, code: entry.keyword, path, message: entry.message },
    input,
    context ?? 'body',
  );
}
