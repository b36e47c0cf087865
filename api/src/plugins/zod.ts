import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { API_PREFIX } from '../paths';

/** Routes whose schema parts are zod types go through the zod transform; others are left as is. */
const transform: typeof jsonSchemaTransform = (document) => {
  if (!document.url.startsWith(API_PREFIX)) return { schema: { hide: true }, url: document.url };
  return jsonSchemaTransform(document);
};

/**
 * The OpenAPI document is generated from the same zod schemas that validate requests, so the
 * contract (spec §7) cannot drift from what the server enforces.
 */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'AI Image Studio API',
          version: '1.0.0',
          description:
            'Product API (spec §7). Every route needs `Authorization: Bearer <id or access token>` unless marked otherwise. Errors are `{error, message}`. A request body that stops arriving (no byte for BODY_IDLE_TIMEOUT_SECONDS, default 10) is answered 408 and the connection closed.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
      transform,
      transformObject: jsonSchemaTransformObject,
    });
  },
  { name: 'openapi' },
);

/**
 * Call inside an encapsulated context: its routes then validate requests with zod and serialise
 * answers from the same schemas, so a handler cannot answer what the contract does not allow.
 */
export function useZod(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
