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
const HEX_BYTE = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function newId(): string {
  if (poolOffset === POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  // Read from the pool in place: a Buffer view and three hex conversions per id were most of its cost.
  const at = poolOffset;
  poolOffset += 16;
  const nowMs = Math.max(Date.now(), lastMs);
  if (nowMs === lastMs && sequence < 0xfff) {
    sequence++;
  } else {
    // A new millisecond, or the counter ran out: borrow the next millisecond so order is kept.
    lastMs = nowMs === lastMs ? nowMs + 1 : nowMs;
    sequence = ((pool[at + 6] << 8) | pool[at + 7]) & 0x7ff;
  }
  const hex = lastMs.toString(16).padStart(12, '0');
  let random = '';
  for (let index = at + 10; index < at + 16; index++) random += HEX_BYTE[pool[index]];
  return `${hex.slice(0, 8)}-${hex.slice(8)}-${HEX_BYTE[0x70 | (sequence >> 8)]}${HEX_BYTE[sequence & 0xff]}-${HEX_BYTE[(pool[at + 8] & 0x3f) | 0x80]}${HEX_BYTE[pool[at + 9]]}-${random}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
