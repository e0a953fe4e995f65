import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accountForRole, CHART_ROLES, roleAccounts, US_CHART, type ChartAccount } from './us-chart.ts';

test('every role of the categorization is on exactly one account of the US chart', () => {
  const accounts = roleAccounts(US_CHART);
  assert.equal(accounts.size, CHART_ROLES.length);
  const numbers = new Set(US_CHART.map((account) => account.accountNumber));
  for (const role of CHART_ROLES) assert.ok(numbers.has(accountForRole(role)), role);
  assert.equal(accountForRole('meals'), US_CHART.find((account) => account.name === 'Meals')!.accountNumber);
  // Finer roles share their account: fuel and parking are both driving costs.
  assert.equal(accountForRole('fuel'), accountForRole('vehicle'));
  assert.equal(accountForRole('parking'), accountForRole('vehicle'));
});

test('a chart that leaves a role out, or gives one role to two accounts, is refused at load', () => {
  const withoutMeals: ChartAccount[] = US_CHART.map((account) => ({
    ...account,
    roles: account.roles.filter((role) => role !== 'meals'),
  }));
  assert.throws(() => roleAccounts(withoutMeals), /no account has the role meals/);
  const doubled: ChartAccount[] = US_CHART.map((account) =>
    account.accountNumber === US_CHART[0].accountNumber ? { ...account, roles: [...account.roles, 'fuel'] } : account,
  );
  assert.throws(() => roleAccounts(doubled), /role fuel is on both/);
});
