/**
 * Domain errors carry the contract's stable error code; the HTTP layer maps each code to a status.
 * Domain code never speaks HTTP.
 */
export type ErrorCode =
  | 'unauthorized'
  | 'insufficient_scope'
  | 'forbidden'
  | 'invalid_request'
  | 'not_found'
  | 'not_acceptable'
  | 'request_timeout'
  | 'payload_too_large'
  | 'uri_too_long'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'headers_too_large'
  | 'conflict'
  | 'provider_unavailable'
  | 'service_unavailable'
  | 'internal_error';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export const invalid = (reason: string) => new DomainError('invalid_request', reason);
export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
export const conflict = (reason: string) => new DomainError('conflict', reason);

/** Invariants are asserted where they live; a failure is a bug, never a client error. */
export function assertInvariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`invariant violated: ${message}`);
}

export const forbidden = (reason: string) => new DomainError('forbidden', reason);
export const unauthorized = (reason: string) => new DomainError('unauthorized', reason);
export const rateLimited = (reason: string, retryAfterSeconds: number) =>
  Object.assign(new DomainError('rate_limited', reason), { retryAfterSeconds });
