import type { Scope } from '../tenancy/api-keys.ts';

export const ROLES = ['owner', 'bookkeeper', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The one mapping from a person's role to the scopes route guards check, the same scopes API keys
 * carry: a viewer reads; a bookkeeper also changes the books (review, categorize, upload, rules,
 * obligations); only an owner manages keys, people, settings and the entity profile, and reads the
 * audit log (admin).
 */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  viewer: ['read'],
  bookkeeper: ['read', 'write'],
  owner: ['read', 'write', 'admin'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
