import { get, query } from '../api.ts';
import type { PageProps } from '../main.tsx';
import { Loading, money, Notice, PageTitle, TableRegion, useLoad } from '../ui.tsx';

export interface BankAccountView {
  id: string;
  name: string;
  institutionName: string;
  currency: string;
  kind: string;
  derivedBalance: number | null;
  currentBalance: number | null;
  openingBalance: number | null;
  ledgerAccountNumber: string | null;
}

interface StatementPeriod {
  id: string;
  bankAccountId: string;
  periodStart: string;
  periodEnd: string;
  openingBalance: number;
  closingBalance: number;
  transactionCount: number;
  continuityOk: boolean;
  currency: string;
}

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The calendar months no statement covers between two consecutive periods ("2026-03"). */
export function missingMonths(periods: Array<{ periodStart: string; periodEnd: string }>): string[] {
  const sorted = [...periods].sort((a, b) => a.periodStart.localeCompare(b.periodStart));
  const missing: string[] = [];
  for (let index = 1; index < sorted.length; index++) {
    const gapStart = nextDay(sorted[index - 1].periodEnd);
    const gapEnd = sorted[index].periodStart;
    if (gapStart >= gapEnd) continue;
    let [year, month] = gapStart.split('-').map(Number);
    // A month counts as missing when the gap holds the whole of it, or its start when the gap starts on day 1.
    for (;;) {
      const monthStart = `${year}-${String(month).padStart(2, '0')}-01`;
      const following = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
      if (monthStart >= gapEnd) break;
      if (monthStart >= gapStart && following <= gapEnd) missing.push(monthStart.slice(0, 7));
      [year, month] = following.split('-').map(Number);
    }
  }
  return missing;
}

function AccountCard({ account }: { account: BankAccountView }) {
  const periods = useLoad(() => get<{ data: StatementPeriod[]; meta: { booksCurrentThrough: string | null } }>(`/bank-statements${query({ bankAccountId: account.id, limit: 200 })}`), [account.id]);
  const balance = account.currentBalance ?? account.derivedBalance;
  const list = periods.data?.data ?? [];
  const missing = missingMonths(list);
  const breaks = list.filter((period) => !period.continuityOk);
  return (
    <article class="card" aria-labelledby={`account-${account.id}`}>
      <h2 id={`account-${account.id}`}>{account.name}</h2>
      <p class="muted">{account.institutionName} · {account.kind.replace('_', ' ')} · ledger {account.ledgerAccountNumber ?? '—'}</p>
      <p class="balance"><span class="muted">Balance </span><strong>{money(balance, account.currency)}</strong></p>
      {periods.loading ? <Loading what="statements" /> : periods.error ? <Notice kind="error">{periods.error}</Notice> : list.length === 0 ? (
        <p class="muted">No statement uploaded yet. <a href="#/upload">Upload one</a>.</p>
      ) : (
        <>
          <p>Statements through <strong>{periods.data!.meta.booksCurrentThrough}</strong>.{' '}
            {missing.length === 0 && breaks.length === 0 ? <span class="ok">Continuous: each statement opens where the previous one closed.</span> : null}
          </p>
          {missing.length > 0 ? <Notice kind="error">Missing {missing.length === 1 ? 'month' : 'months'}: {missing.join(', ')}. <a href="#/upload">Upload the statements</a> to close the gap.</Notice> : null}
          {breaks.length > 0 && missing.length === 0 ? <Notice kind="error">{breaks.length} {breaks.length === 1 ? 'statement does' : 'statements do'} not open at the previous closing balance.</Notice> : null}
          <TableRegion label={`Statements of ${account.name}`}>
            <table>
              <thead><tr><th scope="col">Period</th><th scope="col" class="number">Opening</th><th scope="col" class="number">Closing</th><th scope="col" class="number">Lines</th><th scope="col">Continuity</th></tr></thead>
              <tbody>
                {list.map((period) => (
                  <tr key={period.id}>
                    <td class="nowrap">{period.periodStart} – {period.periodEnd}</td>
                    <td class="number nowrap">{money(period.openingBalance, period.currency)}</td>
                    <td class="number nowrap">{money(period.closingBalance, period.currency)}</td>
                    <td class="number">{period.transactionCount}</td>
                    <td>{period.continuityOk ? 'ok' : <span class="badge warn">break</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
    </article>
  );
}

export function BankAccountsPage(_props: PageProps) {
  const accounts = useLoad(() => get<{ data: BankAccountView[] }>('/bank-accounts').then((body) => body.data), []);
  return (
    <section>
      <PageTitle>Bank accounts</PageTitle>
      {accounts.error ? <Notice kind="error">{accounts.error}</Notice> : null}
      {accounts.loading ? <Loading what="bank accounts" /> : accounts.data?.length === 0 ? <Notice>No bank account yet: upload a statement or create one through the API.</Notice> : null}
      <div class="cards">
        {(accounts.data ?? []).map((account) => <AccountCard key={account.id} account={account} />)}
      </div>
    </section>
  );
}
