import type { FastifySchema } from 'fastify';
import { errorResponses } from './errors.ts';

/**
 * Rules every route's schema follows, applied once where routes are registered rather than repeated
 * in each route. The same schema validates requests and generates /v1/openapi.json, so the contract
 * states exactly what validation does.
 */
export function contractRules(schema: FastifySchema, method: string, path: string): FastifySchema {
  const ruled = { ...schema } as FastifySchema & { operationId?: string; response?: Record<string, unknown> };
  // A field or query parameter the API does not know is refused (400 naming it) rather than silently
  // ignored: a misspelt filter (`needReview`) would otherwise answer as though it had been applied.
  if (ruled.body) ruled.body = closed(ruled.body);
  // A route that takes no query parameter refuses any (an empty object schema, which lists none in the contract).
  ruled.querystring = ruled.querystring
    ? optionalWhenDefaulted(closed(ruled.querystring))
    : { type: 'object', properties: {}, additionalProperties: false };
  ruled.operationId ??= operationIdFor(method, path);
  // Every request that may carry a body is held to the body limit (Fastify's, or the upload's own).
  if (!['GET', 'HEAD', 'OPTIONS'].includes(method) && ruled.response && !ruled.response['413']) {
    ruled.response = { ...ruled.response, 413: errorResponses(413)['413'] };
  }
  return ruled;
}

type JsonSchema = Record<string, unknown>;

/** A copy in which every object schema that names its properties admits no others. */
export function closed<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(closed) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema))
    copy[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, property]) => [name, closed(property)]))
        : closed(value);
  if (
    copy.type === 'object' &&
    copy.properties &&
    copy.additionalProperties === undefined &&
    copy.patternProperties === undefined
  )
    copy.additionalProperties = false;
  return copy as T;
}

/** A query parameter with a default may be left out (validation fills it in): the contract says so. */
function optionalWhenDefaulted<T>(schema: T): T {
  const object = schema as JsonSchema;
  if (!Array.isArray(object.required) || !object.properties) return schema;
  const properties = object.properties as Record<string, JsonSchema>;
  return {
    ...object,
    required: object.required.filter((name: string) => properties[name]?.default === undefined),
  } as T;
}

/** "GET /transactions/{id}" → getTransactionsById: stable, unique per method and path. */
export function operationIdFor(method: string, path: string): string {
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const parameter = /^[:{](\w+)\}?$/.exec(segment);
      const name = segment
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(capital)
        .join('');
      return parameter ? `By${capital(parameter[1])}` : name;
    });
  return `${method.toLowerCase()}${words.join('')}`;
}
