import { Type, type TSchema } from 'typebox';
import { ACCEPTED_DATE_PATTERN, DATE_RANGE_TEXT } from '../shared/dates.ts';
import { INDUSTRIES } from '../tenancy/entity-profile.ts';

/**
 * The API's schemas. The same objects validate requests, shape (and so filter) responses, and
 * generate /v1/openapi.json, so the published contract cannot drift from what the code does.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Every date in the API: a real calendar date, within the service's date domain (400 outside it, on input). */
export const DateString = (description?: string) =>
  Type.String({
    format: 'date',
    pattern: ACCEPTED_DATE_PATTERN,
    description: `${description ?? 'Calendar date, YYYY-MM-DD'} (${DATE_RANGE_TEXT})`,
    examples: ['2026-03-14'],
  });
export const Uuid = (description?: string) => Type.String({ format: 'uuid', description });
export const Money = (description: string) =>
  Type.Number({
    description: `${description} JSON number in the currency's major unit, exact to its ISO 4217 minor unit.`,
  });
export const CurrencyCode = Type.String({
  pattern: '^[A-Z]{3}$',
  description: 'ISO 4217 currency code',
  examples: ['USD'],
});

export const ErrorBody = Type.Object(
  {
    error: Type.String({
      description: 'Stable machine-readable code',
      enum: [
        'unauthorized',
        'insufficient_scope',
        'forbidden',
        'invalid_request',
        'not_found',
        'not_acceptable',
        'request_timeout',
        'payload_too_large',
        'uri_too_long',
        'unsupported_media_type',
        'rate_limited',
        'headers_too_large',
        'conflict',
        'internal_error',
      ],
    }),
    reason: Type.Optional(Type.String({ description: 'Human-readable explanation naming the field at fault' })),
  },
  { $id: 'Error', title: 'Error' },
);

export const Pagination = Type.Object({
  limit: Type.Integer(),
  offset: Type.Integer(),
  nextOffset: Nullable(Type.Integer({ description: 'Pass back as offset; null on the last page' })),
});

/** Pages by offset or, however deep, by the keyset cursor `nextAfter` (general ledger, journal). */
export const CursorPagination = Type.Object({
  ...Pagination.properties,
  nextAfter: Nullable(Type.String({ description: 'Pass back as after for the next page; null on the last page' })),
});

export const After = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,200}$',
  description:
    'The page after this cursor: pass back meta.pagination.nextAfter as it came (JSON only; not with offset). Unlike offset, a page found by cursor costs the same however deep',
});

export const Limit = (maximum: number, fallback: number) =>
  Type.Integer({ minimum: 1, maximum, default: fallback, description: `Page size, 1-${maximum}, default ${fallback}` });
export const Offset = Type.Integer({
  minimum: 0,
  maximum: 1_000_000_000,
  default: 0,
  description: 'Rows to skip, >= 0',
});

export const TransactionCategory = Type.Object(
  {
    accountNumber: Type.String(),
    accountName: Nullable(Type.String()),
    confidence: Nullable(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          "The tier's certainty; a human decision is 1.0. Null when no tier decided (the row sits on a catch-all account).",
      }),
    ),
    source: Nullable(
      Type.String({
        enum: ['regex', 'directory', 'memory', 'rag', 'llm', 'user_override'],
        description: 'The tier that decided; null when none did',
      }),
    ),
  },
  { $id: 'TransactionCategory', title: 'TransactionCategory' },
);

export const Transaction = Type.Object(
  {
    id: Type.String({ description: 'Stable public transaction id' }),
    bankAccountId: Type.String({ format: 'uuid' }),
    entityId: Type.String({ format: 'uuid' }),
    date: DateString(),
    authorizedDate: Nullable(DateString()),
    amount: Money('Positive = money out, negative = money in.'),
    currency: CurrencyCode,
    direction: Type.String({ enum: ['in', 'out'] }),
    description: Type.String({ description: 'Bank descriptor' }),
    merchant: Nullable(Type.String()),
    merchantCategoryCode: Nullable(
      Type.String({
        description: "The card network's merchant category code (ISO 18245) the feed carried; null when none",
      }),
    ),
    pending: Type.Boolean(),
    transactionType: Nullable(
      Type.String({
        enum: ['expense', 'income', 'transfer'],
        description:
          'From the category account: revenue → income, expense → expense, transfer → transfer; null while uncategorized and for balance-sheet accounts (loans, owner draws)',
      }),
    ),
    category: Nullable(TransactionCategory),
    needsReview: Type.Boolean({
      description: 'True while uncategorized, on a catch-all (6999/4999), or below the review threshold (default 0.85)',
    }),
    journalEntryId: Nullable(
      Type.String({ format: 'uuid', description: 'The entry currently booking this row; null until booked' }),
    ),
    sweepState: Type.String({
      enum: ['queued', 'done', 'failed'],
      description:
        'Not in the contract; decided here. queued: waiting for the sweep to categorize or book it; done: the sweep owes it nothing now (a pending row goes back to queued once settled); failed: the sweep could not process it and parked it, with the error in sweepError, until a PATCH files it or a DELETE removes it',
    }),
    sweepError: Nullable(
      Type.String({ description: 'Why the sweep parked the row (sweepState failed); null otherwise' }),
    ),
    sweepFailedAt: Nullable(
      Type.String({ format: 'date-time', description: 'When the sweep parked the row; null unless failed' }),
    ),
  },
  { $id: 'Transaction', title: 'Transaction' },
);

export const BankAccount = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    entityId: Type.String({ format: 'uuid' }),
    externalAccountId: Type.String(),
    institutionName: Type.String(),
    name: Type.String(),
    currency: CurrencyCode,
    kind: Type.String({
      enum: ['checking', 'savings', 'credit_card', 'trust'],
      description: "`trust`: holds clients' or owners' money (IOLTA, escrow, a property manager's owners' trust)",
    }),
    type: Type.String({ enum: ['depository', 'credit'] }),
    openingBalance: Nullable(Money('Declared opening balance; for a credit card, positive = amount owed.')),
    openingBalanceDate: Nullable(DateString()),
    derivedBalance: Nullable(
      Money(
        'Manual accounts: opening balance rolled through settled rows (0 when none was declared); a sum, exact, written with every digit past 15 significant digits.',
      ),
    ),
    currentBalance: Nullable(Money('Reported by connected-feed accounts.')),
    ledgerMapped: Type.Boolean(),
    ledgerAccountNumber: Nullable(Type.String()),
  },
  { $id: 'BankAccount', title: 'BankAccount' },
);

export const Account = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    entityId: Type.String({ format: 'uuid' }),
    accountNumber: Type.String(),
    name: Type.String(),
    category: Type.String({ enum: ['asset', 'liability', 'equity', 'revenue', 'expense'] }),
    country: Type.String(),
    isActive: Type.Boolean(),
    parentNumber: Nullable(
      Type.String({ description: 'For bank and card ledger accounts: their parent (1010, 1050, 2100)' }),
    ),
  },
  { $id: 'Account', title: 'Account' },
);

export const JournalLine = Type.Object(
  {
    accountId: Type.String({ format: 'uuid' }),
    accountNumber: Type.String(),
    debit: Nullable(Type.Number()),
    credit: Nullable(Type.Number()),
    currency: CurrencyCode,
    memo: Nullable(Type.String()),
  },
  { $id: 'JournalLine', title: 'JournalLine' },
);

export const JournalEntry = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    entityId: Type.String({ format: 'uuid' }),
    entryDate: DateString(),
    description: Type.String(),
    sourceType: Type.String({
      enum: ['bank_feed', 'bank_statement', 'opening_balance'],
      description:
        'bank_feed: a bank row pushed through the API or a feed; bank_statement: a row from an uploaded statement; opening_balance: a declared opening balance',
    }),
    sourceId: Nullable(
      Type.String({ description: 'The transaction id, or the bank account id for an opening balance' }),
    ),
    reversesEntryId: Nullable(Type.String({ format: 'uuid', description: 'Set on a reversal: the entry it cancels' })),
    postedAt: Type.String({ format: 'date-time' }),
    lines: Type.Array(JournalLine),
  },
  { $id: 'JournalEntry', title: 'JournalEntry' },
);

export const TrialBalanceRow = Type.Object({
  accountNumber: Type.String(),
  name: Type.String(),
  category: Type.String({ enum: ['asset', 'liability', 'equity', 'revenue', 'expense'] }),
  isActive: Type.Boolean(),
  debit: Type.Number({ description: 'Cumulative debits through asOf' }),
  credit: Type.Number({ description: 'Cumulative credits through asOf' }),
  balance: Type.Number({ description: "In the account's natural direction (debit for assets and expenses)" }),
});

export const TrialBalance = Type.Object(
  {
    asOf: DateString(),
    entityId: Type.String({ format: 'uuid' }),
    currency: CurrencyCode,
    accounts: Type.Array(TrialBalanceRow),
    totals: Type.Object({ debit: Type.Number(), credit: Type.Number() }, { description: 'Always equal' }),
  },
  { $id: 'TrialBalance', title: 'TrialBalance' },
);

export const Entity = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    country: Type.String(),
    legalName: Type.String(),
    taxIdMasked: Nullable(
      Type.String({ description: 'Only the last 4 characters show; null when no tax id is on file' }),
    ),
    taxIdType: Nullable(Type.String({ enum: ['ein', 'ssn', 'itin'] })),
    entityType: Type.String({ enum: ['sole_prop', 'llc', 'partnership', 's_corp', 'c_corp'] }),
    regime: Nullable(
      Type.String({
        enum: ['sole_proprietor', 'partnership', 's_corporation', 'c_corporation'],
        description: 'Federal tax classification',
      }),
    ),
    stateCode: Nullable(Type.String({ description: 'State of formation' })),
    fiscalYearEndMonth: Type.Integer({ minimum: 1, maximum: 12 }),
    baseCurrency: CurrencyCode,
    status: Type.String({ enum: ['active', 'inactive', 'dissolved'] }),
    isPrimary: Type.Boolean(),
    createdAt: Type.String({ format: 'date-time' }),
    salesTaxStates: Type.Array(Type.String(), {
      description: 'States the entity is registered to collect sales tax in (obligation calendar)',
    }),
    salesTaxFrequency: Type.String({
      enum: ['monthly', 'quarterly', 'annual'],
      description: 'Sales tax filing frequency the state assigned; quarterly unless set',
    }),
    formationDate: Nullable(DateString('Date of formation; anniversary-based filings are due in its month')),
    estimatedTaxRatePercent: Nullable(
      Type.Number({ description: 'Rate for estimated-tax installments; null = estimates not asked for (amountDue 0)' }),
    ),
    industry: Nullable(
      Type.String({
        enum: [...INDUSTRIES],
        description:
          'Line of business as the owner stated it (not in the contract; decided here). The categorizer files trade-dependent purchases and processor payouts by it; null = not stated',
      }),
    ),
  },
  { $id: 'Entity', title: 'Entity' },
);

/** Wraps a payload as the contract's `{ data }`. */
export const Data = <T extends TSchema>(schema: T) => Type.Object({ data: schema });
export const Page = <T extends TSchema>(schema: T) =>
  Type.Object({ data: Type.Array(schema), meta: Type.Object({ pagination: Pagination }) });

export const Obligation = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    entityId: Type.String({ format: 'uuid' }),
    country: Type.String(),
    type: Type.String({
      description:
        'income_tax_return, income_tax_extension, estimated_tax, payroll_tax_return, unemployment_tax_return, wage_statements, contractor_information_return, franchise_tax_and_annual_report, annual_tax, minimum_franchise_tax, franchise_tax_report, filing_fee, statement_of_information, biennial_statement, annual_report, sales_tax_return, excise_tax_return',
    }),
    period: Type.String({
      description:
        '2026 (a year; a fiscal tax year is named by the year it begins), 2026-Q1 (a quarter or an estimated-tax installment), 2026-03 (a month)',
    }),
    frequency: Type.String({ enum: ['annual', 'biennial', 'quarterly', 'monthly'] }),
    deadline: DateString('Due date, already moved past weekends and legal holidays'),
    status: Type.String({
      enum: ['upcoming', 'payment_pending', 'confirmed', 'filed'],
      description:
        "The owner's workflow: upcoming → payment_pending (deadline within 30 days and an amount due) → confirmed (the owner confirmed it applies) → filed. Lateness is `overdue`, not a status: an upcoming row past its deadline is overdue. The calendar starts the day the entity was added to the service: what fell due before is not listed and never overdue",
    }),
    amountDue: Money(
      'Known from law (flat fees, minimum taxes) or the books (payroll and sales tax liabilities, estimated tax when asked for); else 0, with the reason in amountNote.',
    ),
    currency: CurrencyCode,
    filedAt: Nullable(Type.String({ format: 'date-time' })),
    jurisdictionLevel: Type.String({ enum: ['federal', 'state'] }),
    stateCode: Nullable(Type.String()),
    authority: Type.String(),
    formReference: Nullable(Type.String()),
    ruleId: Type.String({ description: 'The rule that gives this obligation; with entity and period, its identity' }),
    periodStart: Nullable(DateString()),
    periodEnd: Nullable(DateString()),
    amountNote: Nullable(Type.String({ description: 'How amountDue was found, or why it is 0' })),
    deadlineNote: Nullable(Type.String({ description: 'When the deadline rests on an assumption or an extension' })),
    source: Nullable(Type.String({ description: 'Publication, instructions or statute the rule comes from' })),
    confirmedAt: Nullable(Type.String({ format: 'date-time' })),
    overdue: Type.Boolean({
      description: 'Past its deadline and not filed (whatever the status); what the health score charges for',
    }),
    daysOverdue: Type.Integer({ minimum: 0, description: 'Days since the deadline while overdue, else 0' }),
  },
  { $id: 'Obligation', title: 'Obligation' },
);

export const StatementPeriod = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    documentId: Type.String({ format: 'uuid', description: 'The upload whose copy of the statement is current' }),
    bankAccountId: Type.String({ format: 'uuid' }),
    periodStart: DateString(),
    periodEnd: DateString(),
    currency: CurrencyCode,
    openingBalance: Money('As printed; for a credit card, positive = amount owed.'),
    closingBalance: Money('As printed; for a credit card, positive = amount owed.'),
    transactionCount: Type.Integer({ description: 'Lines on the statement that move money' }),
    continuityOk: Type.Boolean({
      description:
        'False when the previous period of the account does not end the day before (or the day) this one starts at the balance this one opens with; a missing month is a break. The first period of an account is true.',
    }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'StatementPeriod', title: 'StatementPeriod' },
);

export const StatementUploadStatus = Type.Object(
  {
    documentId: Type.String({ format: 'uuid' }),
    status: Type.String({ enum: ['processing', 'ingested', 'rejected'] }),
    source: Type.String({ enum: ['api', 'email'], description: "POST /bank-statements or the tenant's inbox address" }),
    filename: Nullable(Type.String()),
    mediaType: Type.String(),
    sizeBytes: Type.Integer(),
    format: Nullable(
      Type.String({
        description:
          "The reader that read the file (pdf, image, csv, xlsx, ofx, camt053, mt940, or the reader's own finer name); null until known",
      }),
    ),
    bankAccountId: Nullable(
      Type.String({
        format: 'uuid',
        description: 'The account the upload was attached to, or (once ingested) the account the statement belongs to',
      }),
    ),
    createdAt: Type.String({ format: 'date-time' }),
    statement: Type.Optional(
      Type.Ref('StatementPeriod', {
        description:
          'Present when ingested: the statement period, or with several accounts in one document the first of `statements`',
      }),
    ),
    statements: Type.Optional(
      Type.Array(Type.Ref('StatementPeriod'), {
        description:
          "Present when ingested: every statement period the document holds, in its order. A document with several accounts (a checking and a savings section in one PDF) is ingested as one period per account, all or nothing: if one section is rejected, none is ingested and the rejection message names the section. The upload's bankAccountId applies only to a document holding one account; the accounts of a multi-account document are found or created by their own numbers.",
      }),
    ),
    rejection: Type.Optional(
      Type.Object(
        {
          reason: Type.String({
            enum: ['did_not_reconcile', 'not_a_bank_statement', 'document_unreadable', 'no_transactions', 'incomplete'],
            description:
              'incomplete: the reading cannot show it is the whole statement (the period or a balance is not printed, a page is missing, repeated or out of order, or a printed running balance, carried-forward balance, total or count disagrees with the lines read); the message names the page or line. document_unreadable also covers a document over a size limit (lines per statement, cells per worksheet, pages per PDF, characters per CSV row) and one whose reading ran out of its time budget or memory ceiling; the message names the limit',
          }),
          message: Type.String({ description: 'What was wrong, for a human' }),
          expected: Type.Optional(
            Nullable(
              Type.Number({
                description: 'did_not_reconcile: the closing balance the lines imply (null when a balance was missing)',
              }),
            ),
          ),
          stated: Type.Optional(
            Nullable(Type.Number({ description: 'did_not_reconcile: the closing balance the statement states' })),
          ),
        },
        { description: 'Present when rejected' },
      ),
    ),
    conflicts: Type.Array(
      Type.Object({
        transactionId: Type.String(),
        reason: Type.String({
          enum: ['booked', 'categorized'],
          description: 'Why a row of the period the new copy no longer lists was kept',
        }),
      }),
      {
        description:
          'Rows of a replaced period that the new copy no longer lists but that were already categorized or booked: kept, for a human to resolve',
      },
    ),
    corrections: Type.Array(
      Type.Object({
        line: Type.Integer({ minimum: 1, description: '1-based line of the statement as read' }),
        field: Type.String({
          enum: ['amount', 'balance'],
          description: "The line's amount, or its printed running balance",
        }),
        read: Type.Number({ description: 'What OCR read' }),
        corrected: Type.Number({ description: 'The value the printed running balances pin (one digit differs)' }),
      }),
      {
        description:
          'Digits the completeness gate corrected in a scanned (OCR) statement: only where exactly one single-digit correction makes every printed balance, total and count agree; empty otherwise',
      },
    ),
  },
  { $id: 'StatementUploadStatus', title: 'StatementUploadStatus' },
);

export const BankConnectionProgress = Type.Object({
  phase: Type.String({ enum: ['queued', 'fetching', 'writing', 'done', 'failed'] }),
  rowsFetched: Type.Integer({ description: 'Rows (added, modified, removed) read from the provider so far' }),
  added: Type.Integer({ description: 'New rows written' }),
  matched: Type.Integer({ description: 'Feed rows found to be rows already there (pushed or from a statement)' }),
  modified: Type.Integer({ description: 'Rows updated in place (a booked one reversed and rebooked)' }),
  removed: Type.Integer({ description: 'Rows the provider withdrew (a booked one reversed)' }),
  startedAt: Nullable(Type.String({ format: 'date-time' })),
  finishedAt: Nullable(Type.String({ format: 'date-time' })),
});

export const BankConnection = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    provider: Type.String({ enum: ['simplefin', 'plaid'] }),
    entityId: Type.String({ format: 'uuid' }),
    institutionName: Type.String(),
    status: Type.String({
      enum: ['ok', 'needs_reauth', 'error'],
      description:
        'needs_reauth: the bank login must be renewed (remove and connect again); error: the last sync failed and is retried with backoff',
    }),
    reason: Nullable(
      Type.String({ description: 'Why the status is not ok, or what the provider reported about the bank connection' }),
    ),
    lastSyncedAt: Nullable(Type.String({ format: 'date-time' })),
    nextSyncAt: Type.String({ format: 'date-time' }),
    syncing: Type.Boolean({ description: 'A worker holds the connection now' }),
    progress: Nullable(BankConnectionProgress),
    accounts: Type.Array(Type.Ref('BankAccount'), {
      description: 'The bank accounts this connection feeds; their currentBalance is the balance the bank reported',
    }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'BankConnection', title: 'BankConnection' },
);
