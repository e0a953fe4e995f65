import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  COMPONENTS,
  obligationIssues,
  overduePenalty,
  profileIssues,
  statementIssues,
  upkeepIssues,
  type AccountUpkeepFacts,
  type Issue,
} from './detectors.ts';
import { gradeOf, scoreComponents } from './health-score.ts';

const codes = (issues: Issue[]) => issues.map((issue) => issue.code).sort();

test('grades: A from 90, B from 80, C from 70, D from 60, else F', () => {
  assert.deepEqual([100, 90, 89, 80, 79, 70, 69, 60, 59, 0].map(gradeOf), [
    'A',
    'A',
    'B',
    'B',
    'C',
    'C',
    'D',
    'D',
    'F',
    'F',
  ]);
});

test('profile completeness: each missing field is its own issue', () => {
  const complete = {
    legalName: 'Acme',
    taxId: '123456789',
    stateCode: 'DE',
    regime: 's_corporation',
    formationDate: '2020-01-01',
  };
  assert.deepEqual(profileIssues(complete), []);
  const bare = profileIssues({ legalName: 'Acme', taxId: null, stateCode: null, regime: null, formationDate: null });
  assert.deepEqual(codes(bare), [
    'profile.formation_date_missing',
    'profile.regime_missing',
    'profile.state_missing',
    'profile.tax_id_missing',
  ]);
  assert.equal(bare.find((issue) => issue.code === 'profile.tax_id_missing')!.severity, 'critical');
});

test('overdue obligations cost more the older they are', () => {
  assert.deepEqual(
    [1, 30, 31, 90, 91, 400].map((days) => overduePenalty(days).penalty),
    [5, 5, 10, 10, 15, 15],
  );
  const [issue] = obligationIssues([
    {
      id: 'o1',
      type: 'annual_report',
      period: '2026',
      deadline: '2026-03-01',
      formReference: 'Form 1120',
      authority: 'IRS',
      daysOverdue: 45,
    },
  ]);
  assert.equal(issue.severity, 'critical');
  assert.match(issue.message, /Form 1120 .* 2026 .* 2026-03-01, 45 days ago: file it now/);
});

const account = { id: 'a1', label: 'Bank Checking (checking)', kind: 'checking', currency: 'USD' };
const period = (start: string, end: string, opening: number, closing: number, continuityOk = true) => ({
  id: `${start}`,
  bankAccountId: 'a1',
  periodStart: start,
  periodEnd: end,
  openingMinor: opening,
  closingMinor: closing,
  continuityOk,
});

test('statements: a month missing between the first and latest, a break between neighbours, a flagged break', () => {
  const issues = statementIssues(
    [account],
    [
      period('2026-01-01', '2026-01-31', 0, 100),
      period('2026-02-01', '2026-02-28', 100, 250),
      period('2026-04-01', '2026-04-30', 260, 300),
      period('2026-05-01', '2026-05-31', 301, 400),
      period('2026-06-01', '2026-06-30', 400, 500, false),
    ],
    [],
  );
  const missing = issues.filter((issue) => issue.code === 'statements.missing_month');
  assert.equal(missing.length, 1);
  assert.match(missing[0].message, /2026-03/);
  assert.equal(missing[0].penalty, 4);
  const breaks = issues.filter((issue) => issue.code === 'statements.continuity_break');
  assert.equal(breaks.length, 2, 'May opens at 3.01 after April closed at 3.00; June is flagged by ingestion');
  assert.match(breaks[0].message, /opens at 3\.01 but the one before it closed at 3\.00/);
  assert.deepEqual(
    statementIssues(
      [account],
      [period('2026-01-01', '2026-01-31', 0, 100), period('2026-02-01', '2026-02-28', 100, 250)],
      [],
    ),
    [],
  );
});

test('a rejected upload counts until a good statement is uploaded after it', () => {
  const rejected = {
    id: 'd1',
    bankAccountId: 'a1',
    status: 'rejected',
    filename: 'march.pdf',
    rejectionReason: 'did_not_reconcile',
    createdAt: '2026-04-02T10:00:00.000Z',
  };
  const earlierGood = {
    id: 'd0',
    bankAccountId: 'a1',
    status: 'ingested',
    filename: 'feb.pdf',
    rejectionReason: null,
    createdAt: '2026-03-02T10:00:00.000Z',
  };
  const laterGood = { ...earlierGood, id: 'd2', createdAt: '2026-04-03T10:00:00.000Z' };
  const otherAccountGood = { ...laterGood, id: 'd3', bankAccountId: 'a2' };
  assert.deepEqual(codes(statementIssues([account], [], [earlierGood, rejected])), ['statements.rejected_upload']);
  assert.deepEqual(
    codes(statementIssues([account], [], [rejected, otherAccountGood])),
    ['statements.rejected_upload'],
    'a good upload for another account does not count',
  );
  assert.deepEqual(statementIssues([account], [], [rejected, laterGood]), []);
  const unread = { ...rejected, bankAccountId: null };
  assert.deepEqual(
    statementIssues([account], [], [unread, otherAccountGood]),
    [],
    'an unreadable upload is answered by any later good one',
  );
});

const upkeep = (overrides: Partial<AccountUpkeepFacts>): AccountUpkeepFacts => ({
  ...account,
  ledgerProblem: null,
  latestPeriodEnd: null,
  latestRowDate: '2026-10-15',
  rowCount: 100,
  reviewBacklog: 0,
  balanceMinor: 0,
  ...overrides,
});

test('upkeep: stale books, review backlog and its share, uncategorized money, unmapped accounts, negative savings', () => {
  const today = '2026-10-20';
  const base = { today, uncategorizedMinor: 0, profitAndLossActivityMinor: 1_000_000, currency: 'USD' };
  assert.deepEqual(upkeepIssues({ ...base, accounts: [upkeep({})] }), []);
  assert.deepEqual(codes(upkeepIssues({ ...base, accounts: [] })), ['books.no_bank_accounts']);
  const stale = upkeepIssues({ ...base, accounts: [upkeep({ latestRowDate: '2026-09-01' })] });
  assert.deepEqual([stale[0].code, stale[0].severity, stale[0].penalty], ['books.stale', 'warning', 8]);
  const veryStale = upkeepIssues({ ...base, accounts: [upkeep({ latestRowDate: '2026-07-01' })] });
  assert.deepEqual([veryStale[0].severity, veryStale[0].penalty], ['critical', 15]);
  assert.deepEqual(
    upkeepIssues({ ...base, accounts: [upkeep({ latestRowDate: '2026-07-01', latestPeriodEnd: '2026-09-30' })] }),
    [],
    'a statement through September is current',
  );
  for (const [backlog, penalty, severity] of [
    [5, 4, 'warning'],
    [10, 8, 'warning'],
    [25, 12, 'critical'],
  ] as const) {
    const [issue] = upkeepIssues({ ...base, accounts: [upkeep({ reviewBacklog: backlog })] });
    assert.deepEqual([issue.code, issue.penalty, issue.severity], ['books.review_backlog', penalty, severity]);
    assert.match(issue.message, new RegExp(`^${backlog} transactions \\(${backlog}\\.0% of all\\)`));
  }
  for (const [minor, penalty] of [
    [10_000, 3],
    [50_000, 6],
    [200_000, 10],
  ] as const) {
    const [issue] = upkeepIssues({ ...base, uncategorizedMinor: minor, accounts: [upkeep({})] });
    assert.deepEqual([issue.code, issue.penalty], ['books.uncategorized', penalty]);
  }
  assert.deepEqual(
    codes(upkeepIssues({ ...base, accounts: [upkeep({ ledgerProblem: 'its ledger account 1011 is inactive' })] })),
    ['books.unmapped_bank_account'],
  );
  assert.deepEqual(codes(upkeepIssues({ ...base, accounts: [upkeep({ kind: 'savings', balanceMinor: -1 })] })), [
    'books.negative_savings',
  ]);
  assert.deepEqual(
    upkeepIssues({ ...base, accounts: [upkeep({ kind: 'checking', balanceMinor: -1 })] }),
    [],
    'an overdrawn checking account is not this finding',
  );
});

test('property: score is 100 minus capped component penalties, within 0-100, and the grade follows it', () => {
  const issue = fc.record({
    code: fc.constantFrom('x.a', 'x.b'),
    severity: fc.constantFrom('critical' as const, 'warning' as const),
    message: fc.constant('m'),
    penalty: fc.integer({ min: 0, max: 30 }),
  });
  const rules = Object.values(COMPONENTS);
  fc.assert(
    fc.property(fc.tuple(...rules.map(() => fc.array(issue, { maxLength: 6 }))), (lists) => {
      const result = scoreComponents(rules.map((rule, index) => ({ rule, issues: lists[index] })));
      const expected = Math.max(
        0,
        100 -
          rules.reduce(
            (total, rule, index) =>
              total +
              Math.min(
                rule.maxPenalty,
                lists[index].reduce((sum, found) => sum + found.penalty, 0),
              ),
            0,
          ),
      );
      assert.equal(result.score, expected);
      assert.equal(result.grade, gradeOf(expected));
      assert.equal(result.criticalIssues.length + result.warningIssues.length, lists.flat().length);
      assert.ok(result.criticalIssues.every((found) => found.severity === 'critical'));
      assert.equal(result.summary.split('. ').length, 1, 'one sentence');
    }),
  );
});
