import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../db/connection.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import { findTenant } from '../../tenancy/tenancy-store.ts';
import * as store from './statements-store.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** "st-" and 20 random base-32 characters (100 bits): unguessable, so the address itself is the permission to send. */
function newLocalPart(): string {
  const bytes = randomBytes(20);
  return `st-${[...bytes].map((byte) => BASE32[byte % 32]).join('')}`;
}

/** The tenant's inbox address, created on first request and stable afterwards. */
export async function inboxAddress(
  handle: DatabaseHandle,
  tenantId: string,
  domain: string,
): Promise<{ address: string }> {
  if (!(await findTenant(handle.readDb, tenantId))) throw notFound(`tenant ${tenantId}`);
  let inbox = await store.findInboxByTenant(handle.db, tenantId);
  if (!inbox) {
    inbox = await withWriteTransaction(handle, async (trx) => {
      await store.insertInbox(trx, {
        tenant_id: tenantId,
        local_part: newLocalPart(),
        created_at: new Date().toISOString(),
      });
      return store.findInboxByTenant(trx, tenantId);
    });
  }
  return { address: `${inbox!.local_part}@${domain}` };
}

/** The tenant an address delivers to, or undefined (another domain, or no such inbox). Case does not matter. */
export async function tenantForRecipient(
  handle: DatabaseHandle,
  address: string,
  domain: string,
): Promise<string | undefined> {
  const at = address.lastIndexOf('@');
  if (at <= 0) return undefined;
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return undefined;
  const inbox = await store.findInboxByLocalPart(handle.readDb, address.slice(0, at).toLowerCase());
  return inbox?.tenant_id;
}
