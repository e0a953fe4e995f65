import type { ColumnType, Generated } from 'kysely';

/**
 * Table shapes shared by SQLite and PostgreSQL. Money columns hold integer minor units; booleans are
 * 0/1 integers in both databases so one code path reads and writes them; ids are text (UUIDs) so a
 * malformed id from a URL can never make the database raise a cast error.
 */
export interface Database {
  tenants: TenantsTable;
  entities: EntitiesTable;
  api_keys: ApiKeysTable;
  accounts: AccountsTable;
  bank_accounts: BankAccountsTable;
  transactions: TransactionsTable;
  merchant_memory: MerchantMemoryTable;
  journal_entries: JournalEntriesTable;
  journal_lines: JournalLinesTable;
  account_daily_totals: AccountDailyTotalsTable;
  bank_account_row_days: BankAccountRowDaysTable;
  rate_limit_buckets: RateLimitBucketsTable;
  statement_documents: StatementDocumentsTable;
  statement_document_chunks: StatementDocumentChunksTable;
  statement_periods: StatementPeriodsTable;
  obligations: ObligationsTable;
  categorization_rules: CategorizationRulesTable;
  llm_usage: LlmUsageTable;
  statement_inboxes: StatementInboxesTable;
  users: UsersTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
  bank_connections: BankConnectionsTable;
  bank_connection_accounts: BankConnectionAccountsTable;
  bank_feed_rows: BankFeedRowsTable;
}

export interface TenantsTable {
  id: string;
  name: string;
  review_threshold: number | null;
  created_at: string;
}

export interface EntitiesTable {
  id: string;
  tenant_id: string;
  legal_name: string;
  country: string;
  base_currency: string;
  tax_id: string | null;
  tax_id_type: string | null;
  entity_type: string;
  regime: string | null;
  state_code: string | null;
  fiscal_year_end_month: number;
  status: string;
  is_primary: number;
  created_at: string;
  /** Migration 0005: comma-separated state codes the entity collects sales tax for; null = none. */
  sales_tax_states?: string | null;
  /** Migration 0005: 'monthly' | 'quarterly' | 'annual'; null = quarterly. */
  sales_tax_frequency?: string | null;
  formation_date?: string | null;
  /** Migration 0005: percent of net income for estimated-tax installments; null = not asked. */
  estimated_tax_rate_percent?: number | null;
  /** Migration 0008: the line of business (entity-profile.ts INDUSTRIES); null = not stated. */
  industry?: string | null;
}

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  name: string | null;
  secret_hash: string;
  scopes: string;
  created_at: string;
  revoked_at: string | null;
}

export interface AccountsTable {
  id: string;
  tenant_id: string;
  entity_id: string;
  account_number: string;
  name: string;
  category: string;
  country: string;
  is_active: number;
  parent_number: string | null;
  created_at: string;
}

export interface BankAccountsTable {
  id: string;
  tenant_id: string;
  entity_id: string;
  institution_name: string;
  external_id: string;
  name: string;
  kind: string;
  type: string;
  currency: string;
  source: string;
  opening_balance_minor: number | null;
  opening_balance_date: string | null;
  opening_entry_id: string | null;
  current_balance_minor: number | null;
  ledger_account_id: string;
  ledger_account_number: string;
  created_at: string;
  updated_at: string;
}

export interface TransactionsTable {
  seq: Generated<number>;
  id: string;
  tenant_id: string;
  entity_id: string;
  bank_account_id: string;
  external_id: string;
  content_key: string;
  source: string;
  date: string;
  authorized_date: string | null;
  amount_minor: number;
  currency: string;
  description: string;
  merchant: string | null;
  merchant_key: string;
  pending: number;
  category_target: string | null;
  category_confidence: number | null;
  category_source: string | null;
  transaction_type: string | null;
  needs_review: number;
  /** 'pending' (queued for the sweep; `queued` in the API), 'done', or 'failed' (parked, migration 0010). */
  sweep_state: string;
  journal_entry_id: string | null;
  created_at: string;
  updated_at: string;
  /** Migration 0004: the other row of a detected transfer between the tenant's own accounts. */
  transfer_pair_id?: string | null;
  /** Migration 0019: the card network's merchant category code (ISO 18245), when the feed carried one. */
  merchant_category_code?: string | null;
  /** Migration 0010: why the sweep parked the row (sweep_state 'failed'); null otherwise. */
  sweep_error?: string | null;
  sweep_failed_at?: string | null;
}

export interface MerchantMemoryTable {
  tenant_id: string;
  entity_id: string;
  merchant_key: string;
  target: string;
  approvals: number;
  updated_at: string;
  /** Migration 0004: how often a different human decision replaced the remembered one. */
  overrides: Generated<number>;
}

export interface JournalEntriesTable {
  seq: Generated<number>;
  id: string;
  tenant_id: string;
  entity_id: string;
  entry_date: string;
  description: string;
  source_type: string;
  source_id: string | null;
  reverses_entry_id: string | null;
  posted_at: string;
}

export interface JournalLinesTable {
  seq: Generated<number>;
  entry_id: string;
  tenant_id: string;
  entity_id: string;
  account_id: string;
  account_number: string;
  entry_date: string;
  debit_minor: number | null;
  credit_minor: number | null;
  currency: string;
  memo: string | null;
}

/** Per-account, per-day sums maintained at posting time, so reports never rescan the journal. */
/** Migration 0022: how many rows each bank account has per date, kept by triggers on `transactions`. */
export interface BankAccountRowDaysTable {
  bank_account_id: string;
  date: string;
  tenant_id: string;
  row_count: number;
}

export interface AccountDailyTotalsTable {
  tenant_id: string;
  entity_id: string;
  account_id: string;
  currency: string;
  day: string;
  /** A day can pass 2^53 minor units: written as bigints, read only through exactSum/exactInteger (db/exact-sum.ts). */
  debit_minor: ColumnType<never, bigint, bigint>;
  credit_minor: ColumnType<never, bigint, bigint>;
  /** Migration 0023: how many journal lines the day's sums add up. */
  line_count: number;
}

export interface RateLimitBucketsTable {
  bucket_key: string;
  tokens: number;
  refilled_at_ms: number;
  granted: number;
}

/** An uploaded statement file and what became of it. JSON columns (hints, rejection_detail, conflicts) are text. */
export interface StatementDocumentsTable {
  id: string;
  tenant_id: string;
  entity_id: string;
  bank_account_id: string | null;
  /** 'api' (POST /bank-statements) or 'email' (the tenant's inbox address). */
  source: string;
  filename: string | null;
  media_type: string;
  size_bytes: number;
  sha256: string;
  /** sha-256 of the bytes and of what steers their reading (bank account, hints): finds a resent mail or a retried upload (uploads.ts). Null on documents from before migration 0011. */
  content_key: string | null;
  hints: string | null;
  /** 'processing' | 'ingested' | 'rejected' */
  status: string;
  format: string | null;
  rejection_reason: string | null;
  rejection_message: string | null;
  rejection_detail: string | null;
  conflicts: string | null;
  /** Digits the completeness gate corrected in an OCR reading (JSON list; migration 0013); null when none. */
  corrections: string | null;
  statement_period_id: string | null;
  /** Every period the ingest wrote, as a JSON array, when the document holds several accounts (migration 0014). */
  statement_period_ids: string | null;
  created_at: string;
  updated_at: string;
  /** The worker holding the document while it is read (migration 0003); null when nobody does. */
  claim_token: string | null;
  /** When the claim lapses: a worker that crashed mid-read leaves a document others take up after this. */
  claimed_until: string | null;
  attempts: number;
}

/** A document's bytes in order of `seq` (migration 0021): written a chunk a statement, so no write holds the event loop long. */
export interface StatementDocumentChunksTable {
  document_id: string;
  seq: number;
  tenant_id: string;
  bytes: Buffer;
  created_at: string;
}

/** One ingested statement: identity is bank account + period. */
export interface StatementPeriodsTable {
  id: string;
  tenant_id: string;
  entity_id: string;
  bank_account_id: string;
  document_id: string;
  period_start: string;
  period_end: string;
  currency: string;
  opening_balance_minor: number;
  closing_balance_minor: number;
  transaction_count: number;
  continuity_ok: number;
  created_at: string;
  updated_at: string;
}

/** One obligation of one entity for one period; identity is entity + rule + period. */
export interface ObligationsTable {
  id: string;
  tenant_id: string;
  entity_id: string;
  rule_id: string;
  country: string;
  type: string;
  period: string;
  frequency: string;
  deadline: string;
  /** 'upcoming' | 'payment_pending' | 'confirmed' | 'filed' */
  status: string;
  amount_due_minor: number;
  /** Why the amount is what it is (or why it is 0). */
  amount_note: string | null;
  currency: string;
  jurisdiction_level: string;
  state_code: string | null;
  authority: string;
  form_reference: string | null;
  confirmed_at: string | null;
  filed_at: string | null;
  created_at: string;
  updated_at: string;
  /** Migration 0005. */
  period_start?: string | null;
  period_end?: string | null;
  deadline_note?: string | null;
  source?: string | null;
}

/** Migration 0004: a tenant's own categorization rule. Amounts bound the row's magnitude, in minor units of `currency`. */
export interface CategorizationRulesTable {
  id: string;
  tenant_id: string;
  pattern: string;
  direction: string | null;
  min_amount_minor: number | null;
  max_amount_minor: number | null;
  currency: string | null;
  target: string;
  priority: number;
  created_at: string;
}

/** The llm categorization tier's usage per tenant and UTC day; the daily budget is checked against it. */
export interface LlmUsageTable {
  tenant_id: string;
  day: string;
  rows_used: number;
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
  updated_at: string;
}

/** Each tenant's e-mail inbox: mail to `<local_part>@INBOX_DOMAIN` becomes statement uploads. */
export interface StatementInboxesTable {
  tenant_id: string;
  local_part: string;
  created_at: string;
}

/** Migration 0015: a person who signs in. The e-mail is stored lower-cased; no password until one is set. */
export interface UsersTable {
  id: string;
  email: string;
  /** argon2id PHC string; null for a user who has not set a password yet. */
  password_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface MembershipsTable {
  tenant_id: string;
  user_id: string;
  role: 'owner' | 'bookkeeper' | 'viewer';
  created_at: string;
}

/** A signed-in browser: only the SHA-256 of the cookie's secret is stored. */
export interface SessionsTable {
  id_hash: string;
  user_id: string;
  tenant_id: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

/** A password-reset link or an invitation; only the SHA-256 of the token is stored; used once. */
export interface OneTimeTokensTable {
  token_hash: string;
  id: string;
  kind: 'password_reset' | 'invitation';
  email: string;
  tenant_id: string | null;
  role: string | null;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LoginThrottleTable {
  subject: string;
  failures: number;
  window_started_at_ms: number;
}

export interface AuditLogTable {
  seq: Generated<number>;
  tenant_id: string;
  occurred_at: string;
  actor_type: string;
  actor_id: string;
  actor_label: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before_json: string | null;
  after_json: string | null;
}

/** Migration 0020: one login at a bank-feed provider (see intake/feeds/). */
export interface BankConnectionsTable {
  id: string;
  tenant_id: string;
  entity_id: string;
  /** 'simplefin' | 'plaid'. */
  provider: string;
  institution_name: string;
  /** Plaid's item_id (webhooks name it); null for SimpleFIN. */
  provider_item_id: string | null;
  /** AES-256-GCM of the access URL or access token (intake/feeds/secrets.ts); never returned. */
  secret_ciphertext: string;
  sync_cursor: string | null;
  /** 'ok' | 'needs_reauth' | 'error'. */
  status: string;
  status_reason: string | null;
  last_synced_at: string | null;
  next_sync_at: string;
  consecutive_failures: number;
  lease_token: string | null;
  leased_until: string | null;
  /** JSON: the running or last sync's counts. */
  progress: string | null;
  syncs: number;
  created_at: string;
  updated_at: string;
}

export interface BankConnectionAccountsTable {
  connection_id: string;
  tenant_id: string;
  provider_account_id: string;
  bank_account_id: string;
  mask: string | null;
}

export interface BankFeedRowsTable {
  tenant_id: string;
  bank_account_id: string;
  provider_row_id: string;
  transaction_id: string;
}
