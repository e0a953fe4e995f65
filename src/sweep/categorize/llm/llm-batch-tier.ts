import { listAccounts } from '../../../chart/accounts-store.ts';
import type { LlmSettings } from '../../../config/config.ts';
import type { Executor } from '../../../db/transaction.ts';
import type { BatchTier } from '../engine.ts';
import { getRagIndex } from '../rag/rag-index.ts';
import type { CategoryTarget } from '../types.ts';
import { categorizeWithLlm, type LlmRow } from './llm-tier.ts';

/**
 * How the llm tier joins the engine. A model request can take seconds, and the sweep books each
 * batch in one write transaction that must stay short (on SQLite it holds the only write lock). So
 * the sweep asks the model in a read-only pre-pass before the transaction (`consultingLlmTier`,
 * which records what the model said), and the transaction then reads those answers back
 * (`rememberedLlmTier`) without any I/O. A row the pre-pass did not see (it arrived in between)
 * simply gets no llm answer this time.
 */
export interface LlmAnswer {
  target: CategoryTarget;
  rawScore: number;
  detail: string;
}

/** Answers by transaction id. */
export type LlmAnswers = Map<string, LlmAnswer>;

/**
 * The model's stated certainty is not calibrated: no model runs in the evaluation, so its accuracy at
 * a given confidence is unmeasured. Capping it below the default review threshold (0.85) makes an llm
 * answer a suggestion the owner confirms, unless the tenant chooses a threshold below the cap.
 */
export const LLM_CONFIDENCE_CAP = 0.75;
/** Past rows of the entity shown to the model per row, as examples of how it files similar payees. */
const EXAMPLES_PER_ROW = 3;

export type TenantBatchTier = (trx: Executor, tenantId: string, entityId: string) => BatchTier;

/** Asks the model (outside any transaction: `db` is the pool, not the sweep's transaction) and records its answers. */
export function consultingLlmTier(db: Executor, settings: LlmSettings, answers: LlmAnswers): TenantBatchTier {
  return (_trx, tenantId, entityId) => ({
    name: 'llm',
    calibrationKey: 'llm',
    async decide(rows) {
      const decided = new Map<string, LlmAnswer>();
      if (rows.length === 0) return decided;
      const bankLedgers = new Set(
        (
          await db
            .selectFrom('bank_accounts')
            .select('ledger_account_number')
            .where('tenant_id', '=', tenantId)
            .where('entity_id', '=', entityId)
            .execute()
        ).map((account) => account.ledger_account_number),
      );
      // A bank row is never filed straight to a bank or card ledger account: moves between them are `transfer`.
      const accounts = (await listAccounts(db, tenantId, entityId))
        .filter((account) => !bankLedgers.has(account.accountNumber))
        .map((account) => ({ accountNumber: account.accountNumber, name: account.name }));
      const index = await getRagIndex(db, tenantId, entityId);
      const llmRows: LlmRow[] = rows.map((row) => ({
        input: row,
        examples: index.neighbours(row, EXAMPLES_PER_ROW).map((neighbour) => ({
          descriptor: neighbour.descriptor,
          target: neighbour.target,
          direction: neighbour.direction,
          typicalAmountMinor: neighbour.typicalAmountMinor,
        })),
      }));
      for (const [transactionId, decision] of await categorizeWithLlm(db, settings, {
        tenantId,
        accounts,
        rows: llmRows,
      })) {
        const answer = {
          target: decision.target,
          rawScore: Math.min(LLM_CONFIDENCE_CAP, decision.confidence),
          detail: `llm ${settings.model}`,
        };
        answers.set(transactionId, answer);
        decided.set(transactionId, answer);
      }
      return decided;
    },
  });
}

/** Reads back what the pre-pass recorded; no I/O, so it can run inside the write transaction. */
export function rememberedLlmTier(answers: LlmAnswers): TenantBatchTier {
  return () => ({
    name: 'llm',
    calibrationKey: 'llm',
    async decide(rows) {
      const decided = new Map<string, LlmAnswer>();
      for (const row of rows) {
        const answer = answers.get(row.transactionId);
        if (answer) decided.set(row.transactionId, answer);
      }
      return decided;
    },
  });
}
