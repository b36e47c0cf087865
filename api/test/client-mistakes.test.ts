import * as spec from '@app/shared/spec';
import {
  API_TEXT,
  FILE_TEXT,
  FORM_TEXT,
  GENERATE_TEXT,
  invalidField,
  MAX_UPLOAD_BYTES,
  tooManyPhotos,
} from '@app/shared/spec';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, trainReadyModel } from './support/fixtures';
import { pngBomb, solidPng } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';
import type { TestUser } from './support/tokens';

/** Every fixed spec text: a validation answer may be one of these instead of naming the field. */
const SPEC_TEXTS = new Set(
  (Object.values(spec) as unknown[])
    .filter((value): value is object => typeof value === 'object' && value !== null)
    .flatMap((group) => Object.values(group) as unknown[])
    .filter((text): text is string => typeof text === 'string'),
);

/** zod's own words: an answer that uses them names nothing the client can act on. */
const GENERIC = /Invalid input|Invalid option|Too big|Too small|expected \w+, received/;

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const photo = (extra: Record<string, unknown> = {}) => ({
  imageBase64: PNG_BASE64,
  filename: 'me.png',
  contentType: 'image/png',
  ...extra,
});

describe.each(DIALECTS)('client mistakes on %s', { timeout: 120_000 }, (dialect) => {
  let studio: Studio;
  let user: TestUser;
  let modelId: string;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '100000' }, dialect);
    user = newUser();
    await makeAdmin(studio, user);
    modelId = await trainReadyModel(studio, user);
  }, 30_000);
  afterAll(() => studio.stop());

  it('POST /media/upload names each of its mistakes', async () => {
    const field = (path: string, problem: spec.FieldProblem) => invalidField(path, problem);
    const cases: [unknown, number, string][] = [
      [{}, 400, field('photos', { kind: 'missing' })],
      [null, 400, field('body', { kind: 'type', expected: 'an object', received: 'null' })],
      [[photo()], 400, field('body', { kind: 'type', expected: 'an object', received: 'a list' })],
      [
        { photos: 'x' },
        400,
        field('photos', { kind: 'type', expected: 'a list', received: 'text' }),
      ],
      [{ photos: [] }, 400, field('photos', { kind: 'tooFewItems', min: 1 })],
      [{ photos: Array.from({ length: 21 }, () => photo()) }, 400, tooManyPhotos(21)],
      [
        { photos: [7] },
        400,
        field('photos.0', { kind: 'type', expected: 'an object', received: 'a number' }),
      ],
      [{ photos: [photo({ imageBase64: undefined })] }, 400, FILE_TEXT.invalidFile],
      [
        { photos: [photo({ imageBase64: 7 })] },
        400,
        field('photos.0.imageBase64', { kind: 'type', expected: 'text', received: 'a number' }),
      ],
      [{ photos: [photo({ imageBase64: '' })] }, 400, API_TEXT.fileEmpty],
      [{ photos: [photo({ imageBase64: 'not base64!' })] }, 400, FILE_TEXT.invalidFile],
      [
        { photos: [photo({ imageBase64: Buffer.from('%PDF-1.7').toString('base64') })] },
        415,
        FILE_TEXT.generalTypeNotAllowed,
      ],
      [
        { photos: [photo({ contentType: 'application/pdf' })] },
        415,
        FILE_TEXT.generalTypeNotAllowed,
      ],
      [
        { photos: [photo({ contentType: 'x'.repeat(101) })] },
        400,
        field('photos.0.contentType', { kind: 'tooLong', max: 100, length: 101 }),
      ],
      [
        { photos: [photo({ filename: 7 })] },
        400,
        field('photos.0.filename', { kind: 'type', expected: 'text', received: 'a number' }),
      ],
      [
        { photos: [photo({ caption: 'x'.repeat(501) })] },
        400,
        field('photos.0.caption', { kind: 'tooLong', max: 500, length: 501 }),
      ],
      [
        { photos: [photo({ caption: 'hi\u0000' })] },
        400,
        field('photos.0.caption', { kind: 'unsafeCharacters' }),
      ],
      [
        { photos: [photo(), photo({ imageBase64: '' })] },
        400,
        spec.fileError(2, API_TEXT.fileEmpty),
      ],
      [
        { content: 7 },
        400,
        field('content', { kind: 'type', expected: 'text', received: 'a number' }),
      ],
    ];
    const seen = new Set<string>();
    for (const [json, status, message] of cases) {
      const response = await studio.as(user, 'POST', '/api/media/upload', {
        body: JSON.stringify(json),
        headers: { 'content-type': 'application/json' },
      });
      const sent = JSON.stringify(json).slice(0, 80);
      expect({ sent, status: response.status, message: response.body.message }).toEqual({
        sent,
        status,
        message,
      });
      seen.add(message);
    }
    // 19 mistakes, told apart: only the same mistake shares its words.
    expect(seen.size).toBe(cases.length - 2);
  });

  it('PUT /user names a wrong name and never stores control or direction characters', async () => {
    const cases: [unknown, string][] = [
      ['x'.repeat(101), invalidField('name', { kind: 'tooLong', max: 100, length: 101 })],
      [42, invalidField('name', { kind: 'type', expected: 'text', received: 'a number' })],
      ['', FORM_TEXT.required],
      ['   ', FORM_TEXT.required],
      ['Ada\u0000', invalidField('name', { kind: 'unsafeCharacters' })],
      ['Eve\u202egnp.exe', invalidField('name', { kind: 'unsafeCharacters' })],
      ['Bob\u2067x\u2069', invalidField('name', { kind: 'unsafeCharacters' })],
      ['A\u0007B', invalidField('name', { kind: 'unsafeCharacters' })],
    ];
    for (const [name, message] of cases) {
      const response = await studio.as(user, 'PUT', '/api/user', { json: { name } });
      expect({ name, status: response.status, message: response.body.message }).toEqual({
        name,
        status: 400,
        message,
      });
    }
    expect((await studio.as(user, 'GET', '/api/user')).body.name).toBe(user.name);
    const fine = await studio.as(user, 'PUT', '/api/user', { json: { name: 'Zoë عائشة' } });
    expect(fine.body.name).toBe('Zoë عائشة');
  });

  it('refuses control characters in model names and trigger words', async () => {
    for (const body of [
      { modelName: 'Me\u202e', photoIds: [] },
      { modelName: 'Me', triggerWord: 'me\u0000', photoIds: [] },
    ]) {
      const response = await studio.as(user, 'POST', '/api/media/start-training', { json: body });
      const field = 'triggerWord' in body ? 'triggerWord' : 'modelName';
      expect({ status: response.status, message: response.body.message }).toEqual({
        status: 400,
        message: invalidField(field, { kind: 'unsafeCharacters' }),
      });
    }
  });

  it('tells a 0-byte file the same way on every upload path', async () => {
    const base64 = await studio.as(user, 'POST', '/api/media/upload', {
      json: { photos: [photo({ imageBase64: '' })] },
    });
    const profile = await studio.as(user, 'POST', '/api/user/profile-picture', {
      json: { imageBase64: 'data:image/png;base64,', contentType: 'image/png' },
    });
    const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: 'a.png', contentType: 'image/png' }] },
    });
    const put = await fetch(targets.body[0].presignedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: Buffer.alloc(0),
    });
    const form = new FormData();
    form.set('prompt', 'a hat');
    form.set('model_ids', JSON.stringify([modelId]));
    form.set('image', new Blob([]), 'empty.png');
    form.set('mask', new Blob([await solidPng()]), 'mask.png');
    const edit = await studio.as(user, 'POST', '/api/generate/edit-image', { body: form });
    const answers = [
      { status: base64.status, message: base64.body.message },
      { status: profile.status, message: profile.body.message },
      { status: put.status, message: ((await put.json()) as { message: string }).message },
      { status: edit.status, message: edit.body.message },
    ];
    expect(answers).toEqual(answers.map(() => ({ status: 400, message: API_TEXT.fileEmpty })));
  });

  it('tells an oversized mask that it is too large, by bytes or by pixels', async () => {
    async function editWith(mask: Buffer) {
      const form = new FormData();
      form.set('prompt', 'a hat');
      form.set('model_ids', JSON.stringify([modelId]));
      form.set('image', new Blob([await solidPng()]), 'me.png');
      form.set('mask', new Blob([mask], { type: 'image/png' }), 'mask.png');
      const response = await studio.as(user, 'POST', '/api/generate/edit-image', { body: form });
      return { status: response.status, message: response.body.message };
    }
    const big = await sharp({
      create: { width: 2400, height: 2400, channels: 4, background: '#fff' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(await editWith(big)).toEqual({ status: 413, message: API_TEXT.maskTooLarge });
    expect(await editWith(pngBomb())).toEqual({
      status: 400,
      message: API_TEXT.maskTooManyPixels,
    });
    expect(await editWith(Buffer.alloc(0))).toEqual({ status: 400, message: API_TEXT.maskEmpty });
  });

  it('names too many models, and a model list that is not JSON, on the generate routes', async () => {
    const many = Array.from({ length: 11 }, () => modelId);
    const text = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'a hat', model_ids: many },
    });
    expect(text.body.message).toBe(GENERATE_TEXT.tooManyModels);
    const form = new FormData();
    form.set('prompt', 'a hat');
    form.set('model_ids', JSON.stringify(many));
    form.set('image', new Blob([await solidPng()]), 'me.png');
    form.set('mask', new Blob([await solidPng()]), 'mask.png');
    const edit = await studio.as(user, 'POST', '/api/generate/edit-image', { body: form });
    expect(edit.body.message).toBe(GENERATE_TEXT.tooManyModels);
  });

  it('answers every route of the OpenAPI document with a 4xx that names the mistake', async () => {
    const document = (await studio.as(user, 'GET', '/api/openapi.json')).body as OpenApi;
    allMistakes.length = 0;
    const failures: string[] = [];
    let requests = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const mistake of mistakesOf(path, operation)) {
          requests += 1;
          const response = await studio.as(user, method.toUpperCase(), mistake.url, {
            ...(mistake.body === undefined
              ? {}
              : {
                  body: JSON.stringify(mistake.body),
                  headers: { 'content-type': 'application/json' },
                }),
          });
          const problem = judge(mistake, response.status, response.body);
          if (problem) failures.push(`${method.toUpperCase()} ${mistake.describe}: ${problem}`);
          mistake.answer = response.body?.error === 'ValidationError' ? response.body.message : '';
        }
      }
    }
    failures.push(...collisions());
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(150);
  });
});

// ---------------------------------------------------------------------------------------------
// The OpenAPI sweep: one mistake at a time in an otherwise plausible request
// ---------------------------------------------------------------------------------------------

interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

type Kind = 'missing' | 'wrongType' | 'tooLong' | 'tooMany' | 'empty' | 'control' | 'notOneOf';

interface Mistake {
  /** Query values are all text: 'x', '' and 12345 are one mistake for a flag, not three. */
  in: 'path' | 'query' | 'body';
  url: string;
  body?: unknown;
  field: string;
  kind: Kind;
  describe: string;
  /** The validation message it got, for telling mistakes of one field apart. */
  answer?: string;
}

/** Kinds whose words must differ for one field ('missing' and 'empty' may share theirs). */
const KIND_GROUP: Record<Kind, string> = {
  missing: 'absent',
  empty: 'absent',
  wrongType: 'type',
  tooLong: 'size',
  tooMany: 'size',
  control: 'characters',
  notOneOf: 'choice',
};

/** Kinds a schema always refuses; an empty or odd text may be fine for some fields. */
const MUST_REFUSE: ReadonlySet<Kind> = new Set([
  'missing',
  'wrongType',
  'tooLong',
  'tooMany',
  'notOneOf',
]);

const allMistakes: Mistake[] = [];

function plain(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((option) => option.type !== 'null') ?? schema;
}

/** A value the schema accepts (not necessarily one the route can use). */
function sample(schema: JsonSchema): unknown {
  const s = plain(schema);
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (s.type) {
    case 'string':
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items ?? {}));
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, value]) => [key, sample(value)]),
      );
    default:
      return 'x';
  }
}

/** Each mistake a value of this schema can have, as the value to send instead (or undefined). */
function wrongValues(schema: JsonSchema, required: boolean): [Kind, unknown][] {
  const s = plain(schema);
  const values: [Kind, unknown][] = [];
  if (required) values.push(['missing', undefined]);
  // A number where a choice is expected is one more value outside the choices.
  if (s.enum) return [...values, ['notOneOf', 'not-a-choice'], ['notOneOf', 12345]];
  switch (s.type) {
    case 'string':
      values.push(['wrongType', 12345], ['empty', '']);
      values.push(['control', 'a\u0000b'], ['control', 'Eve\u202egnp.exe']);
      if (s.maxLength !== undefined) values.push(['tooLong', 'x'.repeat(s.maxLength + 1)]);
      break;
    case 'integer':
    case 'number':
      values.push(['wrongType', 'abc']);
      if (s.maximum !== undefined && s.maximum < 1e9) values.push(['tooLong', s.maximum + 1]);
      break;
    case 'array':
      values.push(['wrongType', 'x'], ['empty', []]);
      if (s.maxItems !== undefined) {
        values.push([
          'tooMany',
          Array.from({ length: s.maxItems + 1 }, () => sample(s.items ?? {})),
        ]);
      }
      break;
    case 'object':
      values.push(['wrongType', 'x']);
      break;
  }
  return values;
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let target = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** Body fields, one level into lists of objects ('photos.0.caption'). */
function bodyFields(schema: JsonSchema, prefix: string[] = []): [string[], JsonSchema, boolean][] {
  const s = plain(schema);
  return Object.entries(s.properties ?? {}).flatMap(([key, value]) => {
    const path = [...prefix, key];
    const field: [string[], JsonSchema, boolean] = [path, value, (s.required ?? []).includes(key)];
    const items = plain(value).items;
    const nested = items && plain(items).type === 'object' ? bodyFields(items, [...path, '0']) : [];
    return [field, ...nested];
  });
}

function mistakesOf(path: string, operation: Operation): Mistake[] {
  const parameters = operation.parameters ?? [];
  const pathParams = Object.fromEntries(
    parameters.filter((p) => p.in === 'path').map((p) => [p.name, 'does-not-exist']),
  );
  const query = Object.fromEntries(
    parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => [p.name, String(sample(p.schema))]),
  );
  const url = (params: Record<string, string>, search: Record<string, string>) => {
    const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(params[name] ?? 'x'),
    );
    const qs = new URLSearchParams(search).toString();
    return qs ? `${filled}?${qs}` : filled;
  };
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const body = bodySchema ? sample(bodySchema) : undefined;
  const mistakes: Mistake[] = [];
  const add = (mistake: Omit<Mistake, 'describe'>) => {
    const full = {
      ...mistake,
      describe: `${mistake.url.split('?')[0]} ${mistake.field} ${mistake.kind}`,
    };
    mistakes.push(full);
    allMistakes.push(full);
  };
  for (const parameter of parameters) {
    if (parameter.name === '*' || parameter.in === 'header') continue;
    for (const [kind, value] of wrongValues(parameter.schema, parameter.required ?? false)) {
      if (typeof value === 'object') continue;
      if (parameter.in === 'path') {
        if (value === undefined || value === '') continue;
        add({
          in: 'path',
          url: url({ ...pathParams, [parameter.name]: String(value) }, query),
          body,
          field: parameter.name,
          kind,
        });
      } else {
        const search = { ...query };
        if (value === undefined) delete search[parameter.name];
        else search[parameter.name] = String(value);
        add({ in: 'query', url: url(pathParams, search), body, field: parameter.name, kind });
      }
    }
  }
  if (bodySchema) {
    for (const [fieldPath, schema, required] of bodyFields(bodySchema)) {
      for (const [kind, value] of wrongValues(schema, required)) {
        add({
          in: 'body',
          url: url(pathParams, query),
          body: withValue(body, fieldPath, value),
          field: fieldPath.join('.'),
          kind,
        });
      }
    }
  }
  return mistakes;
}

/** What is wrong with an answer to one mistake, or undefined. */
function judge(mistake: Mistake, status: number, body: { error?: unknown; message?: unknown }) {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return MUST_REFUSE.has(mistake.kind) ? `accepted (${status})` : undefined;
  if (typeof body?.error !== 'string' || typeof body.message !== 'string')
    return 'no {error, message}';
  if (GENERIC.test(body.message)) return `generic message "${body.message}"`;
  if (body.error !== 'ValidationError') return undefined;
  const leaf = mistake.field.split('.').at(-1)!;
  const named =
    body.message.includes(leaf) ||
    SPEC_TEXTS.has(body.message) ||
    /^Too many photos/.test(body.message);
  return named ? undefined : `"${body.message}" does not name ${mistake.field}`;
}

/** One field's different mistakes answered with the same words. */
function collisions(): string[] {
  const byField = new Map<string, Mistake[]>();
  for (const mistake of allMistakes) {
    if (!mistake.answer || mistake.in === 'query') continue;
    const key = `${mistake.url.split('?')[0]} ${mistake.field}`;
    byField.set(key, [...(byField.get(key) ?? []), mistake]);
  }
  const problems: string[] = [];
  for (const [key, mistakes] of byField) {
    for (const a of mistakes) {
      for (const b of mistakes) {
        if (KIND_GROUP[a.kind] < KIND_GROUP[b.kind] && a.answer === b.answer) {
          problems.push(`${key}: ${a.kind} and ${b.kind} both answered "${a.answer}"`);
        }
      }
    }
  }
  return [...new Set(problems)];
}
