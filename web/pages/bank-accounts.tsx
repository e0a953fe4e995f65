import { get, query } from '../api.ts';
import { missingMonths } from '../logic.ts';
import { Loading, money, Notice, PageTitle, TableHead, TableRegion, useLoad, type PageProps } from '../ui.tsx';

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

function AccountCard({ account }: { account: BankAccountView }) {
  const periods = useLoad(
    () =>
      get<{ data: StatementPeriod[]; meta: { booksCurrentThrough: string | null } }>(
        `/bank-statements${query({ bankAccountId: account.id, limit: 200 })}`,
      ),
    [account.id],
  );
  const balance = account.currentBalance ?? account.derivedBalance;
  const list = periods.data?.data ?? [];
  const missing = missingMonths(list);
  const breaks = list.filter((period) => !period.continuityOk);
  return (
    <article class="card" aria-labelledby={`account-${account.id}`}>
      <h2 id={`account-${account.id}`}>{account.name}</h2>
      <p class="muted">
        {account.institutionName} · {account.kind.replace('_', ' ')} · ledger {account.ledgerAccountNumber ?? '—'}
      </p>
      <p class="balance">
        <span class="muted">Balance </span>
        <strong>{money(balance, account.currency)}</strong>
      </p>
      {periods.loading ? (
        <Loading what="statements" />
      ) : periods.error ? (
        <Notice kind="error">{periods.error}</Notice>
      ) : list.length === 0 ? (
        <p class="muted">
          No statement uploaded yet. <a href="#/upload">Upload one</a>.
        </p>
      ) : (
        <>
          <p>
            Statements through <strong>{periods.data!.meta.booksCurrentThrough}</strong>.{' '}
            {missing.length === 0 && breaks.length === 0 ? (
              <span class="ok">Continuous: each statement opens where the previous one closed.</span>
            ) : null}
          </p>
          {missing.length > 0 ? (
            <Notice kind="error">
              Missing {missing.length === 1 ? 'month' : 'months'}: {missing.join(', ')}.{' '}
              <a href="#/upload">Upload the statements</a> to close the gap.
            </Notice>
          ) : null}
          {breaks.length > 0 && missing.length === 0 ? (
            <Notice kind="error">
              {breaks.length} {breaks.length === 1 ? 'statement does' : 'statements do'} not open at the previous
              closing balance.
            </Notice>
          ) : null}
          <TableRegion label={`Statements of ${account.name}`}>
            <table>
              <TableHead
                columns={['Period', { figure: 'Opening' }, { figure: 'Closing' }, { figure: 'Lines' }, 'Continuity']}
              />
              <tbody>
                {list.map((period) => (
                  <tr key={period.id}>
                    <td class="nowrap">
                      {period.periodStart} – {period.periodEnd}
                    </td>
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
      {accounts.loading ? (
        <Loading what="bank accounts" />
      ) : accounts.data?.length === 0 ? (
        <Notice>No bank account yet: upload a statement or create one through the API.</Notice>
      ) : null}
      <div class="cards">
        {(accounts.data ?? []).map((account) => (
          <AccountCard key={account.id} account={account} />
        ))}
      </div>
    </section>
  );
}
