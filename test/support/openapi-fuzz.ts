/**
 * A request fuzzer generated from the service's own OpenAPI contract (GET /v1/openapi.json). For
 * every operation it builds requests whose path, query and body follow the operation's schemas,
 * with each value either plausible (drawn from the schema, and from the fuzz tenant's real ids and
 * names so requests reach deep code) or hostile (control characters, NUL, huge strings, dates out of
 * range, numbers out of range or not numbers, wrong types, unicode edge cases, %-encoded garbage),
 * plus whole-request hostility: missing or extra fields, malformed JSON, wrong content types, wrong
 * keys and scopes, wrong methods, unknown routes, overlong URLs, and multipart uploads with hostile
 * file names and parts. The oracle: no 5xx, and every error is `{error, reason}` with the status
 * its code stands for.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../src/db/connection.ts';
import { STATUS_BY_CODE } from '../../src/http/errors.ts';
import { createApiKey } from '../../src/tenancy/api-keys.ts';
import { createTenant } from '../../src/tenancy/tenants.ts';

export interface FuzzRequest {
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface FuzzResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** What the fuzz tenant holds, so that plausible values name things that exist. */
export interface FuzzWorld {
  /** Keys: read and write, read only, write only. */
  keys: { readWrite: string; read: string; write: string };
  /** Real ids of every kind (transactions, journal entries, entities, accounts, rules, documents). */
  ids: string[];
  entityIds: string[];
  bankAccountIds: string[];
  institutionNames: string[];
  externalIds: string[];
  /** A small valid statement file (CSV) and its media type. */
  statement: { bytes: Buffer; filename: string; contentType: string };
}

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  examples?: unknown[];
  $ref?: string;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  name: string;
  method: string;
  path: string;
  parameters: Parameter[];
  jsonBody?: Schema;
  multipartBody?: Schema;
}

interface Contract {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
}

export function operationsOf(contract: Contract): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      operations.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        jsonBody: content['application/json']?.schema,
        multipartBody: content['multipart/form-data']?.schema,
      });
    }
  }
  return operations;
}

const CONTROL_CHARACTERS = [...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007f'];

/** Text no well-behaved client sends, in every form that has bitten a service before. */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '\u0001\u0002\u0003',
  '\u007f',
  '\u001b[31mred',
  '\t',
  '\n',
  '\r\n',
  'line\nbreak',
  '\b\f\v',
  '',
  ' ',
  '   \t ',
  '%00',
  '%ff',
  '%',
  '\\',
  '"',
  "'",
  "'; drop table transactions; --",
  '../../etc/passwd',
  '*',
  '**',
  '%_%',
  '_',
  '\u202eevil',
  '\ud800',
  '\udfff',
  'a\ud83d',
  '💸🧾',
  'e\u0301',
  '\ufeff',
  '\u2028\u2029',
  '\u00a0',
  'Ω≈ç√∫',
  '中文描述',
  'ｆｕｌｌｗｉｄｔｈ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x10',
  '1,234.56',
  '$12.00',
  'true',
  '[]',
  '{}',
  '0000-01-01',
  '9999-12-31',
  '1899-12-31',
  '2200-01-01',
  '0001-01-01',
  '2026-02-30',
  '2026-13-01',
  '+010000-01-01',
  '2026-1-1',
  '2026-03-02T00:00:00Z',
  '20260302',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '__proto__',
  'constructor',
  'transfer',
  '6200',
];

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  1.145,
  1 + 14 / 100,
  0.1 + 0.2,
  5e-324,
  1e-7,
  1e12,
  1e12 + 1,
  -1e12,
  1e15,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53),
  123456789.125,
  99999999999.99,
];

const WRONG_TYPES: unknown[] = [null, true, false, [], {}, [1, 2], { a: 1 }, '123', 123, -1.5, 'x'.repeat(3)];

const hostileText = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 8 }))
      .map(([before, control, after]) => before + control + after),
  },
  { weight: 1, arbitrary: fc.integer({ min: 201, max: 20_000 }).map((length) => 'x'.repeat(length)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
);

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const plausibleDate = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 11, 31) }).map((ms) => dayOf(new Date(ms))),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2199, 11, 31) }).map((ms) => dayOf(new Date(ms))),
  },
  { weight: 1, arbitrary: fc.constantFrom('1900-01-01', '2199-12-31', '2024-02-29', '2026-12-31') },
);

const uuid = fc.uuid().map((value) => value.toLowerCase());

/** Plausible values for fields the contract describes only as text, by name (so requests get past the first check). */
function namedText(name: string, world: FuzzWorld): fc.Arbitrary<string> | undefined {
  switch (name) {
    case 'institutionName':
      return fc.constantFrom(...world.institutionNames);
    case 'accountExternalId':
    case 'externalId':
      return fc.oneof(fc.constantFrom(...world.externalIds), fc.stringMatching(/^[a-z]{2,6}-\d$/));
    case 'category':
    case 'accountNumber':
      return fc.constantFrom('6200', '6210', '4000', '1011', 'transfer', '9999', '3950');
    case 'currency':
      return fc.constantFrom('USD', 'USD', 'EUR', 'JPY', 'KWD', 'usd', 'XYZ');
    case 'status':
      return fc.constantFrom('upcoming', 'filed', 'confirmed,payment_pending', 'upcoming,,', 'nope');
    case 'pattern':
      return fc.constantFrom('GUSTO*NET PAY', 'COFFEE', 'x', '**', 'AMAZON*');
    case 'id':
      return fc.stringMatching(/^[a-z0-9-]{1,20}$/);
    default:
      return undefined;
  }
}

/**
 * How hard a request pushes: a clean request follows the schema throughout (so it reaches the
 * service's logic and the database); a hostile one has each value hostile now and then, required
 * fields dropped, extra fields added and structural faults.
 */
type Mode = 'clean' | 'hostile';

function idsNamed(name: string, world: FuzzWorld): string[] {
  return (
    (name === 'entityId' ? world.entityIds : name === 'bankAccountId' ? world.bankAccountIds : undefined) ?? world.ids
  );
}

/** A value that follows the schema (within reason: strings are short, arrays small). */
function plausible(schema: Schema, name: string, world: FuzzWorld, mode: Mode): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => plausible(option, name, world, mode)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? -1000;
      const max = Math.min(schema.maximum ?? 1000, min + 1000);
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, schema.maximum ?? max));
    }
    case 'number': {
      const floor = schema.minimum ?? -100_000;
      return fc.oneof(
        fc.integer({ min: Math.round(floor * 100), max: 10_000_000 }).map((cents) => cents / 100),
        fc
          .tuple(fc.integer({ min: Math.max(0, Math.round(floor)), max: 5000 }), fc.integer({ min: 0, max: 99 }))
          .map(([whole, cents]) => whole + cents / 100),
      );
    }
    case 'string': {
      if (schema.format === 'uuid')
        return fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...idsNamed(name, world)) },
          { weight: 1, arbitrary: fc.constantFrom(...world.ids) },
          { weight: 1, arbitrary: uuid },
        );
      if (schema.format === 'date') return plausibleDate;
      const named = namedText(name, world);
      if (named) return named;
      if (Array.isArray(schema.examples) && schema.examples.length > 0) return fc.constantFrom(...schema.examples);
      const minLength = schema.minLength ?? 0;
      return fc.oneof(
        fc.stringMatching(/^[A-Z][A-Za-z0-9 .*#&-]{0,30}$/),
        fc.string({ minLength, maxLength: Math.min(schema.maxLength ?? 40, 40) }),
      );
    }
    case 'array': {
      const minItems = schema.minItems ?? 0;
      return fc.array(valueFor(schema.items ?? {}, name, world, mode), {
        minLength: minItems,
        maxLength: Math.min(schema.maxItems ?? 3, minItems + 3),
      });
    }
    case 'object':
      return objectFor(schema, world, mode);
    default:
      return fc.constant('x');
  }
}

/** In a hostile request each value is hostile now and then, on its own. */
function valueFor(schema: Schema, name: string, world: FuzzWorld, mode: Mode): fc.Arbitrary<unknown> {
  if (mode === 'clean') return plausible(schema, name, world, mode);
  return fc.oneof(
    { weight: 4, arbitrary: plausible(schema, name, world, mode) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function objectFor(schema: Schema, world: FuzzWorld, mode: Mode): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const value = valueFor(property, name, world, mode);
    // In a hostile request a required field is dropped now and then; an optional one is present about half the time.
    const presence = required.has(name)
      ? mode === 'clean'
        ? value
        : fc.option(value, { freq: 12, nil: undefined })
      : fc.option(value, { freq: 2, nil: undefined });
    return fc.tuple(fc.constant(name), presence);
  });
  const extra =
    mode === 'clean'
      ? fc.constant(undefined)
      : fc.option(
          fc.tuple(
            fc.constantFrom('extra', '__proto__', 'constructor', 'a\u0000b', 'tenantId', 'id', ''),
            hostileValue,
          ),
          { freq: 4, nil: undefined },
        );
  return fc.tuple(fc.tuple(...fields), extra).map(([pairs, extraField]) => {
    const object: Record<string, unknown> = {};
    for (const [name, value] of pairs) if (value !== undefined) object[name] = value;
    if (extraField)
      Object.defineProperty(object, extraField[0], {
        value: extraField[1],
        enumerable: true,
        configurable: true,
        writable: true,
      });
    return object;
  });
}

/** Raw URL text that is not what encodeURIComponent would write. */
const RAW_GARBAGE = [
  '%ff',
  '%',
  '%0',
  '%00',
  '%u0000',
  '%2e%2e',
  '..',
  '%2F',
  '+',
  '%20',
  '%c0%af',
  '%e2%82',
  '%ef%bf%bd',
  '%7f',
  '%0a',
  '%0d%0a',
  '%25',
  ';',
  '=',
  '&',
  '#',
];

function encodedParameter(schema: Schema, name: string, world: FuzzWorld, mode: Mode): fc.Arbitrary<string> {
  const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const clean = plausible(schema, name, world, mode).map((value) => encodeURIComponent(text(value)));
  if (mode === 'clean') return clean;
  return fc.oneof(
    { weight: 4, arbitrary: clean },
    {
      weight: 3,
      arbitrary: hostileValue.map((value) => encodeURIComponent(text(value).replace(/[\ud800-\udfff]/g, '\ufffd'))),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_GARBAGE) },
    { weight: 1, arbitrary: uuid.map((value) => value.toUpperCase()) },
  );
}

const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/JSON',
  'a/b/c;;;',
  'application/json; charset=latin1',
  'application/xml',
  '*/*',
];
const BROKEN_BODIES = [
  '',
  'not json',
  '{"a":',
  '[]',
  'null',
  '"text"',
  '123',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${'['.repeat(40)}${']'.repeat(40)}`,
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"a":1,"a":2}',
  '\ufeff{}',
  '{"x":"\\u0000"}',
  '{"x":"\\ud800"}',
];

function headersFor(world: FuzzWorld, needsScope: 'read' | 'write', mode: Mode) {
  const goodKey = fc.constantFrom(world.keys.readWrite, needsScope === 'write' ? world.keys.write : world.keys.read);
  const key =
    mode === 'clean'
      ? goodKey
      : fc.oneof(
          { weight: 8, arbitrary: goodKey },
          { weight: 2, arbitrary: fc.constant(needsScope === 'write' ? world.keys.read : world.keys.write) },
          { weight: 1, arbitrary: fc.constantFrom('bk_not-a-key', '', 'x'.repeat(600)) },
        );
  const authorization =
    mode === 'clean'
      ? key.map((value) => `Bearer ${value}`)
      : fc.oneof(
          { weight: 10, arbitrary: key.map((value) => `Bearer ${value}`) },
          { weight: 1, arbitrary: fc.constantFrom('Basic abc', 'Bearer', 'bearer x') },
        );
  return fc.record({
    authorization,
    accept: fc.constantFrom(
      'application/json',
      'application/json',
      '*/*',
      'text/csv',
      'text/csv;q=0.9, application/json;q=0.1',
      'text/csv;q=abc',
      'image/png',
    ),
  });
}

function quoteHeader(text: string): string {
  return text.replace(/["\\]/g, (character) => `\\${character}`);
}

/** A multipart upload: the file part (with a hostile name now and then), known fields (plausible or hostile), and structural faults. */
function multipartRequest(
  schema: Schema,
  world: FuzzWorld,
  mode: Mode,
): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const fieldNames = Object.keys(schema.properties ?? {}).filter((name) => name !== 'file');
  const hostile = mode === 'hostile';
  const fields = fc.tuple(
    ...fieldNames.map((name) =>
      fc.option(
        fc.tuple(
          fc.constant(name),
          hostile
            ? fc.oneof(
                { weight: 3, arbitrary: plausible(schema.properties![name], name, world, mode).map(String) },
                { weight: 2, arbitrary: hostileText },
                { weight: 1, arbitrary: fc.constantFrom('1234.56', '-12.5', '1e5', '١٢٣') },
              )
            : plausible(schema.properties![name], name, world, mode).map(String),
        ),
        { freq: 2, nil: undefined },
      ),
    ),
  );
  const filename = fc.oneof(
    { weight: hostile ? 2 : 3, arbitrary: fc.constant(world.statement.filename) },
    { weight: hostile ? 3 : 1, arbitrary: hostileText.map((text) => ({ raw: text })) },
    { weight: hostile ? 2 : 1, arbitrary: hostileText.map((text) => ({ encoded: text })) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const content = hostile
    ? fc.oneof(
        { weight: 2, arbitrary: fc.constant(world.statement.bytes) },
        { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
        {
          weight: 2,
          arbitrary: hostileText.map((text) =>
            Buffer.from(
              `Date,Description,Amount,Currency,Balance\n2026-02-01,Opening deposit,2000.00,USD,2000.00\n2026-02-02,${text},-1200.00,USD,800.00\n${text},x,1,USD,801.00\n`,
            ),
          ),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            Buffer.alloc(0),
            Buffer.from('%PDF-1.4\n%%EOF'),
            Buffer.from('<?xml version="1.0"?><Document/>'),
            Buffer.from('OFXHEADER:100\n\n<OFX></OFX>'),
            Buffer.from(':20:X\n:25:1\n:60F:C260301EUR0,00\n:61:9912311231C1,00NTRFNONREF\n:62F:C260331EUR1,00\n-'),
          ),
        },
      )
    : fc.oneof(
        { weight: 2, arbitrary: fc.constant(world.statement.bytes) },
        {
          weight: 2,
          arbitrary: fc
            .tuple(
              fc.constantFrom('2026-02-02', '1899-12-31', '9999-12-31', '2200-01-01', '2026-02-30'),
              fc.constantFrom('Rent', 'Rent\u0000', 'Rent\u0007x', 'Ré\u202ent'),
            )
            .map(([date, description]) =>
              Buffer.from(
                `Date,Description,Amount,Currency,Balance\n2026-02-01,Opening deposit,2000.00,USD,2000.00\n${date},${description},-1200.00,USD,800.00\n`,
              ),
            ),
        },
      );
  return fc
    .record({
      fields,
      filename,
      content,
      contentType: hostile
        ? fc.constantFrom(
            world.statement.contentType,
            'application/octet-stream',
            'text/csv\u0000',
            '',
            'image/png',
            'text/plain; charset=utf-16',
          )
        : fc.constant(world.statement.contentType),
      partName: hostile ? fc.constantFrom('file', 'file', 'file', 'document', '') : fc.constant('file'),
      fault: hostile
        ? fc.constantFrom(
            'none',
            'none',
            'none',
            'two files',
            'no file',
            'no end boundary',
            'unknown field',
            'no boundary',
          )
        : fc.constant('none'),
    })
    .map(({ fields: presentFields, filename: name, content: bytes, contentType, partName, fault }) => {
      const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
      const chunks: Buffer[] = [];
      const fieldPairs = presentFields.filter((pair): pair is [string, string] => pair !== undefined);
      if (fault === 'unknown field') fieldPairs.push(['tenantId', 'x']);
      for (const [field, value] of fieldPairs)
        chunks.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
        );
      const disposition =
        name === undefined
          ? ''
          : typeof name === 'string'
            ? `; filename="${quoteHeader(name)}"`
            : 'raw' in name
              ? `; filename="${quoteHeader(name.raw)}"`
              : `; filename*=UTF-8''${encodeURIComponent(name.encoded.replace(/[\ud800-\udfff]/g, '\ufffd'))}`;
      const filePart = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${partName}"${disposition}\r\nContent-Type: ${contentType}\r\n\r\n`,
        ),
        bytes,
        Buffer.from('\r\n'),
      ]);
      if (fault !== 'no file') chunks.push(filePart);
      if (fault === 'two files') chunks.push(filePart);
      if (fault !== 'no end boundary') chunks.push(Buffer.from(`--${boundary}--\r\n`));
      return {
        payload: Buffer.concat(chunks),
        contentType: fault === 'no boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`,
      };
    });
}

function operationRequest(operation: Operation, world: FuzzWorld, mode: Mode): fc.Arbitrary<FuzzRequest> {
  const hostile = mode === 'hostile';
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pathValues = fc.tuple(
    ...pathParameters.map((parameter) => encodedParameter(parameter.schema, parameter.name, world, mode)),
  );
  const queryPairs = fc.tuple(
    ...queryParameters.map((parameter) => {
      const pair = fc.tuple(
        fc.constant(parameter.name),
        encodedParameter(parameter.schema, parameter.name, world, mode),
      );
      const mustBeThere = parameter.required && parameter.schema.default === undefined;
      return mustBeThere && !hostile ? pair : fc.option(pair, { freq: mustBeThere ? 12 : 2, nil: undefined });
    }),
  );
  const queryExtras = hostile
    ? fc.oneof(
        { weight: 12, arbitrary: fc.constant('') },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '&unknown=1',
            '&from=2026-01-01&from=2026-02-01',
            '&limit=1&limit=2',
            '&%ff=1',
            '&a%00=1',
            `&pad=${'y'.repeat(9000)}`,
            '&&&',
            '&=',
          ),
        },
      )
    : fc.constant('');
  const needsScope = operation.method === 'GET' ? 'read' : 'write';
  const brokenBody = fc.record({
    payload: fc.constantFrom(...BROKEN_BODIES),
    contentType: fc.constantFrom(...JSON_CONTENT_TYPES),
  });
  let body: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }>;
  if (operation.multipartBody) {
    body = hostile
      ? fc.oneof(
          { weight: 9, arbitrary: multipartRequest(operation.multipartBody, world, mode) },
          {
            weight: 1,
            arbitrary: fc.record({
              payload: fc.constantFrom('{}', 'file=x'),
              contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
            }),
          },
        )
      : multipartRequest(operation.multipartBody, world, mode);
  } else if (operation.jsonBody) {
    const json = fc.record({
      payload: objectFor(operation.jsonBody, world, mode).map((value) => JSON.stringify(value)),
      contentType: fc.constantFrom(...JSON_CONTENT_TYPES.slice(0, 2)),
    });
    body = hostile
      ? fc.oneof(
          { weight: 8, arbitrary: json },
          { weight: 1, arbitrary: brokenBody },
          {
            weight: 1,
            arbitrary: fc.record({
              payload: hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
              contentType: fc.constant('application/json'),
            }),
          },
        )
      : json;
  } else {
    body = hostile
      ? fc.oneof({ weight: 8, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: brokenBody })
      : fc.constant({});
  }
  return fc
    .record({ pathValues, queryPairs, queryExtras, body, headers: headersFor(world, needsScope, mode) })
    .map(({ pathValues: values, queryPairs: pairs, queryExtras: extras, body: requestBody, headers }) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => values[index++]);
      const query =
        pairs
          .filter((pair): pair is [string, string] => pair !== undefined)
          .map(([name, value]) => `${name}=${value}`)
          .join('&') + extras;
      const url = `/v1${path}${query ? `?${query.replace(/^&/, '')}` : ''}`;
      const allHeaders: Record<string, string> = { ...headers };
      if (requestBody.contentType !== undefined) allHeaders['content-type'] = requestBody.contentType;
      return {
        operation: operation.name,
        method: operation.method,
        url,
        headers: allHeaders,
        payload: requestBody.payload,
      };
    });
}

/** Requests no operation of the contract takes: other methods on known paths, unknown paths, URL garbage. */
function strayRequest(operations: Operation[], world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const paths = [...new Set(operations.map((operation) => operation.path.replace(/\{[^}]+\}/g, world.ids[0])))];
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
      path: fc.oneof(
        fc.constantFrom(...paths),
        fc.constantFrom(
          '/rules/%ff',
          '/transactions/%',
          '/%00',
          '//transactions',
          '/transactions/../entities',
          '/nowhere',
          '/transactions/',
          '/TRANSACTIONS',
          '/openapi.json',
          '/transactions/%2e%2e%2fentities',
          `/transactions/${'a'.repeat(9000)}`,
          '/entities/%c0%af',
          '/rules/%e2%82',
        ),
      ),
    })
    .map(({ method, path }) => ({
      operation: 'stray',
      method,
      url: `/v1${path}`,
      headers: { authorization: `Bearer ${world.keys.readWrite}` },
    }));
}

/** Every operation of the contract equally often, clean and hostile alike, and stray requests now and then. */
export function requestArbitrary(contract: Contract, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const operations = operationsOf(contract).filter((operation) => operation.path !== '/openapi.json');
  return fc.oneof(
    { weight: 5, arbitrary: fc.oneof(...operations.map((operation) => operationRequest(operation, world, 'clean'))) },
    { weight: 6, arbitrary: fc.oneof(...operations.map((operation) => operationRequest(operation, world, 'hostile'))) },
    { weight: 1, arbitrary: strayRequest(operations, world) },
  );
}

const ERROR_CODES = new Set(Object.keys(STATUS_BY_CODE));

/** The oracle: why the response breaks the contract, or undefined when it keeps it. */
export function contractViolation(method: string, response: FuzzResponse): string | undefined {
  if (response.statusCode >= 500) return `status ${response.statusCode}: ${response.body.slice(0, 300)}`;
  // An answer to HEAD has no body, by HTTP's definition.
  if (response.statusCode < 400 || method === 'HEAD') return undefined;
  const contentType = String(response.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json'))
    return `status ${response.statusCode} with content-type "${contentType}"`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `status ${response.statusCode} with a body that is not JSON: ${response.body.slice(0, 200)}`;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return `error body is not an object: ${response.body.slice(0, 200)}`;
  const { error, reason, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0)
    return `error body has fields besides error and reason: ${Object.keys(rest).join(', ')}`;
  if (typeof error !== 'string' || !ERROR_CODES.has(error))
    return `error code ${JSON.stringify(error)} is not one of the contract's`;
  if (typeof reason !== 'string' || reason.length === 0) return 'error body has no reason';
  if (STATUS_BY_CODE[error as keyof typeof STATUS_BY_CODE] !== response.statusCode)
    return `error "${error}" answered with status ${response.statusCode}`;
  return undefined;
}

/** The figures of a fuzz run: requests sent, 5xx seen, and the error codes seen by status. */
export class FuzzTally {
  requests = 0;
  serverErrors = 0;
  readonly byStatus = new Map<number, number>();
  readonly clientErrorCodes = new Set<string>();

  record(method: string, response: FuzzResponse): void {
    this.requests++;
    this.byStatus.set(response.statusCode, (this.byStatus.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode >= 500) this.serverErrors++;
    else if (response.statusCode >= 400 && method !== 'HEAD') {
      try {
        this.clientErrorCodes.add(`${response.statusCode} ${(JSON.parse(response.body) as { error?: string }).error}`);
      } catch {
        this.clientErrorCodes.add(`${response.statusCode} (no JSON)`);
      }
    }
  }

  summary(): string {
    const statuses = [...this.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    return `${this.requests} requests, ${this.serverErrors} 5xx; statuses ${statuses}; 4xx codes: ${[...this.clientErrorCodes].sort().join(', ')}`;
  }
}

/**
 * A tenant with something of every kind, for the fuzzer to aim at: two bank accounts, booked rows
 * (so journal entries exist), a rule, an ingested statement; keys with read and write, read only and
 * write only. `processStatements` reads uploaded statements as the background worker would.
 */
export async function createFuzzWorld(
  app: FastifyInstance,
  handle: DatabaseHandle,
  work: { sweep(): Promise<unknown>; processStatements(): Promise<unknown> },
): Promise<FuzzWorld> {
  const { tenantId, entityId } = await createTenant(handle, {
    legalName: 'Fuzz LLC',
    stateCode: 'DE',
    taxId: '12-3456789',
  });
  const readWrite = (await createApiKey(handle, tenantId, ['read', 'write', 'admin'], 'fuzz')).key;
  const read = (await createApiKey(handle, tenantId, ['read'], 'fuzz read')).key;
  const write = (await createApiKey(handle, tenantId, ['write'], 'fuzz write')).key;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${readWrite}`,
        ...(payload !== undefined && !Buffer.isBuffer(payload) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: payload === undefined ? undefined : Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
    });
    if (response.statusCode >= 300)
      throw new Error(`fuzz world: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const institutionName = 'Fuzz Bank';
  const accounts = (
    await call('POST', '/v1/bank-accounts', {
      institutionName,
      accounts: [
        {
          externalId: 'chk-1',
          name: 'Operating',
          currency: 'USD',
          openingBalance: 5000,
          openingBalanceDate: '2026-01-01',
        },
        { externalId: 'sav-1', name: 'Savings', kind: 'savings', currency: 'USD' },
      ],
    })
  ).data.accounts as Array<{ id: string }>;
  await call('POST', '/v1/transactions', {
    institutionName,
    transactions: [
      { accountExternalId: 'chk-1', id: 'f1', date: '2026-03-02', amount: 49.99, description: 'MONTHLY SERVICE FEE' },
      { accountExternalId: 'chk-1', id: 'f2', date: '2026-03-03', amount: 500, description: 'TRANSFER TO SAVINGS' },
      { accountExternalId: 'sav-1', id: 'f3', date: '2026-03-03', amount: -500, description: 'TRANSFER FROM CHECKING' },
      {
        accountExternalId: 'chk-1',
        id: 'f4',
        date: '2026-03-04',
        amount: -1200,
        description: 'STRIPE TRANSFER PAYOUT',
      },
    ],
  });
  const rule = (await call('POST', '/v1/rules', { pattern: 'FIGMA', category: '6200' })).data as { id: string };
  const statementCsv = Buffer.from(
    'Date,Description,Amount,Currency,Balance\n2026-02-01,Opening deposit,2000.00,USD,2000.00\n2026-02-02,Rent,-1200.00,USD,800.00\n',
  );
  const boundary = 'fuzzworld';
  const upload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="bankAccountId"\r\n\r\n${accounts[1].id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="openingBalance"\r\n\r\n0\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="february.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    statementCsv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const document = (
    await call('POST', '/v1/bank-statements', upload, { 'content-type': `multipart/form-data; boundary=${boundary}` })
  ).data as { documentId: string };
  await work.processStatements();
  await work.sweep();
  const transactions = (await call('GET', '/v1/transactions?from=2026-01-01&to=2026-12-31')).data as Array<{
    id: string;
    journalEntryId: string | null;
  }>;
  const ids = [
    entityId,
    ...accounts.map((account) => account.id),
    ...transactions.map((transaction) => transaction.id),
    ...transactions.map((transaction) => transaction.journalEntryId).filter((id): id is string => id !== null),
    rule.id,
    document.documentId,
  ];
  return {
    keys: { readWrite, read, write },
    ids,
    entityIds: [entityId],
    bankAccountIds: accounts.map((account) => account.id),
    institutionNames: [institutionName, institutionName, 'Other Bank', 'fuzz bank'],
    externalIds: ['chk-1', 'sav-1'],
    statement: { bytes: statementCsv, filename: 'march.csv', contentType: 'text/csv' },
  };
}
