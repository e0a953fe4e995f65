/**
 * A tenant's id as only authentication (or the admin command line, which names its tenant) makes
 * it: a plain string from a request body or a URL is not a TenantId, so code that takes one cannot be
 * handed another tenant's id by a client.
 */
export type TenantId = string & { readonly __brand: 'TenantId' };

/** The one cast: an id read from the key that authenticated the request, or given to the admin CLI. */
export function trustedTenantId(id: string): TenantId {
  return id as TenantId;
}
