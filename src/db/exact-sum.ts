import { sql, type RawBuilder } from 'kysely';

/**
 * `sum(column)` of an integer money column as exact decimal text, on both databases. A plain sum
 * comes back as a JavaScript number (SQLite: lossy past 2^53) or as PostgreSQL numeric (refused by
 * the bigint parser past 2^53); as text it reads into a bigint exactly. SQLite sums integers in
 * 64 bits and raises an error past 2^63 ≈ 9.2e18, far above the 1e18 minor units of 10^6 rows at
 * the per-row cap.
 */
export function exactSum(column: string): RawBuilder<string | null> {
  return sql<string | null>`cast(sum(${sql.ref(column)}) as text)`;
}

/** An integer column selected as text, for values that may pass 2^53 (per-day totals). */
export function exactInteger(column: string): RawBuilder<string | null> {
  return sql<string | null>`cast(${sql.ref(column)} as text)`;
}

/** The text of exactSum or exactInteger as a bigint; no rows (null) is 0. */
export function toBigInt(text: string | null | undefined): bigint {
  return text === null || text === undefined ? 0n : BigInt(text);
}
