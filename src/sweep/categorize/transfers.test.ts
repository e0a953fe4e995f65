import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cardTokens, paysHeldCard } from './transfers.ts';

const out = (description: string) => ({
  description,
  merchant: null,
  direction: 'out' as const,
  bankAccountKind: 'checking' as const,
});

test("a card payment is recognised by the issuer's aliases or the card's last four digits", () => {
  const capitalOne = cardTokens({ institutionName: 'CAPITAL ONE', name: 'Spark card 4821', externalId: 'card-1' });
  assert.equal(paysHeldCard(out('CAPITAL ONE MOBILE PMT 240812 B7QUQK ROSAS TACOS'), [capitalOne]), true);
  assert.equal(paysHeldCard(out('CAP ONE CRCARDPMT 0812'), [capitalOne]), true);
  assert.equal(paysHeldCard(out('ONLINE PAYMENT TO CARD 4821'), [capitalOne]), true);
  const localBank = cardTokens({ institutionName: 'Pinnacle Ridge Bank', name: 'Business card', externalId: 'c' });
  assert.equal(
    paysHeldCard(out('PINNACLE RIDGE CARD PAYMENT'), [localBank]),
    true,
    'an unknown issuer is named by its significant words',
  );
});

test("a known issuer's single words and loan payments do not make a card payment", () => {
  const capitalOne = cardTokens({ institutionName: 'CAPITAL ONE', name: 'Spark', externalId: 'card-1' });
  const amex = cardTokens({ institutionName: 'AMERICAN EXPRESS', name: 'Gold', externalId: 'amex' });
  assert.equal(paysHeldCard(out('ONDECK CAPITAL LOAN PMT 240707 E51YQ9'), [capitalOne]), false);
  assert.equal(paysHeldCard(out('AMERICAN AIRLINES PAYMENT 0012'), [amex]), false);
  assert.equal(paysHeldCard(out('EXPRESS SCRIPTS PAYMENT'), [amex]), false);
  assert.equal(
    paysHeldCard(out('CAPITAL ONE AUTO FINANCE PMT'), [capitalOne]),
    false,
    'a car loan at a card issuer is not the card',
  );
  assert.equal(
    paysHeldCard({ ...out('CAPITAL ONE MOBILE PMT'), direction: 'in' }, [capitalOne]),
    false,
    'money in never pays a card',
  );
});
