import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

/** Keywords fast-json-stringify would answer by validating at run time (ajv), or not at all. */
const UNSUPPORTED = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', 'prefixItems']);

/**
 * The contract's JSON Schema in the form fast-json-stringify serialises exactly like
 * `JSON.stringify` of what zod's encode returns: nullable unions become `nullable`, integers
 * plain numbers (fast-json-stringify would round a fraction where zod refuses it), and the
 * validation-only keywords go. Undefined when the schema needs a keyword it cannot do that
 * with (a union of objects, a reference): such a route keeps the zod serializer.
 */
export function serializerSchema(schema: z.ZodType): JsonSchema | undefined {
  // A registry of its own: ids (`.meta({id})`) would turn into $refs; inline is what is needed.
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    metadata: z.registry(),
  }) as JsonSchema;
  delete json.$schema;
  return normalise(json);
}

function normalise(node: JsonSchema): JsonSchema | undefined {
  const { anyOf, ...rest } = node;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const other = (anyOf as JsonSchema[]).find((option) => option.type !== 'null');
    if (other && (anyOf as JsonSchema[]).some((option) => option.type === 'null')) {
      const inner = normalise({ ...other, ...rest });
      return inner && { ...inner, nullable: true };
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (UNSUPPORTED.has(key)) return undefined;
    switch (key) {
      case 'type': {
        const types = (Array.isArray(value) ? value : [value]).map((type) =>
          type === 'integer' ? 'number' : type,
        );
        const nonNull = types.filter((type) => type !== 'null');
        if (nonNull.length !== 1) return undefined;
        out.type = nonNull[0];
        if (types.includes('null')) out.nullable = true;
        break;
      }
      case 'properties': {
        const properties: JsonSchema = {};
        for (const [name, property] of Object.entries(value as Record<string, JsonSchema>)) {
          const converted = normalise(property);
          if (!converted) return undefined;
          properties[name] = converted;
        }
        out.properties = properties;
        break;
      }
      case 'items':
      case 'additionalProperties': {
        if (typeof value === 'boolean') {
          out[key] = value;
          break;
        }
        const converted = normalise(value as JsonSchema);
        if (!converted) return undefined;
        out[key] = converted;
        break;
      }
      case 'required':
      case 'const':
      case 'default':
        out[key] = value;
        break;
      default:
      // enum, format, minimum, pattern, description…: checks and documentation, not shape
    }
  }
  return out;
}

/** One compiled serializer per contract schema: many routes share the error schema. */
const compiled = new WeakMap<z.ZodType, Serialize>();

function fastSerializer(schema: z.ZodType): Serialize | undefined {
  let serialize = compiled.get(schema);
  if (!serialize) {
    const json = serializerSchema(schema);
    if (!json) return undefined;
    serialize = fastJson(json) as Serialize;
    compiled.set(schema, serialize);
  }
  return serialize;
}

/**
 * Answers serialised from the route's response schema by fast-json-stringify, compiled once.
 * `checkAgainstContract` (development and tests): each answer is also encoded by zod as
 * before, so a handler that returns what the contract does not allow still fails loudly, and
 * an answer the fast serializer would write differently is an error rather than a silent change.
 */
export function responseSerializerCompiler({
  checkAgainstContract,
}: {
  checkAgainstContract: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const serialize = fastSerializer(route.schema);
    const zodSerialize = zodSerializerCompiler(route) as Serialize;
    if (!serialize) return zodSerialize;
    if (!checkAgainstContract) return serialize;
    return (data) => {
      const expected = zodSerialize(data);
      const actual = serialize(data);
      if (actual !== expected) {
        throw new Error(
          `${route.method} ${route.url} ${route.httpStatus}: the fast serializer wrote ${actual.slice(0, 500)} where the contract encodes ${expected.slice(0, 500)}`,
        );
      }
      return actual;
    };
  };
}
