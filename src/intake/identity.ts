import { hash } from 'node:crypto';

/**
 * Row identity. A row is the same row when its date, amount and description agree (the contract's
 * rule, shared by pushes, statements and feeds); descriptors are compared after case and whitespace
 * are normalized because banks and exports differ in both.
 */
export function normalizeDescriptionForIdentity(description: string): string {
  return description.trim().replace(/\s+/g, ' ').toUpperCase();
}

export function contentKey(date: string, amountMinor: number, description: string): string {
  // The one-shot hash: a Hash object per row cost as much as the rest of preparing the row.
  return hash('sha256', `${date}|${amountMinor}|${normalizeDescriptionForIdentity(description)}`, 'hex').slice(0, 32);
}

/** The dedupe key within a bank account: the client's own id when given, else the content key. */
export function externalIdFor(clientId: string | undefined, key: string): string {
  return clientId !== undefined ? `id:${clientId}` : `derived:${key}`;
}
