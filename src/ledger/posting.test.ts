import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { assertBalanced, bankRowEntry, openingBalanceEntry, reversalOf } from './posting.ts';

const bank = { id: 'bank', accountNumber: '1011' };
const card = { id: 'card', accountNumber: '2101' };
const expense = { id: 'expense', accountNumber: '6200' };
const equity = { id: 'equity', accountNumber: '3950' };
const base = {
  tenantId: 't',
  entityId: 'e',
  transactionId: 'x',
  sourceType: 'bank_feed' as const,
  date: '2026-03-01',
  description: 'd',
  currency: 'USD',
};

test('money out debits the category and credits the bank; money in the reverse', () => {
  const out = bankRowEntry({ ...base, amountMinor: 500, bankLedger: bank, category: expense });
  assert.deepEqual(
    out.lines.map((line) => [line.accountNumber, line.debitMinor, line.creditMinor]),
    [
      ['6200', 500, null],
      ['1011', null, 500],
    ],
  );
  const incoming = bankRowEntry({ ...base, amountMinor: -700, bankLedger: bank, category: expense });
  assert.deepEqual(
    incoming.lines.map((line) => [line.accountNumber, line.debitMinor, line.creditMinor]),
    [
      ['1011', 700, null],
      ['6200', null, 700],
    ],
  );
});

test('a card charge credits the card liability', () => {
  const charge = bankRowEntry({ ...base, amountMinor: 999, bankLedger: card, category: expense });
  assert.equal(charge.lines.find((line) => line.accountNumber === '2101')?.creditMinor, 999);
});

test('opening balances: cash held debits the bank, card debt credits the card', () => {
  const params = {
    tenantId: 't',
    entityId: 'e',
    bankAccountId: 'b',
    date: '2026-01-01',
    description: 'o',
    currency: 'USD',
    openingEquity: equity,
  };
  assert.equal(
    openingBalanceEntry({ ...params, balanceMinor: 1000, isCredit: false, bankLedger: bank }).lines[0].accountNumber,
    '1011',
  );
  const owed = openingBalanceEntry({ ...params, balanceMinor: 1000, isCredit: true, bankLedger: card });
  assert.equal(owed.lines.find((line) => line.accountNumber === '2101')?.creditMinor, 1000);
});

test('unbalanced or two-sided lines violate the invariant', () => {
  const entry = bankRowEntry({ ...base, amountMinor: 500, bankLedger: bank, category: expense });
  assert.throws(
    () => assertBalanced({ ...entry, lines: [entry.lines[0], { ...entry.lines[1], creditMinor: 499 }] }),
    /off by 1/,
  );
  assert.throws(
    () => assertBalanced({ ...entry, lines: [{ ...entry.lines[0], creditMinor: 500 }, entry.lines[1]] }),
    /never both/,
  );
  assert.throws(() => assertBalanced({ ...entry, lines: [entry.lines[0]] }), /fewer than two/);
});

test('property: any row entry and its reversal balance and cancel out', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -1e12, max: 1e12 }).filter((amount) => amount !== 0),
      (amountMinor) => {
        const entry = bankRowEntry({ ...base, amountMinor, bankLedger: bank, category: expense });
        const reversal = reversalOf({ ...entry, id: 'original' });
        const net = new Map<string, number>();
        for (const line of [...entry.lines, ...reversal.lines])
          net.set(line.accountId, (net.get(line.accountId) ?? 0) + (line.debitMinor ?? 0) - (line.creditMinor ?? 0));
        for (const value of net.values()) assert.equal(value, 0);
        assert.equal(reversal.entryDate, entry.entryDate);
      },
    ),
  );
});
