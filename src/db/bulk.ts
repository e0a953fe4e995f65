import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DialectAdapter } from 'kysely';

/**
 * Multi-row statements of a fixed shape for the sweep's hottest writes. Kysely's builder makes one
 * node per value and compiles them again at every call; for a 500-row insert that cost more than
 * the database spent running it. Here the SQL text of each shape (statement, row count) is built once
 * per dialect and run with a flat list of bound parameters: values never go into the text.
 */

type PlaceholderStyle = 'question' | 'dollar';

const styles = new WeakMap<DialectAdapter, PlaceholderStyle>();
const texts = new Map<string, string>();
const MAX_TEXTS = 200;

/** `?` (SQLite) or `$n` (PostgreSQL), as the executor's own compiler writes a parameter. */
function placeholderStyle(db: Kysely<any>): PlaceholderStyle {
  const adapter = db.getExecutor().adapter;
  let style = styles.get(adapter);
  if (!style) {
    style = sql`select ${0}`.compile(db).sql.includes('$1') ? 'dollar' : 'question';
    styles.set(adapter, style);
  }
  return style;
}

/**
 * `(…), (…)` of `rows` groups of `columns` placeholders, numbered from `first` (1-based) in the
 * dollar style. On PostgreSQL `casts[i]`, when given, wraps the i-th column's placeholder as
 * `cast(… as type)` (a VALUES column of bare parameters is text there). SQLite needs none (columns
 * apply their own affinity), and with them its planner materializes the VALUES list and, at 500
 * rows, joined it by scanning the tenant's rows instead of looking each row up by key.
 */
function valuesList(
  style: PlaceholderStyle,
  rows: number,
  columns: number,
  first: number,
  casts: ReadonlyArray<string | null> = [],
): string {
  const groups: string[] = [];
  let next = first;
  for (let row = 0; row < rows; row++) {
    const cells: string[] = [];
    for (let column = 0; column < columns; column++) {
      const placeholder = style === 'dollar' ? `$${next++}` : '?';
      cells.push(style === 'dollar' && casts[column] ? `cast(${placeholder} as ${casts[column]})` : placeholder);
    }
    groups.push(`(${cells.join(', ')})`);
  }
  return groups.join(', ');
}

/**
 * The SQL text for `shape` with `rows` rows of `columns` values, built once. `build(values, param)`
 * writes it around the VALUES list; `param(i)` is the placeholder of the i-th extra parameter: the
 * first `leading` of them come before the rows' values (in the text too), the rest after them.
 */
function textFor(
  db: Kysely<any>,
  shape: string,
  rows: number,
  columns: number,
  leading: number,
  casts: ReadonlyArray<string | null>,
  build: (values: string, param: (index: number) => string) => string,
): string {
  const style = placeholderStyle(db);
  const key = `${style}|${shape}|${rows}`;
  let text = texts.get(key);
  if (text === undefined) {
    const values = valuesList(style, rows, columns, leading + 1, casts);
    text = build(values, (index) =>
      style === 'question' ? '?' : `$${index < leading ? index + 1 : rows * columns + index + 1}`,
    );
    if (texts.size >= MAX_TEXTS) texts.delete(texts.keys().next().value!);
    texts.set(key, text);
  }
  return text;
}

/**
 * Inserts `parameters.length / columns.length` rows into `table` (parameters row after row, in
 * `columns` order). Table and column names are the caller's constants, never input.
 */
export async function insertRows(
  db: Kysely<any>,
  table: string,
  columns: readonly string[],
  parameters: unknown[],
): Promise<void> {
  const rows = parameters.length / columns.length;
  if (!Number.isInteger(rows))
    throw new Error(`insert into ${table}: ${parameters.length} values do not fill rows of ${columns.length} columns`);
  if (rows === 0) return;
  const text = textFor(
    db,
    `insert:${table}:${columns.join(',')}`,
    rows,
    columns.length,
    0,
    [],
    (values) => `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values ${values}`,
  );
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}

/**
 * Runs a statement around one VALUES list of `parameters.length / columns` rows (an
 * `UPDATE … FROM (VALUES …)`; VALUES columns are named column1… on both databases). `leading`
 * parameters must be placed before the VALUES list in the text, `trailing` ones after it, with
 * `param(0)`, `param(1)`… counting the leading first. `shape` names the statement: one text is
 * kept per shape and row count, so `build` must depend on nothing else.
 */
export async function runWithValues<Row = unknown>(
  db: Kysely<any>,
  shape: string,
  columns: number,
  casts: ReadonlyArray<string | null>,
  leading: unknown[],
  parameters: unknown[],
  trailing: unknown[],
  build: (values: string, param: (index: number) => string) => string,
): Promise<Row[]> {
  const rows = parameters.length / columns;
  if (!Number.isInteger(rows))
    throw new Error(`${shape}: ${parameters.length} values do not fill rows of ${columns} columns`);
  if (rows === 0) return [];
  const text = textFor(db, `values:${shape}`, rows, columns, leading.length, casts, build);
  return (await db.executeQuery<Row>(CompiledQuery.raw(text, [...leading, ...parameters, ...trailing]))).rows as Row[];
}

/** True when `db` speaks PostgreSQL (its parameters are `$n`). */
export function isPostgres(db: Kysely<any>): boolean {
  return placeholderStyle(db) === 'dollar';
}

/**
 * PostgreSQL only: runs a statement over rows given as one array per column, read back as rows by
 * `unnest($1::type[], $2::type[], …)`. Whatever the row count, the statement has one parameter per
 * column and one short text to parse and plan, where a VALUES list has a parameter per value.
 * `build(source)` writes the statement around `source`, a row source with the columns in
 * `columnTypes` order (named as the caller's column list, e.g. `select * from ${source}`).
 */
export async function runWithColumnArrays<Row = unknown>(
  db: Kysely<any>,
  shape: string,
  columnTypes: readonly string[],
  columns: unknown[][],
  build: (source: string) => string,
): Promise<Row[]> {
  if (columns.length !== columnTypes.length)
    throw new Error(`${shape}: ${columns.length} column arrays for ${columnTypes.length} columns`);
  if (columns[0].length === 0) return [];
  const key = `arrays|${shape}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = build(`unnest(${columnTypes.map((type, index) => `$${index + 1}::${type}[]`).join(', ')})`);
    if (texts.size >= MAX_TEXTS) texts.delete(texts.keys().next().value!);
    texts.set(key, text);
  }
  return (await db.executeQuery<Row>(CompiledQuery.raw(text, columns))).rows as Row[];
}
