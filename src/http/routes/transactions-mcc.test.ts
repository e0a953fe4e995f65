import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createAccount, createHarness, push, type Harness, type TestTenant } from '../../../test/support/harness.ts';

let harness: Harness;
let acme: TestTenant;

before(async () => {
  harness = await createHarness();
  acme = await harness.newTenant('Acme Holdings LLC');
  await createAccount(acme, 'chk');
});
after(() => harness.close());

const list = async (query: string) => (await acme.call('GET', `/v1/transactions?${query}`)).json().data;

test('a merchant category code is stored on the row, shown, and files a merchant no other tier knows', async () => {
  const pushed = await push(acme, [
    {
      accountExternalId: 'chk',
      id: 'm1',
      date: '2026-03-02',
      amount: 41.5,
      description: 'POS DEBIT ZQXVORN KLEMP 0412',
      merchantCategoryCode: '5812',
    },
    {
      accountExternalId: 'chk',
      id: 'm2',
      date: '2026-03-03',
      amount: 41.5,
      description: 'POS DEBIT ZQXVORN KLEMP 0413',
      mcc: '5541',
    },
    {
      accountExternalId: 'chk',
      id: 'm3',
      date: '2026-03-04',
      // Above a meal's price: without a code, nothing names this merchant, not even a guess.
      amount: 141.37,
      description: 'POS DEBIT ZQXVORN KLEMP 0414',
    },
  ]);
  assert.equal(pushed.statusCode, 200, pushed.body);
  await harness.sweep();
  const byDate = new Map((await list('from=2026-03-01&to=2026-03-31')).map((row: { date: string }) => [row.date, row]));
  const meal = byDate.get('2026-03-02') as {
    merchantCategoryCode: string;
    category: { accountNumber: string; source: string };
  };
  assert.equal(meal.merchantCategoryCode, '5812');
  assert.equal(meal.category.accountNumber, '6160', 'eating places are meals');
  const fuel = byDate.get('2026-03-03') as { merchantCategoryCode: string; category: { accountNumber: string } };
  assert.equal(fuel.merchantCategoryCode, '5541', 'the `mcc` spelling is the same field');
  assert.equal(fuel.category.accountNumber, '6010', 'service stations are car and truck costs');
  const none = byDate.get('2026-03-04') as { merchantCategoryCode: null; category: { accountNumber: string } };
  assert.equal(none.merchantCategoryCode, null);
  assert.equal(none.category.accountNumber, '6999', 'without the code nothing names this merchant');
});

test('a code that is not four digits, or two names that disagree, reject the request and store nothing', async () => {
  for (const extra of [
    { merchantCategoryCode: '581' },
    { mcc: '58x2' },
    { merchantCategoryCode: '5812', mcc: '5813' },
  ]) {
    const response = await push(acme, [
      {
        accountExternalId: 'chk',
        id: `bad-${JSON.stringify(extra)}`,
        date: '2026-04-02',
        amount: 5,
        description: 'ANYTHING',
        ...extra,
      },
    ]);
    assert.equal(response.statusCode, 400, JSON.stringify(extra));
    assert.ok(response.json().reason);
  }
  assert.equal((await list('from=2026-04-01&to=2026-04-30')).length, 0);
});
