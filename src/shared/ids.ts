import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 16 * 512;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;
let lastMs = -1;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter that restarts at a random
 * value each millisecond, then 62 random bits. Ids made later sort later, so the primary-key B-trees
 * of rows and journal entries grow at their right edge instead of splitting pages all over.
 */
export function newId(): string {
  if (poolOffset === POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 16);
  poolOffset += 16;
  const nowMs = Math.max(Date.now(), lastMs);
  if (nowMs === lastMs && sequence < 0xfff) {
    sequence++;
  } else {
    // A new millisecond, or the counter ran out: borrow the next millisecond so order is kept.
    lastMs = nowMs === lastMs ? nowMs + 1 : nowMs;
    sequence = ((bytes[6] << 8) | bytes[7]) & 0x7ff;
  }
  const hex = lastMs.toString(16).padStart(12, '0');
  const counter = (0x7000 | sequence).toString(16);
  const variant = ((bytes[8] & 0x3f) | 0x80).toString(16) + bytes.toString('hex', 9, 10);
  return `${hex.slice(0, 8)}-${hex.slice(8)}-${counter}-${variant}-${bytes.toString('hex', 10, 16)}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
