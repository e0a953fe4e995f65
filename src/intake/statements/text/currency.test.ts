import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectCurrency } from './currency.ts';

test('currency comes from labels, codes and unambiguous symbols on the page', () => {
  assert.equal(detectCurrency('Account currency: EUR\nBalance 1.234,56'), 'EUR');
  assert.equal(detectCurrency('Opening balance 1,234.56 GBP'), 'GBP');
  assert.equal(detectCurrency('Kontostand €1.234,56 und €5,00'), 'EUR');
  assert.equal(detectCurrency('Balance £12.00'), 'GBP');
  assert.equal(detectCurrency('Balance C$12.00 and C$4.00'), 'CAD');
  assert.equal(detectCurrency('Amounts in US$'), 'USD');
  assert.equal(detectCurrency('Währung: CHF'), 'CHF');
});

test('a plain dollar sign is USD unless the hint names another dollar currency', () => {
  assert.equal(detectCurrency('Beginning balance $1,234.56'), 'USD');
  assert.equal(detectCurrency('Beginning balance $1,234.56', 'CAD'), 'CAD');
  assert.equal(detectCurrency('Beginning balance $1,234.56', 'EUR'), 'USD');
  assert.equal(detectCurrency('$10.00 $5.00 $3.00 FOREIGN FEE EUR 2.00'), 'USD');
});

test('no evidence is no currency, and ordinary capitalised words are not currencies', () => {
  assert.equal(detectCurrency('Beginning balance 1,234.56 Ending balance 1,000.00'), null);
  assert.equal(detectCurrency('ALL TRANSACTIONS FOR THE TOP ACCOUNT'), null);
  assert.equal(detectCurrency('Beginning balance 1,234.56', 'USD'), null, 'a hint alone is never the page');
});
