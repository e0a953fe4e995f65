import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { invalid, notFound } from '../../errors.ts';
import { MAX_ROWS_PER_REQUEST } from '../../intake/push-transactions.ts';
import { SWEEP_STATES, type SweepState } from '../../bank-rows/bank-row.ts';
import { toTransactionView } from '../../bank-rows/transaction-view.ts';
import { currencyExponent } from '../../money/currency.ts';
import { TRANSACTIONS_CSV_COLUMNS, transactionsCsv } from '../../reports/csv.ts';
import { addDays, clampToAcceptedDates, todayUtc } from '../../shared/dates.ts';
import { MAX_REASON_LENGTH } from '../../sweep/correct.ts';
import type { AppContext } from '../context.ts';
import { CSV_PAGE_ROWS, jsonOrCsv, streamCsv } from '../csv-answer.ts';
import { AnswerCache } from '../answer-cache.ts';
import { errorResponses } from '../errors.ts';
import { Data, DateString, Limit, Offset, Nullable, Pagination, Uuid } from '../schemas.ts';

/** GET /transactions without dates covers this many days back from today. */
export const DEFAULT_WINDOW_DAYS = 30;

/** Pages of GET /transactions kept between changes: at most this many, and this many characters in all. */
export const KEPT_LIST_PAGES = 2_000;
export const KEPT_LIST_CHARACTERS = 64 * 1024 * 1024;
const JSON_ANSWER = 'application/json; charset=utf-8';

/** An amount bound in a currency's minor units, rounded inward so the bound itself stays inclusive. */
function boundToMinor(amount: number, currency: string, direction: 'up' | 'down'): number {
  // The float's noise (0.1 + 0.2) is not a fraction of a minor unit.
  const scaled = Math.round(amount * 10 ** (currencyExponent(currency) ?? 2) * 1e6) / 1e6;
  return direction === 'up' ? Math.ceil(scaled) : Math.floor(scaled);
}

const PushedRow = Type.Object({
  accountExternalId: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'The externalId given when the account was created with POST /bank-accounts',
  }),
  id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        "The client's stable id; a re-send of the same id to the same account is a no-op. When omitted, identity is date + amount + description.",
    }),
  ),
  date: DateString(),
  authorizedDate: Type.Optional(DateString()),
  amount: Type.Number({
    description: 'Positive = money out, negative = money in; not zero; no more decimals than the currency has',
  }),
  currency: Type.Optional(Type.String({ description: "Optional; must equal the account's currency" })),
  description: Type.String({ minLength: 1, maxLength: 500 }),
  merchant: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  merchantCategoryCode: Type.Optional(
    Nullable(
      Type.String({
        pattern: '^[0-9]{4}$',
        description:
          "The card network's merchant category code (ISO 18245, four digits), as bank feeds carry it; stored on the row and used by categorization",
      }),
    ),
  ),
  mcc: Type.Optional(
    Nullable(
      Type.String({
        pattern: '^[0-9]{4}$',
        description: 'Another name of merchantCategoryCode (feeds call it either); when both are given they must agree',
      }),
    ),
  ),
  pending: Type.Optional(
    Type.Boolean({ description: 'Pending rows are categorized but booked only once re-sent as settled' }),
  ),
});

export function transactionRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const listAnswers = new AnswerCache(KEPT_LIST_PAGES, KEPT_LIST_CHARACTERS);

  api.post(
    '/transactions',
    {
      config: { scope: 'write' },
      schema: {
        summary: 'Push transactions for manual accounts',
        description: `All or nothing: one invalid row rejects the request (the reason names the row index) and nothing is imported. At most ${MAX_ROWS_PER_REQUEST} rows and 5 MB per request.`,
        body: Type.Object({
          institutionName: Type.String({ minLength: 1, maxLength: 200 }),
          transactions: Type.Array(PushedRow, { maxItems: MAX_ROWS_PER_REQUEST }),
        }),
        response: {
          200: Data(Type.Object({ received: Type.Integer(), imported: Type.Integer(), deduplicated: Type.Integer() })),
          ...errorResponses(400, 403, 413, 415),
        },
      },
    },
    async (request) => {
      const result = await request.tenant.bankRows.push(request.body);
      if (result.imported > 0) context.onRowsArrived();
      return { data: result };
    },
  );

  api.get(
    '/transactions',
    {
      config: { scope: 'read', csv: true },
      schema: {
        summary: 'List transactions, newest first',
        description: `Without from and to, the window is the last ${DEFAULT_WINDOW_DAYS} days (UTC), or every date with sweepState; \`meta.window\` always says which dates were covered, so a client can tell a quiet month from a window it did not ask for. Filters combine (AND). \`Accept: text/csv\` returns every matching row as CSV (streamed; limit and offset page the JSON only).`,
        querystring: Type.Object({
          limit: Limit(200, 50),
          offset: Offset,
          from: Type.Optional(
            DateString(`Window start; default ${DEFAULT_WINDOW_DAYS} days before to (unbounded with sweepState)`),
          ),
          to: Type.Optional(DateString('Window end; default today (UTC) (unbounded with sweepState)')),
          category: Type.Optional(
            Type.String({ maxLength: 20, description: 'Only rows categorized to this ledger account number' }),
          ),
          search: Type.Optional(
            Type.String({ maxLength: 200, description: 'Case-insensitive substring of descriptor or merchant' }),
          ),
          sweepState: Type.Optional(
            Type.String({
              enum: [...SWEEP_STATES],
              description:
                'Only rows in this sweep state (queued, done, failed). With it, from and to bound nothing unless given, so `?sweepState=failed` lists every parked row whatever its date',
            }),
          ),
          needsReview: Type.Optional(
            Type.Boolean({
              description:
                'true: only rows waiting for a person (the review queue); false: only rows that need no review',
            }),
          ),
          bankAccountId: Type.Optional(Uuid('Only rows of this bank account (GET /bank-accounts)')),
          amountMin: Type.Optional(
            Type.Number({
              minimum: -1e13,
              maximum: 1e13,
              description:
                "Signed amount at least this (positive = money out, as `amount`); in each row's own currency",
            }),
          ),
          amountMax: Type.Optional(
            Type.Number({
              minimum: -1e13,
              maximum: 1e13,
              description:
                'Signed amount at most this; `amountMin=100&amountMax=500` is spending of 100 to 500, `amountMax=-1000` income of 1000 or more',
            }),
          ),
        }),
        response: {
          200: jsonOrCsv(
            Type.Object({
              data: Type.Array(Type.Ref('Transaction')),
              meta: Type.Object({
                pagination: Pagination,
                window: Type.Object(
                  {
                    from: Nullable(DateString('First date covered; null = unbounded')),
                    to: Nullable(DateString('Last date covered; null = unbounded')),
                    defaulted: Type.Boolean({
                      description: `True when from or to was not given and the service chose it (the ${DEFAULT_WINDOW_DAYS}-day default)`,
                    }),
                  },
                  { description: 'The dates the list covers, as given or as defaulted' },
                ),
              }),
            }),
            TRANSACTIONS_CSV_COLUMNS.join(','),
          ),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { tenant } = request;
      // A page asked again before anything changed is the page kept from last time (answer-cache.ts); the default
      // window is today's, so today is part of what names the page.
      const version = request.answerAs === 'application/json' ? tenant.readVersion?.() : undefined;
      const pageKey = version === undefined ? null : `${tenant.tenantId} ${todayUtc()} ${request.url}`;
      const kept = pageKey === null ? undefined : listAnswers.get(pageKey, version!);
      if (kept !== undefined) return reply.type(JSON_ANSWER).send(kept);
      const { limit, offset, category, search, sweepState, needsReview, bankAccountId, amountMin, amountMax } =
        request.query;
      // A state asks for rows wherever they are dated; the default window is for browsing the latest rows.
      const defaultTo = sweepState ? undefined : todayUtc();
      const to = request.query.to ?? defaultTo;
      const from =
        request.query.from ?? (to && !sweepState ? clampToAcceptedDates(addDays(to, -DEFAULT_WINDOW_DAYS)) : undefined);
      if (from && to && from > to) throw invalid('from: must be on or before to');
      if (amountMin !== undefined && amountMax !== undefined && amountMin > amountMax)
        throw invalid('amountMin: must be at most amountMax');
      if (category && category !== 'transfer' && !(await tenant.chart.hasAccountNumber(category))) {
        throw invalid(`category: "${category}" is not an account number of this tenant's chart (see GET /accounts)`);
      }
      if (bankAccountId && !(await tenant.bankAccounts.exists(bankAccountId)))
        throw notFound(`bank account ${bankAccountId}`);
      const amountMinorByCurrency =
        amountMin === undefined && amountMax === undefined
          ? undefined
          : (await tenant.bankAccounts.currencies()).map((currency) => ({
              currency,
              minMinor: amountMin === undefined ? undefined : boundToMinor(amountMin, currency, 'up'),
              maxMinor: amountMax === undefined ? undefined : boundToMinor(amountMax, currency, 'down'),
            }));
      const query = {
        from,
        to,
        category,
        search,
        sweepState: sweepState as SweepState | undefined,
        needsReview,
        bankAccountId,
        amountMinorByCurrency,
      };
      if (request.answerAs === 'text/csv') {
        return streamCsv(reply, `transactions-${from ?? 'start'}-${to ?? 'end'}`, {
          readPage: (pageOffset: number = 0) =>
            tenant.bankRows
              .list({ ...query, limit: CSV_PAGE_ROWS, offset: pageOffset })
              .then((rows) => ({ rows, offset: pageOffset })),
          render: (page, first) => transactionsCsv(page.rows.slice(0, CSV_PAGE_ROWS).map(toTransactionView), first),
          next: (page) => (page.rows.length > CSV_PAGE_ROWS ? page.offset + CSV_PAGE_ROWS : null),
        });
      }
      const rows = await tenant.bankRows.list({ ...query, limit, offset });
      const answer = {
        data: rows.slice(0, limit).map(toTransactionView),
        meta: {
          pagination: { limit, offset, nextOffset: rows.length > limit ? offset + limit : null },
          window: {
            from: from ?? null,
            to: to ?? null,
            defaulted: request.query.from === undefined || request.query.to === undefined,
          },
        },
      };
      if (pageKey === null) return answer;
      const body = reply.serializeInput(answer, '200', 'application/json') as string;
      listAnswers.set(pageKey, version!, body);
      return reply.type(JSON_ANSWER).send(body);
    },
  );

  api.get(
    '/transactions/:id',
    {
      config: { scope: 'read' },
      schema: {
        summary: 'One transaction',
        params: Type.Object({ id: Uuid() }),
        response: { 200: Data(Type.Ref('Transaction')), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const row = await request.tenant.bankRows.find(request.params.id);
      if (!row) throw notFound(`transaction ${request.params.id}`);
      return { data: toTransactionView(row) };
    },
  );

  api.patch(
    '/transactions/:id',
    {
      config: { scope: 'write' },
      schema: {
        summary: 'Recategorize a transaction',
        description:
          'Reverses the booked entry and books a new one against the chosen account (or 1900 for a transfer). The choice is remembered for the merchant. `reason` is optional. A row the sweep parked (sweepState failed) is filed and booked by this choice and leaves the failed state.',
        params: Type.Object({ id: Uuid() }),
        body: Type.Object({
          category: Type.String({
            minLength: 1,
            maxLength: 20,
            description: 'A ledger account number from GET /accounts, or "transfer"',
          }),
          reason: Type.Optional(
            Type.String({
              maxLength: MAX_REASON_LENGTH,
              description: 'Free text explaining the correction; kept as the memo of the new journal lines',
            }),
          ),
        }),
        response: {
          200: Data(
            Type.Object({
              id: Type.String(),
              category: Nullable(Type.Ref('TransactionCategory')),
              transactionType: Nullable(Type.String()),
              needsReview: Type.Boolean(),
              journalEntryId: Nullable(Type.String()),
            }),
          ),
          ...errorResponses(400, 403, 404, 415),
        },
      },
    },
    async (request) => {
      const view = await request.tenant.bankRows.recategorize(request.params.id, request.body, {
        reviewThreshold: context.config.reviewThreshold,
      });
      return {
        data: {
          id: view.id,
          category: view.category,
          transactionType: view.transactionType,
          needsReview: view.needsReview,
          journalEntryId: view.journalEntryId,
        },
      };
    },
  );

  api.delete(
    '/transactions/:id',
    {
      config: { scope: 'write' },
      schema: {
        summary: 'Remove a transaction',
        description:
          'Not in the contract; decided here. Removes a row that should not be in the books (a duplicate, a row the bank never made, a parked row the owner does not want). A booked row has its entry reversed in the same transaction (the journal is append-only: the entry and its reversal stay, naming the row as source); an unbooked one simply goes. The other leg of a transfer it was paired with is unlinked and needs review again. Sending the same row again (a re-push, a re-uploaded statement) brings it back as a new row.',
        params: Type.Object({ id: Uuid() }),
        response: {
          200: Data(
            Type.Object({
              id: Type.String(),
              reversalEntryId: Nullable(
                Type.String({
                  format: 'uuid',
                  description: 'The entry cancelling the booking; null when the row was not booked',
                }),
              ),
            }),
          ),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request) => {
      const removed = await request.tenant.bankRows.remove(request.params.id, context.now);
      return { data: removed };
    },
  );
}
