import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DomainError, type ErrorCode } from '../errors.ts';
import { ErrorBody } from './schemas.ts';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
};

const DESCRIPTIONS: Record<number, string> = {
  400: 'invalid_request: malformed JSON, a field out of its rules (the reason names it), an unknown account or currency',
  401: 'unauthorized: missing, unknown or revoked API key',
  403: 'insufficient_scope: the key lacks the scope this endpoint needs',
  404: 'not_found: no such resource for this tenant (ids of other tenants are answered the same way)',
  409: 'conflict: the request contradicts what is stored',
  413: 'payload_too_large: the body exceeds the limit',
  415: 'unsupported_media_type: the body is not of an accepted type',
  429: 'rate_limited: the key\'s bucket for this kind of request is empty; see the Retry-After header',
  500: 'internal_error: a fault of the service, never of the request',
};

/** Error responses of a route, for its schema and so for the OpenAPI contract. */
export function errorResponses(...statuses: number[]) {
  const all = [...new Set([401, 429, 500, ...statuses])].sort();
  return Object.fromEntries(all.map((status) => [status, Type.Ref('Error', { description: DESCRIPTIONS[status] })]));
}

export const errorSchema = ErrorBody;

export function sendError(reply: FastifyReply, code: ErrorCode, reason: string) {
  return reply.status(STATUS_BY_CODE[code]).send({ error: code, reason });
}

/** "body/transactions/3/date" → "transactions[3].date", the way clients name fields. */
export function fieldName(context: string | undefined, instancePath: string, missingProperty?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (missingProperty) parts.push(missingProperty);
  const path = parts.reduce((text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
  return path || (context ?? 'body');
}

interface AjvLikeError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

export function describeValidationError(error: AjvLikeError, context: string | undefined): string {
  const field = fieldName(context, error.instancePath, error.keyword === 'required' ? String(error.params.missingProperty) : undefined);
  if (error.keyword === 'required') return `${field}: is required`;
  if (error.keyword === 'format' && error.params.format === 'date') return `${field}: must be a real calendar date in YYYY-MM-DD form`;
  if (error.keyword === 'format' && error.params.format === 'uuid') return `${field}: must be a UUID`;
  if (error.keyword === 'maxLength') return `${field}: at most ${error.params.limit} characters`;
  if (error.keyword === 'maxItems') return `${field}: at most ${error.params.limit} items`;
  return `${field}: ${error.message ?? 'is invalid'}`;
}

export function handleError(error: FastifyError & { validation?: AjvLikeError[]; validationContext?: string }, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) return sendError(reply, error.code, error.reason);
  if (error.validation && error.validation.length > 0) {
    return sendError(reply, 'invalid_request', describeValidationError(error.validation[0], error.validationContext));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendError(reply, 'payload_too_large', `the request body exceeds ${Math.round(request.routeOptions.bodyLimit / 1024 / 1024)} MB`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return sendError(reply, 'unsupported_media_type', 'send the body as application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return sendError(reply, 'invalid_request', 'body: a JSON body is required');
    default:
      break;
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return sendError(reply, 'invalid_request', `body: malformed JSON (${error.message})`);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code: ErrorCode = status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'invalid_request';
    return sendError(reply, code, error.message);
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 'internal_error', 'the service failed to answer this request; it has been logged');
}
