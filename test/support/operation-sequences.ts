import fc from 'fast-check';
import { camt, month } from '../fixtures/statements/pipeline.ts';
import { contentKey, externalIdFor } from '../../src/intake/identity.ts';
import { sweepOnce } from '../../src/sweep/sweep.ts';
import type { Harness, TestTenant } from './harness.ts';
import { recomputationViolations } from './recomputation.ts';
import { processStatements, upload } from './statements.ts';

/**
 * Random operation sequences a client and the service's workers can produce, run through the API
 * (the in-process app) with the sweep and the statement worker stepped by hand, so every
 * interleaving is reachable: pushes with and without ids, re-sends, pending rows then settled,
 * corrections (to another account, to `transfer`), transfers between two own accounts, statement
 * uploads and re-uploads that replace a period and drop lines, removals (by a new copy of a statement
 * and by DELETE /transactions/{id}), opening balances, partial
 * sweeps. `runSequence` returns every violation found (an empty list when the sequence passed): the
 * journal recomputed from the rows (recomputation.ts) and what the client was told (an acknowledged
 * push stays exactly once, an ingested statement's lines are all rows, a replaced period holds
 * exactly the new copy's lines and its conflicts).
 */
const INSTITUTION = 'Chaos Bank';
export const ACCOUNTS = [
  { externalId: 'chk-1001', kind: 'checking' },
  { externalId: 'sav-2002', kind: 'savings' },
  { externalId: 'card-3003', kind: 'credit_card' },
] as const;
/** Statements cover these months of the deposit accounts; pushes land in them too, so both meet. */
const PERIODS = [
  { start: '2026-04-01', end: '2026-04-30' },
  { start: '2026-05-01', end: '2026-05-31' },
] as const;
const CATEGORIES = ['6200', '6210', '4000', '6999', '5000', '2000', 'transfer'] as const;
const DESCRIPTIONS = [
  'OFFICE DEPOT 221',
  'STRIPE PAYOUT',
  'MONTHLY SERVICE FEE',
  'Coffee',
  'Client payment',
  'GUSTO PAYROLL',
  'ONLINE PAYMENT THANK YOU',
  'FIGMA MONTHLY',
] as const;
export const CHECK_AS_OF = '2026-12-31';

interface Line {
  date: string;
  description: string;
  amountMinor: number;
}

export type Operation =
  | { kind: 'push'; account: number; withId: boolean; line: Line; pending: boolean }
  | { kind: 'resend'; pick: number; settled: boolean }
  | { kind: 'correct'; pick: number; category: string }
  | { kind: 'transfer'; from: number; to: number; date: string; amountMinor: number }
  | { kind: 'statement'; account: number; period: number; fresh: Line[]; keepMask: number; ingestNow: boolean }
  | { kind: 'remove'; pick: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'ingest' }
  | { kind: 'sweepStep'; batchSize: number }
  | { kind: 'sweep' }
  | { kind: 'opening'; account: number; amountMinor: number | null; date: string };

// Amounts from a small set meet each other (transfer pairs, statement lines matching pushed rows).
const amountArbitrary = fc.oneof(
  fc.constantFrom(1_500, 4_599, -250_000, 10_000, -10_000),
  fc.integer({ min: -500_000, max: 500_000 }).filter((minor) => minor !== 0),
);
const dayIn = (period: (typeof PERIODS)[number]) =>
  fc
    .integer({ min: 1, max: 30 })
    .map((day) => `${period.start.slice(0, 8)}${String(Math.min(day, Number(period.end.slice(8)))).padStart(2, '0')}`);
const anyDate = fc.integer({ min: 0, max: PERIODS.length - 1 }).chain((index) => dayIn(PERIODS[index]));
const lineArbitrary = (date: fc.Arbitrary<string>) =>
  fc.record({ date, description: fc.constantFrom(...DESCRIPTIONS), amountMinor: amountArbitrary });

export const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('push' as const),
      account: fc.integer({ min: 0, max: 2 }),
      withId: fc.boolean(),
      line: lineArbitrary(anyDate),
      pending: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resend' as const), pick: fc.nat(), settled: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('correct' as const),
      pick: fc.nat(),
      category: fc.constantFrom(...CATEGORIES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        kind: fc.constant('transfer' as const),
        from: fc.integer({ min: 0, max: 2 }),
        to: fc.integer({ min: 0, max: 2 }),
        date: anyDate,
        amountMinor: fc.integer({ min: 1, max: 300_000 }),
      })
      .filter((transfer) => transfer.from !== transfer.to),
  },
  {
    weight: 3,
    arbitrary: fc.integer({ min: 0, max: PERIODS.length - 1 }).chain((period) =>
      fc.record({
        kind: fc.constant('statement' as const),
        account: fc.integer({ min: 0, max: 1 }),
        period: fc.constant(period),
        fresh: fc.array(lineArbitrary(dayIn(PERIODS[period])), { minLength: 0, maxLength: 5 }),
        keepMask: fc.nat(),
        ingestNow: fc.boolean(),
      }),
    ),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'ingest' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('sweepStep' as const), batchSize: fc.integer({ min: 1, max: 4 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'sweep' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('opening' as const),
      account: fc.integer({ min: 0, max: 2 }),
      amountMinor: fc.option(fc.integer({ min: -1_000_000, max: 1_000_000 })),
      date: fc.constantFrom('2026-03-01', '2026-03-15'),
    }),
  },
);

export const sequenceArbitrary = (maxLength: number) =>
  fc.array(operationArbitrary, { minLength: 3, maxLength, size: 'max' });

interface PushedIdentity {
  account: number;
  externalId: string;
  clientId: string | undefined;
  line: Line;
  pending: boolean;
  acknowledgedAt: number;
}
interface StatementCopy {
  account: number;
  period: number;
  lines: Line[];
}

const major = (minor: number) => minor / 100;
const keyOf = (line: Line) => contentKey(line.date, line.amountMinor, line.description);

/** Runs the service's workers until nothing waits: every document read, every row swept. */
export async function drain(harness: Harness): Promise<void> {
  for (;;) {
    const ingested = await processStatements(harness);
    const swept = await harness.sweep();
    if (ingested === 0 && swept === 0) return;
  }
}

export async function runSequence(
  harness: Harness,
  tenant: TestTenant,
  operations: readonly Operation[],
): Promise<string[]> {
  const violations: string[] = [];
  const expectStatus = (what: string, response: { statusCode: number; body: string }, status: number) => {
    if (response.statusCode !== status) violations.push(`${what}: ${response.statusCode} ${response.body}`);
    return response.statusCode === status;
  };
  const created = await tenant.call('POST', '/v1/bank-accounts', {
    institutionName: INSTITUTION,
    accounts: ACCOUNTS.map((account) => ({ ...account, name: account.externalId, currency: 'USD' })),
  });
  if (!expectStatus('bank accounts', created, 200)) return violations;
  const accountIds: string[] = created.json().data.accounts.map((account: { id: string }) => account.id);

  const pushed = new Map<string, PushedIdentity>();
  const statements = new Map<string, StatementCopy>();
  /** Documents uploaded and not yet read, with what the period must hold once the copy is read. */
  const queued: Array<{ documentId: string; copy: StatementCopy }> = [];
  /** Periods read at least once (a later copy replaces them), and when each copy was read. */
  const ingestedPeriods = new Set<string>();
  const replacements: Array<{ account: number; period: number; at: number }> = [];
  /** When a row was last removed with DELETE, by "account|externalId": a later re-send brings it back. */
  const deletedAt = new Map<string, number>();
  let clientIds = 0;
  /** Orders acknowledgements and statement reads. */
  let clock = 0;

  const pushRows = async (
    rows: Array<{ account: number; clientId: string | undefined; line: Line; pending: boolean }>,
  ) => {
    const response = await tenant.call('POST', '/v1/transactions', {
      institutionName: INSTITUTION,
      transactions: rows.map(({ account, clientId, line, pending }) => ({
        accountExternalId: ACCOUNTS[account].externalId,
        ...(clientId === undefined ? {} : { id: clientId }),
        date: line.date,
        amount: major(line.amountMinor),
        description: line.description,
        pending,
      })),
    });
    if (!expectStatus('push', response, 200)) return;
    for (const { account, clientId, line, pending } of rows) {
      const externalId = externalIdFor(clientId, keyOf(line));
      const known = pushed.get(`${account}|${externalId}`);
      // A settled copy settles the row for good; a later pending re-send does not un-settle it.
      pushed.set(`${account}|${externalId}`, {
        account,
        externalId,
        clientId,
        line,
        pending: (known ? known.pending : true) && pending,
        acknowledgedAt: clock++,
      });
    }
  };

  const rowsOfAccount = async (account: number) =>
    harness.handle.db
      .selectFrom('transactions')
      .selectAll()
      .where('tenant_id', '=', tenant.tenantId)
      .where('bank_account_id', '=', accountIds[account])
      .orderBy('seq')
      .execute();

  /** Uploads a new copy of a period; read now (and its effect checked) or left for a later `ingest`. */
  const uploadCopy = async (copy: StatementCopy, ingestNow: boolean) => {
    const period = PERIODS[copy.period];
    const statement = month({
      accountNumber: ACCOUNTS[copy.account].externalId.replace(/\D/g, '').padStart(10, '0'),
      kind: ACCOUNTS[copy.account].kind as 'checking' | 'savings',
      periodStart: period.start,
      periodEnd: period.end,
      openingMinor: 100_000,
      lines: copy.lines,
    });
    const response = await upload(
      harness,
      tenant.key,
      { bytes: camt(statement), filename: 'statement.xml', contentType: 'application/xml' },
      { bankAccountId: accountIds[copy.account] },
    );
    if (!expectStatus('statement upload', response, 202)) return;
    statements.set(`${copy.account}|${copy.period}`, copy);
    queued.push({ documentId: response.json().data.documentId, copy });
    if (ingestNow) await ingestQueued(queued.length === 1);
  };

  /**
   * Reads every waiting document. When exactly one copy was waiting, the period it replaced must now
   * hold exactly its lines plus the rows it reported as conflicts (rows it no longer lists that were
   * already categorized or booked; untouched ones are removed).
   */
  const ingestQueued = async (checkPeriod: boolean) => {
    await processStatements(harness);
    for (const { documentId, copy } of queued.splice(0)) {
      const status = (await tenant.call('GET', `/v1/bank-statements/${documentId}`)).json().data;
      if (copy.lines.length === 0) {
        if (status.status !== 'rejected') violations.push(`an empty statement was ${status.status}`);
        continue;
      }
      if (status.status !== 'ingested') {
        violations.push(`statement ${documentId} was ${status.status}: ${JSON.stringify(status.rejection)}`);
        continue;
      }
      const periodKey = `${copy.account}|${copy.period}`;
      const replacing = ingestedPeriods.has(periodKey);
      ingestedPeriods.add(periodKey);
      replacements.push({ account: copy.account, period: copy.period, at: clock++ });
      if (!checkPeriod || !replacing) continue;
      const period = PERIODS[copy.period];
      const conflicts = new Set<string>(
        status.conflicts.map((conflict: { transactionId: string }) => conflict.transactionId),
      );
      const held = (await rowsOfAccount(copy.account)).filter(
        (row) => row.date >= period.start && row.date <= period.end,
      );
      const expected = copy.lines.map(keyOf).sort();
      const listed = held
        .filter((row) => !conflicts.has(row.id))
        .map((row) => row.content_key)
        .sort();
      if (JSON.stringify(listed) !== JSON.stringify(expected))
        violations.push(
          `period ${period.start} of account ${copy.account} holds ${listed.length} listed rows, the copy has ${expected.length} lines`,
        );
      for (const row of held.filter((candidate) => conflicts.has(candidate.id))) {
        if (row.category_target === null && row.journal_entry_id === null)
          violations.push(`conflict ${row.id} was untouched and should have been removed`);
      }
      if (conflicts.size !== held.filter((row) => conflicts.has(row.id)).length)
        violations.push('a conflict names a row that is gone');
    }
  };

  for (const operation of operations) {
    switch (operation.kind) {
      case 'push':
        await pushRows([
          {
            account: operation.account,
            clientId: operation.withId ? `r${clientIds++}` : undefined,
            line: operation.line,
            pending: operation.pending,
          },
        ]);
        break;
      case 'resend': {
        const known = [...pushed.values()];
        if (known.length === 0) break;
        const identity = known[operation.pick % known.length];
        await pushRows([
          {
            account: identity.account,
            clientId: identity.clientId,
            line: identity.line,
            pending: operation.settled ? false : identity.pending,
          },
        ]);
        break;
      }
      case 'correct': {
        const rows = (await tenant.call('GET', '/v1/transactions?from=2026-01-01&to=2026-12-31&limit=200')).json()
          .data as Array<{ id: string; bankAccountId: string }>;
        if (rows.length === 0) break;
        const row = rows[operation.pick % rows.length];
        const ownLedger = created
          .json()
          .data.accounts.find((account: { id: string }) => account.id === row.bankAccountId)?.ledgerAccountNumber;
        const response = await tenant.call('PATCH', `/v1/transactions/${row.id}`, {
          category: operation.category,
          reason: 'chaos',
        });
        expectStatus(
          `correct ${row.id} to ${operation.category}`,
          response,
          operation.category === ownLedger ? 400 : 200,
        );
        break;
      }
      case 'transfer': {
        // Money leaves one own account and arrives on the other the same day: the sweep pairs the legs.
        const { from, to, date, amountMinor } = operation;
        await pushRows([
          {
            account: from,
            clientId: `r${clientIds++}`,
            line: {
              date,
              description: `TRANSFER TO ${ACCOUNTS[to].externalId}`,
              amountMinor: ACCOUNTS[from].kind === 'credit_card' ? -amountMinor : amountMinor,
            },
            pending: false,
          },
          {
            account: to,
            clientId: `r${clientIds++}`,
            line: {
              date,
              description: `TRANSFER FROM ${ACCOUNTS[from].externalId}`,
              amountMinor: ACCOUNTS[to].kind === 'credit_card' ? amountMinor : -amountMinor,
            },
            pending: false,
          },
        ]);
        break;
      }
      case 'statement': {
        // A period seen before is uploaded again: some of its lines kept (by mask), fresh ones added.
        const previous = statements.get(`${operation.account}|${operation.period}`);
        const kept = previous ? previous.lines.filter((_, index) => (operation.keepMask >> index) & 1) : [];
        await uploadCopy(
          { account: operation.account, period: operation.period, lines: [...kept, ...operation.fresh] },
          operation.ingestNow,
        );
        break;
      }
      case 'delete': {
        const rows = await harness.handle.db
          .selectFrom('transactions')
          .select(['id', 'bank_account_id', 'external_id'])
          .where('tenant_id', '=', tenant.tenantId)
          .orderBy('seq')
          .execute();
        if (rows.length === 0) break;
        const row = rows[operation.pick % rows.length];
        if (!expectStatus(`delete ${row.id}`, await tenant.call('DELETE', `/v1/transactions/${row.id}`), 200)) break;
        deletedAt.set(`${accountIds.indexOf(row.bank_account_id)}|${row.external_id}`, clock++);
        if ((await tenant.call('GET', `/v1/transactions/${row.id}`)).statusCode !== 404)
          violations.push(`deleted row ${row.id} is still listed`);
        break;
      }
      case 'remove': {
        // Removal by a new copy of the statement without the line.
        const copies = [...statements.values()].filter((copy) => copy.lines.length > 1);
        if (copies.length === 0) break;
        const copy = copies[operation.pick % copies.length];
        const dropped = operation.pick % copy.lines.length;
        await uploadCopy({ ...copy, lines: copy.lines.filter((_, index) => index !== dropped) }, true);
        break;
      }
      case 'ingest':
        await ingestQueued(false);
        break;
      case 'sweepStep':
        await sweepOnce(harness.handle, {
          batchSize: operation.batchSize,
          reviewThreshold: harness.config.reviewThreshold,
        });
        break;
      case 'sweep':
        await harness.sweep();
        break;
      case 'opening': {
        const account = ACCOUNTS[operation.account];
        const opening =
          operation.amountMinor === null
            ? { openingBalance: null }
            : { openingBalance: major(operation.amountMinor), openingBalanceDate: operation.date };
        const response = await tenant.call('POST', '/v1/bank-accounts', {
          institutionName: INSTITUTION,
          accounts: [{ ...account, name: account.externalId, currency: 'USD', ...opening }],
        });
        expectStatus('opening balance', response, 200);
        break;
      }
    }
  }
  await ingestQueued(false);
  await drain(harness);

  violations.push(...(await recomputationViolations(harness.handle, tenant.tenantId, { asOf: CHECK_AS_OF })));
  // Acknowledged pushes stay, exactly once, unless a later copy of a statement replaced their period
  // (which removes rows it no longer lists, when untouched).
  for (const identity of pushed.values()) {
    const rows = (await rowsOfAccount(identity.account)).filter(
      (row) =>
        row.external_id === identity.externalId ||
        (identity.clientId === undefined && row.content_key === keyOf(identity.line)),
    );
    const replaced = replacements.some(
      (read) =>
        read.account === identity.account &&
        read.at > identity.acknowledgedAt &&
        identity.line.date >= PERIODS[read.period].start &&
        identity.line.date <= PERIODS[read.period].end,
    );
    const byId = rows.filter((row) => row.external_id === identity.externalId);
    if (byId.length > 1) violations.push(`push ${identity.externalId} is there ${byId.length} times`);
    const deleted = (deletedAt.get(`${identity.account}|${identity.externalId}`) ?? -1) > identity.acknowledgedAt;
    if (rows.length === 0 && !replaced && !deleted)
      violations.push(`acknowledged push ${identity.externalId} on account ${identity.account} is lost`);
    // A statement listing a pending row settles it too; only a settled push must be settled.
    if (byId.length === 1 && !identity.pending && byId[0].pending !== 0)
      violations.push(`push ${identity.externalId} was sent settled and is still pending`);
  }
  return violations;
}
