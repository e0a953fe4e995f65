import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { Type } from 'typebox';
import { DomainError, type ErrorCode } from '../errors.ts';
import { ACCEPTED_DATE_PATTERN, ACCEPTED_DATE_REASON } from '../shared/dates.ts';
import { ErrorBody } from './schemas.ts';

/** Longer URLs are 414; Node's own limit on the request line and headers together (16 KB) gives 431. */
export const MAX_URL_LENGTH = 8 * 1024;

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  not_acceptable: 406,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  provider_unavailable: 502,
  service_unavailable: 503,
};

const DESCRIPTIONS: Record<number, string> = {
  400: 'invalid_request: malformed JSON or URL, a field out of its rules (the reason names it: a malformed id, a date outside 1900-01-01..2199-12-31, a control character in text), an unknown account or currency',
  401: 'unauthorized: missing, unknown or revoked API key, or no valid session cookie',
  403: "insufficient_scope: the key (or the signed-in user's role) lacks the scope this endpoint needs; forbidden: a request signed in by the session cookie that changes state without the session's x-csrf-token header",
  404: 'not_found: no such resource for this tenant (ids of other tenants are answered the same way)',
  406: 'not_acceptable: the Accept header admits none of the types this endpoint answers with (application/json, and text/csv where listed)',
  408: 'request_timeout: the request did not arrive in time',
  409: 'conflict: the request contradicts what is stored',
  413: 'payload_too_large: the body exceeds the limit',
  414: 'uri_too_long: the URL exceeds 8 KiB',
  415: 'unsupported_media_type: the body is not of an accepted type',
  429: "rate_limited: the key's bucket for this kind of request is empty; see the Retry-After header",
  431: 'headers_too_large: the request line and headers exceed 16 KB',
  500: 'internal_error: a fault of the service, never of the request',
  502: 'provider_unavailable: the bank-feed provider did not answer, answered with a fault or limited the rate; try again later',
  503: 'service_unavailable: on SQLite, the database stayed busy with a long write (a very large statement being ingested) for 30 s; nothing was changed; see the Retry-After header',
};

/** Error responses of a route, for its schema and so for the OpenAPI contract. */
export function errorResponses(...statuses: number[]) {
  // Any request can be malformed (a control character, a URL that does not decode), so 400 is everywhere.
  // Any request can name an Accept the endpoint cannot answer, so 406 is everywhere too.
  const all = [...new Set([400, 401, 406, 429, 500, 503, ...statuses])].sort();
  return Object.fromEntries(all.map((status) => [status, Type.Ref('Error', { description: DESCRIPTIONS[status] })]));
}

export const errorSchema = ErrorBody;

export function sendError(reply: FastifyReply, code: ErrorCode, reason: string) {
  reply.errorReason = `${code}: ${reason}`;
  return reply.status(STATUS_BY_CODE[code]).send({ error: code, reason });
}

/** "body/transactions/3/date" → "transactions[3].date", the way clients name fields. */
export function fieldName(context: string | undefined, instancePath: string, missingProperty?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (missingProperty) parts.push(missingProperty);
  const path = parts.reduce(
    (text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    '',
  );
  return path || (context ?? 'body');
}

interface AjvLikeError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { properties?: Record<string, unknown> };
}

export function describeValidationError(error: AjvLikeError, context: string | undefined): string {
  const named =
    error.keyword === 'required'
      ? error.params.missingProperty
      : error.keyword === 'additionalProperties'
        ? error.params.additionalProperty
        : undefined;
  const field = fieldName(context, error.instancePath, named === undefined ? undefined : String(named));
  if (error.keyword === 'required') return `${field}: is required`;
  if (error.keyword === 'additionalProperties') {
    const known = Object.keys(error.parentSchema?.properties ?? {});
    const what = context === 'querystring' ? 'query parameter' : 'field';
    return `${field}: unknown ${what}; ${known.length > 0 ? `the ${what}s here are ${known.join(', ')}` : `no ${what} is taken here`}`;
  }
  if (
    (error.keyword === 'format' && error.params.format === 'date') ||
    (error.keyword === 'pattern' && error.params.pattern === ACCEPTED_DATE_PATTERN)
  )
    return `${field}: ${ACCEPTED_DATE_REASON}`;
  if (error.keyword === 'format' && error.params.format === 'uuid') return `${field}: must be a UUID`;
  if (error.keyword === 'maxLength') return `${field}: at most ${error.params.limit} characters`;
  if (error.keyword === 'maxItems') return `${field}: at most ${error.params.limit} items`;
  return `${field}: ${error.message ?? 'is invalid'}`;
}

export function handleError(
  error: FastifyError & { validation?: AjvLikeError[]; validationContext?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof DomainError) {
    const retryAfterSeconds = (error as DomainError & { retryAfterSeconds?: number }).retryAfterSeconds;
    if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(retryAfterSeconds));
    return sendError(reply, error.code, error.reason);
  }
  if (error.validation && error.validation.length > 0) {
    return sendError(reply, 'invalid_request', describeValidationError(error.validation[0], error.validationContext));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendError(
        reply,
        'payload_too_large',
        `the request body exceeds ${Math.round(request.routeOptions.bodyLimit / 1024 / 1024)} MB`,
      );
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
  if (status >= 400 && status < 500) return sendError(reply, codeForClientStatus(status), error.message);
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 'internal_error', 'the service failed to answer this request; it has been logged');
}

/** The error code of a framework 4xx; a status with no code of its own is an invalid request. */
function codeForClientStatus(status: number): ErrorCode {
  const match = (Object.entries(STATUS_BY_CODE) as Array<[ErrorCode, number]>).find(
    ([, codeStatus]) => codeStatus === status,
  );
  return match?.[0] ?? 'invalid_request';
}

/** Errors Fastify raises while routing, before any hook: a URL that does not decode, a path parameter past the length limit. */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(
      reply,
      'uri_too_long',
      `path: a path parameter is longer than the URL may be (at most ${MAX_URL_LENGTH} characters)`,
    );
  if (error.code === 'FST_ERR_BAD_URL')
    return sendError(reply, 'invalid_request', 'path: the URL is not valid percent-encoded UTF-8');
  return sendError(reply, 'invalid_request', error.message);
}

/**
 * HTTP-level errors Node raises before Fastify sees a request (headers too large, a malformed request,
 * a request that took too long to arrive): answered on the raw socket, in the same `{error, reason}` shape.
 */
export function handleClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, reason]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'the request line and headers exceed 16 KB']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'the request did not arrive in time']
        : [400, 'invalid_request', 'malformed HTTP request'];
  const body = JSON.stringify({ error: code, reason });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
