import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  balanceSheetCsv,
  cashFlowCsv,
  GENERAL_LEDGER_CSV_COLUMNS,
  generalLedgerCsv,
  profitAndLossCsv,
} from '../../reports/csv.ts';
import { todayUtc } from '../../shared/dates.ts';
import { CSV_PAGE_ROWS, jsonOrCsv, sendCsv, streamCsv } from '../csv-answer.ts';
import { errorResponses } from '../errors.ts';
import { exactJson } from '../exact-json.ts';
import { After, CurrencyCode, CursorPagination, Data, DateString, Nullable, Uuid } from '../schemas.ts';

const Amount = (description: string) =>
  Type.Number({
    description: `${description} JSON number in the report currency's major unit, exact to its minor unit.`,
  });

const StatementRow = Type.Object({
  accountNumber: Nullable(
    Type.String({ description: 'Ledger account number; null on a computed line (current-year earnings)' }),
  ),
  name: Type.String(),
  amount: Amount(
    'Revenue, expenses, assets, liabilities and equity in their natural direction; cash-flow lines positive for money in.',
  ),
});

const ProfitAndLossFigures = {
  from: DateString(),
  to: DateString(),
  revenue: Type.Array(StatementRow, {
    description: 'Revenue accounts with net movement in the period (refunds 4200 reduce it)',
  }),
  expenses: Type.Array(StatementRow, { description: 'Expense accounts with net movement in the period' }),
  totalRevenue: Amount('Sum of revenue rows.'),
  totalExpenses: Amount('Sum of expense rows.'),
  netIncome: Amount('totalRevenue − totalExpenses.'),
};

const ProfitAndLoss = Type.Object(
  {
    ...ProfitAndLossFigures,
    entityId: Uuid(),
    currency: CurrencyCode,
    comparison: Type.Optional(
      Type.Object(
        {
          compareTo: Type.String({ enum: ['previous_period', 'previous_year'] }),
          ...ProfitAndLossFigures,
          change: Type.Object(
            { totalRevenue: Type.Number(), totalExpenses: Type.Number(), netIncome: Type.Number() },
            { description: 'This period minus the comparison period' },
          ),
        },
        {
          description:
            'Present when compareTo is given; its rows list the same accounts in the same order as the main rows',
        },
      ),
    ),
  },
  { title: 'ProfitAndLoss' },
);

const BalanceSheet = Type.Object(
  {
    asOf: DateString(),
    entityId: Uuid(),
    currency: CurrencyCode,
    fiscalYearStart: DateString("First day of the fiscal year containing asOf (from the entity's fiscalYearEndMonth)"),
    assets: Type.Array(StatementRow),
    liabilities: Type.Array(StatementRow),
    equity: Type.Array(StatementRow, {
      description:
        'Equity accounts; Retained Earnings (3900) includes the net income of earlier fiscal years; the last line (accountNumber null) is current-year earnings',
    }),
    totalAssets: Type.Number(),
    totalLiabilities: Type.Number(),
    totalEquity: Type.Number({ description: 'Always totalAssets − totalLiabilities' }),
    currentYearEarnings: Type.Number({ description: 'Net income from fiscalYearStart through asOf' }),
    priorYearsNetIncome: Type.Number({
      description: 'Net income before fiscalYearStart, rolled into Retained Earnings',
    }),
  },
  { title: 'BalanceSheet' },
);

const CashFlow = Type.Object(
  {
    from: DateString(),
    to: DateString(),
    entityId: Uuid(),
    currency: CurrencyCode,
    openingCash: Type.Number({
      description: 'Cash on hand, checking and savings (ledger 1000-1099) at the end of the day before from',
    }),
    operating: Type.Number({ description: 'Net cash from operating activities' }),
    investing: Type.Number({ description: 'Net cash from investing activities (fixed assets 1500-1899)' }),
    financing: Type.Number({ description: 'Net cash from financing activities (loans 2400-2599, equity)' }),
    declaredOpeningBalances: Type.Number({
      description:
        'Opening balances of bank accounts declared with a date inside the period: cash brought onto the books, not a flow',
    }),
    netChange: Type.Number({
      description: 'operating + investing + financing + declaredOpeningBalances = closingCash − openingCash',
    }),
    closingCash: Type.Number({ description: 'Cash at the end of to' }),
    lines: Type.Object(
      {
        operating: Type.Array(StatementRow),
        investing: Type.Array(StatementRow),
        financing: Type.Array(StatementRow),
      },
      { description: 'Per counter account: positive = money in, negative = money out' },
    ),
    cashAccounts: Type.Array(
      Type.Object({
        accountNumber: Type.String(),
        name: Type.String(),
        openingBalance: Type.Number(),
        closingBalance: Type.Number(),
      }),
      { description: 'The cash accounts making up openingCash and closingCash' },
    ),
  },
  { title: 'CashFlow' },
);

const GeneralLedger = Type.Object(
  {
    from: DateString(),
    to: DateString(),
    entityId: Uuid(),
    currency: CurrencyCode,
    accounts: Type.Array(
      Type.Object({
        accountNumber: Type.String(),
        name: Type.String(),
        category: Type.String({ enum: ['asset', 'liability', 'equity', 'revenue', 'expense'] }),
        openingBalance: Type.Number({ description: 'Balance at the end of the day before from, natural direction' }),
        closingBalance: Type.Number({ description: 'Balance at the end of to, natural direction' }),
      }),
      { description: 'The accounts that have lines on this page' },
    ),
    lines: Type.Array(
      Type.Object({
        accountNumber: Type.String(),
        accountName: Type.String(),
        entryId: Uuid(),
        entryDate: DateString(),
        description: Type.String(),
        sourceType: Type.String(),
        memo: Nullable(Type.String()),
        debit: Nullable(Type.Number()),
        credit: Nullable(Type.Number()),
        runningBalance: Type.Number({ description: "The account's balance after this line, natural direction" }),
      }),
      { description: 'Ordered by account number, then date, then posting order' },
    ),
  },
  { title: 'GeneralLedger' },
);

const EntityAndCurrency = {
  entityId: Type.Optional(Uuid('Defaults to the primary entity')),
  currency: Type.Optional(
    Type.String({
      description: "Lines in this currency only; default the entity's base currency (no conversion between currencies)",
    }),
  ),
};

const REPORT_NOTE =
  'A report: it draws on the smaller report rate budget and reads the per-day account totals kept at posting time. Totals are exact: one past 15 significant digits is written as a JSON number with every digit (read it with a decimal parser to keep them).';

export function financialReportRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/reports/profit-and-loss',
    {
      ...exactJson,
      config: { scope: 'read', rateClass: 'report', csv: true },
      schema: {
        summary: 'Profit and loss (income statement)',
        description: `Revenue and expense accounts over from..to (inclusive) with totals and net income; compareTo adds the same figures for the previous period (same number of whole months, or days, right before) or the same dates a year earlier. ${REPORT_NOTE}`,
        querystring: Type.Object({
          from: DateString('Required. Period start, inclusive'),
          to: DateString('Required. Period end, inclusive'),
          compareTo: Type.Optional(
            Type.Union([Type.Literal('previous_period'), Type.Literal('previous_year')], {
              description:
                'previous_period: the same number of whole months (or days) right before; previous_year: the same dates a year earlier',
            }),
          ),
          ...EntityAndCurrency,
        }),
        response: {
          200: jsonOrCsv(
            Data(ProfitAndLoss),
            'section,accountNumber,name,amount[,comparison amount]; totals have an empty accountNumber',
          ),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const report = await request.tenant.reports.profitAndLoss(request.query);
      return request.answerAs === 'text/csv'
        ? sendCsv(reply, profitAndLossCsv(report), `profit-and-loss-${report.from}-${report.to}`)
        : { data: report };
    },
  );

  api.get(
    '/reports/balance-sheet',
    {
      ...exactJson,
      config: { scope: 'read', rateClass: 'report', csv: true },
      schema: {
        summary: 'Balance sheet',
        description: `Assets, liabilities and equity through asOf (inclusive); assets = liabilities + equity. Net income of the current fiscal year is an equity line of its own; earlier years' net income is in Retained Earnings. ${REPORT_NOTE}`,
        querystring: Type.Object({
          asOf: Type.Optional(DateString('Balance cutoff, inclusive; default today (UTC)')),
          ...EntityAndCurrency,
        }),
        response: {
          200: jsonOrCsv(Data(BalanceSheet), 'section,accountNumber,name,amount; totals have an empty accountNumber'),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const report = await request.tenant.reports.balanceSheet({
        ...request.query,
        asOf: request.query.asOf ?? todayUtc(),
      });
      return request.answerAs === 'text/csv'
        ? sendCsv(reply, balanceSheetCsv(report), `balance-sheet-${report.asOf}`)
        : { data: report };
    },
  );

  api.get(
    '/reports/cash-flow',
    {
      ...exactJson,
      config: { scope: 'read', rateClass: 'report', csv: true },
      schema: {
        summary: 'Cash flow statement (direct method)',
        description: `Cash received and paid over from..to by what it was for, grouped into operating, investing and financing activities by the counter account's place in the chart. Cash is cash on hand, checking and savings (1000-1099); card balances are operating liabilities, so a card charge shows as spending and the card's own line shows the part not yet paid. openingCash + netChange = closingCash. ${REPORT_NOTE}`,
        querystring: Type.Object({
          from: DateString('Required. Period start, inclusive'),
          to: DateString('Required. Period end, inclusive'),
          ...EntityAndCurrency,
        }),
        response: {
          200: jsonOrCsv(
            Data(CashFlow),
            'section,accountNumber,name,amount; subtotals and cash positions have an empty accountNumber',
          ),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const report = await request.tenant.reports.cashFlow(request.query);
      return request.answerAs === 'text/csv'
        ? sendCsv(reply, cashFlowCsv(report), `cash-flow-${report.from}-${report.to}`)
        : { data: report };
    },
  );

  api.get(
    '/reports/general-ledger',
    {
      ...exactJson,
      config: { scope: 'read', rateClass: 'report', csv: true },
      schema: {
        summary: 'General ledger',
        description: `Journal lines of from..to grouped by account, each with the account's running balance (starting from its balance before from). JSON is paginated over lines; \`Accept: text/csv\` returns every line of the period (streamed; limit and offset page the JSON only). ${REPORT_NOTE}`,
        querystring: Type.Object({
          from: DateString('Required. Period start, inclusive'),
          to: DateString('Required. Period end, inclusive'),
          accountNumber: Type.Optional(Type.String({ maxLength: 20, description: 'Only this ledger account' })),
          ...EntityAndCurrency,
          limit: Type.Integer({
            minimum: 1,
            maximum: 1000,
            default: 100,
            description: 'Lines per JSON page, 1-1000, default 100 (CSV has every line)',
          }),
          offset: Type.Integer({
            minimum: 0,
            maximum: 1_000_000_000,
            default: 0,
            description: 'Lines to skip, >= 0 (JSON only). For deep pages prefer after',
          }),
          after: Type.Optional(After),
        }),
        response: {
          200: jsonOrCsv(
            Type.Object({ data: GeneralLedger, meta: Type.Object({ pagination: CursorPagination }) }),
            GENERAL_LEDGER_CSV_COLUMNS.join(','),
          ),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { reports } = request.tenant;
      if (request.answerAs === 'text/csv') {
        return streamCsv(reply, `general-ledger-${request.query.from}-${request.query.to}`, {
          readPage: (after?: string) =>
            reports.generalLedger({ ...request.query, limit: CSV_PAGE_ROWS, offset: 0, after }),
          render: (page, first) => generalLedgerCsv(page, first),
          next: (page) => page.meta.pagination.nextAfter,
        });
      }
      return reports.generalLedger(request.query);
    },
  );
}
