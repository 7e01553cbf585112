// The validators of request schemas. Fastify's default AJV coerces types in every part of the
// request; that is right for the query, path and headers (always text) but not for a JSON body,
// where it turned `"name": true` or `1e400` into the texts "true" and "Infinity" and stored them.
// So the body gets an AJV instance without coercion; both share the formats and the `finite`
// keyword of requestFormats.ts.
import Ajv, { type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { AJV_FORMATS } from './requestFormats';

function createAjv(options: Options, sharedSchemas: readonly object[]): Ajv {
  const ajv = new Ajv({
    // Fastify's defaults, plus every field error at once so a form can mark all its fields in one
    // round trip (bodies are bounded by BODY_LIMIT, which bounds the extra work).
    useDefaults: true,
    removeAdditional: true,
    addUsedSchema: false,
    allErrors: true,
    formats: AJV_FORMATS,
    ...options,
  });
  addFormats(ajv);
  // A number that is not finite: a coerced "1e400" is Infinity, which AJV's own checks skip.
  ajv.addKeyword({
    keyword: 'finite',
    schemaType: 'boolean',
    errors: false,
    validate: (required: boolean, data: unknown) => !required || typeof data !== 'number' || Number.isFinite(data),
  });
  for (const schema of sharedSchemas) ajv.addSchema(schema);
  return ajv;
}

export function requestValidatorCompiler(sharedSchemas: Record<string, unknown>): FastifySchemaCompiler<FastifySchema> {
  const schemas = Object.values(sharedSchemas) as object[];
  const coercing = createAjv({ coerceTypes: 'array' }, schemas);
  const exact = createAjv({ coerceTypes: false }, schemas);
  return ({ schema, httpPart }): ValidateFunction => (httpPart === 'body' ? exact : coercing).compile(schema as object);
}
