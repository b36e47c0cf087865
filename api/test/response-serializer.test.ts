import { API_ROUTES } from '@app/shared/contract/api-routes';
import type { ResponseSchemas } from '@app/shared/contract/common';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerSchema } from '../src/plugins/response-serializer';

type JsonSchema = Record<string, unknown>;
type Variant = 'full' | 'minimal';

/** Text that JSON must escape or carry as is: quotes, controls, non-ASCII, a lone surrogate. */
const AWKWARD_TEXT = 'Zoë "quoted" \\ back\nslash\t\u0000 </script> 😀 \ud800 \u2028';

/**
 * An answer the schema allows, made from its JSON Schema: `full` sets every optional field and
 * picks values rather than nulls (plus a field the contract does not know, which must not go
 * out); `minimal` leaves out what may be left out and uses null where null is allowed.
 */
function example(node: JsonSchema, variant: Variant): unknown {
  if (node.const !== undefined) return node.const;
  if (Array.isArray(node.enum)) return variant === 'full' ? node.enum.at(-1) : node.enum[0];
  if (Array.isArray(node.anyOf)) {
    const options = node.anyOf as JsonSchema[];
    const nullable = options.some((option) => option.type === 'null');
    if (variant === 'minimal' && nullable) return null;
    return example(
      options.find((option) => option.type !== 'null')!,
      variant,
    );
  }
  const types = Array.isArray(node.type) ? (node.type as string[]) : [node.type as string];
  if (variant === 'minimal' && types.includes('null')) return null;
  const type = types.find((candidate) => candidate !== 'null');
  switch (type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((node.required ?? []) as string[]);
      const value: Record<string, unknown> = variant === 'full' ? { notInContract: 'x' } : {};
      for (const [name, property] of Object.entries(properties)) {
        if (variant === 'full' || required.has(name)) value[name] = example(property, variant);
      }
      if (typeof node.additionalProperties === 'object' && variant === 'full') {
        value.extraKey = example(node.additionalProperties as JsonSchema, variant);
      }
      return value;
    }
    case 'array':
      return variant === 'full'
        ? [example(node.items as JsonSchema, 'full'), example(node.items as JsonSchema, 'minimal')]
        : [];
    case 'string':
      return variant === 'full' ? AWKWARD_TEXT : '';
    case 'integer':
      return variant === 'full' ? 1_234_567 : 0;
    case 'number':
      return variant === 'full' ? 0.1 + 0.2 : 0;
    case 'boolean':
      return variant === 'full';
    default:
      // Any JSON at all (z.unknown()).
      return variant === 'full' ? { nested: [1, 'two', null, { three: true }] } : null;
  }
}

const answers = Object.entries(API_ROUTES).flatMap(([route, contract]) =>
  Object.entries(contract.response as ResponseSchemas).map(([status, schema]) => ({
    name: `${route} ${status}`,
    schema,
  })),
);

describe('answers serialised by fast-json-stringify from the contract', () => {
  it.each(answers)('$name: the same text as JSON.stringify of what zod encodes', ({ schema }) => {
    const fast = serializerSchema(schema);
    if (!fast) return; // this answer keeps the zod serializer
    const serialize = fastJson(fast);
    const json = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'any',
      metadata: z.registry(),
    }) as JsonSchema;
    for (const variant of ['full', 'minimal'] as const) {
      const answer = example(json, variant);
      const validated = z.encode(schema, answer as never);
      expect(serialize(answer), variant).toBe(JSON.stringify(validated));
    }
  });

  it('is the serializer of the routes every view calls', () => {
    for (const route of ['GET /media', 'GET /user', 'GET /user/training-status'] as const) {
      const schemas = Object.values(API_ROUTES[route].response as ResponseSchemas);
      expect(
        schemas.every((schema) => serializerSchema(schema)),
        route,
      ).toBe(true);
    }
  });

  it('leaves a union of objects to zod, which picks the matching branch', () => {
    const union = z.object({
      result: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
    });
    expect(serializerSchema(union)).toBeUndefined();
  });
});
