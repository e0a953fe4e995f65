import assert from 'node:assert/strict';
import { test } from 'node:test';
import { directoryEntries } from './directory/lookup.ts';
import { BANK_TRANSFER_ENTRY, CARD_ONLY_ISSUERS, directoryTier, saysNothing } from './tiers.ts';
import { cleanDescriptor } from '../../descriptor/descriptor.ts';
import type { EngineRow } from './engine.ts';
import { TRANSFER, type BankAccountKind } from './types.ts';

function row(description: string, amountMinor: number, bankAccountKind: BankAccountKind): EngineRow {
  const cleaned = cleanDescriptor(description);
  return {
    merchantKey: cleaned.cleaned,
    cleanedDescriptor: cleaned.cleaned,
    tenantId: 't',
    entityId: 'e',
    transactionId: 'r',
    date: '2026-03-02',
    description,
    merchant: null,
    amountMinor,
    currency: 'USD',
    direction: amountMinor > 0 ? 'out' : 'in',
    bankAccountKind,
  };
}

test("a card issuer's directory entry is a card payment out of the bank or into the card, and no opinion on money it sends a bank account", () => {
  assert.equal(directoryTier(row('SYNCHRONY BANK PAYMENT', 42_000, 'checking'))?.target, 'transfer');
  assert.equal(directoryTier(row('SYNCHRONY BANK PAYMENT', -42_000, 'credit_card'))?.target, 'transfer');
  assert.equal(directoryTier(row('SYNCHRONY BANK DEPOSIT 240802 QAF5WQTT', -42_000, 'checking')), null);
  // A bank that also keeps deposit accounts may be sending the business's own money across.
  assert.equal(
    directoryTier(
      row('DEPOSIT ACH WELLS FARGO BANK TYPE: TRANSFER ID: 8303308486 CO: WELLS FARGO BANK', -42_000, 'checking'),
    )?.target,
    'transfer',
  );
  assert.equal(
    directoryTier(row('SLACK TECHNOLOGIES', 1_250, 'checking'))?.target,
    '6200',
    'other entries are unchanged',
  );
});

test('every card-only issuer named is a card-payment entry of the directory', () => {
  const entries = new Map(directoryEntries().map((entry) => [entry.name, entry]));
  for (const name of CARD_ONLY_ISSUERS)
    assert.equal(entries.get(name)?.out.target, TRANSFER, `${name} is a directory entry filing card payments`);
});

test("the bank's transfer wording answers a transfer only when the other leg was found or nobody looked", () => {
  assert.equal(directoryEntries().find((entry) => entry.name === BANK_TRANSFER_ENTRY)?.out.target, TRANSFER);
  const away = row('ONLINE TRANSFER TO XXXXXX4412', 200_000, 'checking');
  assert.equal(directoryTier({ ...away, transferLegFound: true })?.target, TRANSFER);
  assert.equal(directoryTier(away)?.target, TRANSFER, 'a re-decision after a correction does not look for legs');
  assert.equal(directoryTier({ ...away, transferLegFound: false }), null);
});

test('retrieval answers neither a transfer whose other leg is missing nor trust money off the trust account', () => {
  const deposit = row('BUILDIUM EPAY DES:EPAY DEP ID:Y8LEV2E6CSF', -120_000, 'checking');
  const withTrust = {
    ...deposit,
    heldAccountKinds: new Map([
      ['checking', 1],
      ['trust', 1],
    ] as const),
  };
  assert.equal(saysNothing(withTrust, '2000'), true);
  assert.equal(saysNothing({ ...withTrust, bankAccountKind: 'trust' }, '2000'), false);
  assert.equal(
    saysNothing({ ...deposit, heldAccountKinds: new Map([['checking', 1]] as const) }, '2000'),
    false,
    'without a trust account, 2000 is an ordinary answer',
  );
  assert.equal(saysNothing({ ...deposit, transferLegFound: false }, 'transfer'), true);
  assert.equal(saysNothing({ ...deposit, transferLegFound: true }, 'transfer'), false);
  assert.equal(saysNothing(deposit, '4100'), false);
});
