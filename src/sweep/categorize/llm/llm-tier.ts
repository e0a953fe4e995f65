/**
 * The optional `llm` categorization tier: rows nothing else decided with confidence go, several per
 * request, to any OpenAI-compatible chat completions endpoint (a hosted API, or a local llama.cpp or
 * Ollama server). Entry point: `categorizeWithLlm(db, settings, request)`; it returns a decision per
 * row the model answered validly and nothing for the rest, which fall through to the catch-all.
 * Call it outside the sweep's write transaction: a request can take seconds.
 *
 * - Off unless LLM_BASE_URL and LLM_MODEL are set (`config.llm` is null then).
 * - The answer is constrained by a JSON schema (`response_format: json_schema`) whose account field
 *   is an enum of the entity's account numbers plus `transfer`; answers are validated again here
 *   (unknown row or account, catch-all, a row's own bank account, malformed JSON: ignored).
 * - The prompt holds only the chart (numbers and names) and, per row, its descriptor (long digit
 *   runs masked, so no account or tax id travels), merchant, amount, direction, date and a few
 *   retrieved neighbours. Never the tenant, entity, tax id or any key; the key goes in the header.
 * - Each request has a timeout; 429, 5xx, timeouts and network errors are retried with exponential
 *   backoff (Retry-After honoured, capped); other 4xx are not.
 * - A per-tenant daily budget of rows (UTC day) is reserved in the database before each request and
 *   given back when the request finally fails, so a restart does not reset it.
 * - Confidence is the model's own stated certainty, clamped to [0, 0.95]: a raw score the engine
 *   calibrates like the others.
 */
import { sql } from 'kysely';
import { ACCOUNT } from '../../../chart/us-chart.ts';
import type { LlmSettings } from '../../../config/config.ts';
import { TRANSFER, type CategorizationInput, type TierDecision } from '../types.ts';
import type { Executor } from '../../../db/transaction.ts';

export interface LlmExample {
  descriptor: string;
  target: string;
  direction: 'in' | 'out';
  typicalAmountMinor: number;
}

export interface LlmRow {
  input: CategorizationInput;
  /** Retrieved neighbours (the rag tier's `neighbours`), shown to the model as examples. */
  examples: LlmExample[];
  /** The row's own bank ledger account: never a valid answer. */
  ownBankAccountNumber?: string;
}

export interface LlmRequest {
  tenantId: string;
  accounts: Array<{ accountNumber: string; name: string }>;
  rows: LlmRow[];
}

const MAX_CONFIDENCE = 0.95;
const MAX_RETRY_AFTER_MS = 30_000;

/** Long digit runs are account numbers, card numbers, tax ids or references: none helps to categorize. */
export function maskDigits(text: string): string {
  return text.replace(/\d[\d -]{3,}\d/g, (run) => (run.replace(/\D/g, '').length >= 5 ? '#' : run));
}

const minorToAmount = (amountMinor: number) => Math.abs(amountMinor) / 100;

function responseSchema(accountNumbers: string[], rowCount: number) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['results'],
    properties: {
      results: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['row', 'account', 'confidence'],
          properties: {
            row: { type: 'integer', minimum: 1, maximum: rowCount },
            account: { type: 'string', enum: [...accountNumbers, TRANSFER] },
            confidence: { type: 'number', minimum: 0, maximum: 1 },
          },
        },
      },
    },
  };
}

export function buildChatRequest(settings: LlmSettings, accounts: LlmRequest['accounts'], rows: LlmRow[]) {
  const chart = accounts.map((account) => `${account.accountNumber} ${account.name}`).join('\n');
  const lines = rows.map((row, index) => ({
    row: index + 1,
    date: row.input.date,
    descriptor: maskDigits(row.input.description),
    merchant: row.input.merchant ? maskDigits(row.input.merchant) : null,
    amount: minorToAmount(row.input.amountMinor),
    direction: row.input.direction === 'out' ? 'money out' : 'money in',
    similarPastRows: row.examples.map((example) => ({
      descriptor: maskDigits(example.descriptor),
      account: example.target,
      amount: minorToAmount(example.typicalAmountMinor),
      direction: example.direction === 'out' ? 'money out' : 'money in',
    })),
  }));
  return {
    model: settings.model,
    temperature: 0,
    messages: [
      {
        role: 'system',
        content:
          'You categorize US small-business bank transactions to a chart of accounts. For each row, answer the account number it belongs to, or "transfer" for a move between the business\'s own accounts (including credit card payments), and your confidence from 0 to 1. Past rows of the same business, when given, show how it files similar payees.',
      },
      { role: 'user', content: `Chart of accounts:\n${chart}\n\nRows:\n${JSON.stringify(lines)}` },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: 'categorization',
        strict: true,
        schema: responseSchema(
          accounts.map((account) => account.accountNumber),
          rows.length,
        ),
      },
    },
  };
}

class RetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

interface ChatAnswer {
  content: string;
  promptTokens: number;
  completionTokens: number;
}

async function postChat(settings: LlmSettings, body: unknown): Promise<ChatAnswer> {
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    throw new RetryableError(`llm request failed: ${error instanceof Error ? error.name : String(error)}`);
  }
  if (response.status === 429 || response.status >= 500) {
    const retryAfterSeconds = Number(response.headers.get('retry-after'));
    await response.body?.cancel();
    throw new RetryableError(
      `llm endpoint answered ${response.status}`,
      Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : null,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`llm endpoint answered ${response.status}`);
  }
  let payload: {
    choices?: Array<{ message?: { content?: unknown } }>;
    usage?: { prompt_tokens?: number; completion_tokens?: number };
  };
  try {
    payload = (await response.json()) as typeof payload;
  } catch (error) {
    throw new RetryableError(`llm answer unreadable: ${error instanceof Error ? error.name : String(error)}`);
  }
  const content = payload.choices?.[0]?.message?.content;
  return {
    content: typeof content === 'string' ? content : '',
    promptTokens: payload.usage?.prompt_tokens ?? 0,
    completionTokens: payload.usage?.completion_tokens ?? 0,
  };
}

async function postWithRetries(settings: LlmSettings, body: unknown): Promise<ChatAnswer | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await postChat(settings, body);
    } catch (error) {
      if (!(error instanceof RetryableError) || attempt >= settings.maxRetries) return null;
      const backoffMs = error.retryAfterMs ?? settings.retryBaseMs * 2 ** attempt * (1 + Math.random() * 0.25);
      await new Promise((resolve) => setTimeout(resolve, Math.min(backoffMs, MAX_RETRY_AFTER_MS)));
    }
  }
}

/** Only answers naming a row of the batch and an allowed account count; the first per row wins. */
export function parseAnswer(
  content: string,
  rows: LlmRow[],
  allowed: ReadonlySet<string>,
): Map<number, { target: string; confidence: number }> {
  const decided = new Map<number, { target: string; confidence: number }>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(
      content
        .trim()
        .replace(/^```(?:json)?\s*/i, '')
        .replace(/\s*```$/, ''),
    );
  } catch {
    return decided;
  }
  const results = (parsed as { results?: unknown })?.results;
  if (!Array.isArray(results)) return decided;
  for (const result of results) {
    const { row, account, confidence } = (result ?? {}) as { row?: unknown; account?: unknown; confidence?: unknown };
    if (typeof row !== 'number' || !Number.isInteger(row) || row < 1 || row > rows.length || decided.has(row - 1))
      continue;
    if (typeof account !== 'string' || !allowed.has(account)) continue;
    if (
      account === ACCOUNT.uncategorizedExpense ||
      account === ACCOUNT.uncategorizedIncome ||
      account === rows[row - 1].ownBankAccountNumber
    )
      continue;
    if (typeof confidence !== 'number' || !Number.isFinite(confidence) || confidence < 0 || confidence > 1) continue;
    decided.set(row - 1, { target: account, confidence: Math.min(MAX_CONFIDENCE, confidence) });
  }
  return decided;
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** Reserves up to `wanted` rows of today's budget; returns how many were granted. */
export async function reserveBudget(
  db: Executor,
  tenantId: string,
  wanted: number,
  dailyBudgetRows: number,
  now = new Date(),
): Promise<number> {
  const day = utcDay(now);
  const stamp = now.toISOString();
  await db
    .insertInto('llm_usage')
    .values({
      tenant_id: tenantId,
      day,
      rows_used: 0,
      requests: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      updated_at: stamp,
    })
    .onConflict((conflict) => conflict.columns(['tenant_id', 'day']).doNothing())
    .execute();
  // One conditional update: two workers can never both take the last rows.
  for (let attempt = 0; attempt < 5; attempt++) {
    const usage = await db
      .selectFrom('llm_usage')
      .select('rows_used')
      .where('tenant_id', '=', tenantId)
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    const granted = Math.min(wanted, dailyBudgetRows - usage.rows_used);
    if (granted <= 0) return 0;
    const result = await db
      .updateTable('llm_usage')
      .set({ rows_used: usage.rows_used + granted, updated_at: stamp })
      .where('tenant_id', '=', tenantId)
      .where('day', '=', day)
      .where('rows_used', '=', usage.rows_used)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return granted;
  }
  return 0;
}

async function recordUsage(
  db: Executor,
  tenantId: string,
  day: string,
  refundRows: number,
  answer: ChatAnswer | null,
): Promise<void> {
  await db
    .updateTable('llm_usage')
    .set({
      rows_used: sql`rows_used - ${refundRows}`,
      requests: sql`requests + 1`,
      prompt_tokens: sql`prompt_tokens + ${answer?.promptTokens ?? 0}`,
      completion_tokens: sql`completion_tokens + ${answer?.completionTokens ?? 0}`,
      updated_at: new Date().toISOString(),
    })
    .where('tenant_id', '=', tenantId)
    .where('day', '=', day)
    .execute();
}

/**
 * Decisions, by transaction id, for the rows the model answered validly within today's budget.
 * Rows beyond the budget, in failed requests or with invalid answers get none.
 */
export async function categorizeWithLlm(
  db: Executor,
  settings: LlmSettings,
  request: LlmRequest,
): Promise<Map<string, TierDecision>> {
  const decisions = new Map<string, TierDecision>();
  const allowed = new Set([...request.accounts.map((account) => account.accountNumber), TRANSFER]);
  for (let start = 0; start < request.rows.length; start += settings.batchSize) {
    const now = new Date();
    const wanted = request.rows.slice(start, start + settings.batchSize);
    const granted = await reserveBudget(db, request.tenantId, wanted.length, settings.dailyBudgetRows, now);
    if (granted === 0) break;
    const batch = wanted.slice(0, granted);
    const answer = await postWithRetries(settings, buildChatRequest(settings, request.accounts, batch));
    await recordUsage(db, request.tenantId, utcDay(now), answer ? 0 : batch.length, answer);
    if (!answer) continue;
    for (const [index, decision] of parseAnswer(answer.content, batch, allowed)) {
      decisions.set(batch[index].input.transactionId, {
        target: decision.target,
        confidence: decision.confidence,
        source: 'llm',
      });
    }
  }
  return decisions;
}
