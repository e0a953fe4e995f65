import { useEffect, useMemo, useState } from 'preact/hooks';
import { get, query } from '../api.ts';
import {
  categoryChoices,
  chartOfAccounts,
  Field,
  type LedgerAccount,
  Loading,
  Notice,
  PageTitle,
  TableHead,
  TableRegion,
  todayIso,
  useLoad,
  Pager,
  type PageProps,
} from '../ui.tsx';
import { RowCells, type TransactionRow } from '../rows.tsx';

const PAGE_SIZE = 50;

interface Filters {
  search: string;
  from: string;
  to: string;
  category: string;
  bankAccountId: string;
  amountMin: string;
  amountMax: string;
  needsReview: boolean;
}

function filtersFrom(params: URLSearchParams): Filters {
  return {
    search: params.get('search') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    category: params.get('category') ?? '',
    bankAccountId: params.get('bankAccountId') ?? '',
    amountMin: params.get('amountMin') ?? '',
    amountMax: params.get('amountMax') ?? '',
    needsReview: params.get('needsReview') === 'true',
  };
}

export function TransactionsPage({ params }: PageProps) {
  const applied = filtersFrom(params);
  const offset = Number(params.get('offset') ?? 0) || 0;
  const [draft, setDraft] = useState<Filters>(applied);
  const [accounts, setAccounts] = useState<LedgerAccount[]>([]);
  const bankAccounts = useLoad(
    () =>
      get<{ data: Array<{ id: string; name: string; institutionName: string }> }>('/bank-accounts').then(
        (body) => body.data,
      ),
    [],
  );
  useEffect(() => {
    chartOfAccounts().then(setAccounts, () => setAccounts([]));
  }, []);
  const choices = useMemo(() => categoryChoices(accounts), [accounts]);

  const key = params.toString();
  const page = useLoad(async () => {
    // Without dates the API shows the last 30 days; a search or filter looks through everything unless dated.
    const anyFilter =
      applied.search ||
      applied.category ||
      applied.bankAccountId ||
      applied.amountMin ||
      applied.amountMax ||
      applied.needsReview;
    const body = await get<{ data: TransactionRow[]; meta: { pagination: { nextOffset: number | null } } }>(
      `/transactions${query({
        search: applied.search,
        from: applied.from || (anyFilter ? '1900-01-01' : undefined),
        to: applied.to || (anyFilter ? todayIso() : undefined),
        category: applied.category,
        bankAccountId: applied.bankAccountId,
        amountMin: applied.amountMin,
        amountMax: applied.amountMax,
        needsReview: applied.needsReview ? true : undefined,
        limit: PAGE_SIZE,
        offset,
      })}`,
    );
    return body;
  }, [key]);

  const go = (next: Filters, nextOffset = 0) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(next))
      if (value !== '' && value !== false) search.set(name, String(value));
    if (nextOffset) search.set('offset', String(nextOffset));
    location.hash = `#/transactions${search.size ? `?${search}` : ''}`;
  };
  const set = (name: keyof Filters) => (event: Event) => {
    const input = event.target as HTMLInputElement;
    setDraft({ ...draft, [name]: input.type === 'checkbox' ? input.checked : input.value });
  };

  return (
    <section>
      <PageTitle>Transactions</PageTitle>
      <form
        class="filters"
        role="search"
        aria-label="Filter transactions"
        onSubmit={(event) => {
          event.preventDefault();
          go(draft);
        }}
      >
        <Field id="tx-search" label="Search">
          <input
            id="tx-search"
            type="search"
            value={draft.search}
            onInput={set('search')}
            placeholder="description or merchant"
          />
        </Field>
        <Field id="tx-from" label="From">
          <input id="tx-from" type="date" value={draft.from} onInput={set('from')} />
        </Field>
        <Field id="tx-to" label="To">
          <input id="tx-to" type="date" value={draft.to} onInput={set('to')} />
        </Field>
        <Field id="tx-account" label="Bank account">
          <select id="tx-account" value={draft.bankAccountId} onChange={set('bankAccountId')}>
            <option value="">All</option>
            {(bankAccounts.data ?? []).map((account) => (
              <option key={account.id} value={account.id}>
                {account.name} ({account.institutionName})
              </option>
            ))}
          </select>
        </Field>
        <Field id="tx-category" label="Category">
          <select id="tx-category" value={draft.category} onChange={set('category')}>
            <option value="">All</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="tx-min" label="Spent at least" hint="money received: negative">
          <input
            id="tx-min"
            type="number"
            step="0.01"
            inputMode="decimal"
            aria-describedby="tx-min-hint"
            value={draft.amountMin}
            onInput={set('amountMin')}
          />
        </Field>
        <Field id="tx-max" label="Spent at most" hint="money received: negative">
          <input
            id="tx-max"
            type="number"
            step="0.01"
            inputMode="decimal"
            aria-describedby="tx-max-hint"
            value={draft.amountMax}
            onInput={set('amountMax')}
          />
        </Field>
        <div class="field checkbox">
          <input id="tx-review" type="checkbox" checked={draft.needsReview} onChange={set('needsReview')} />
          <label for="tx-review">Needs review only</label>
        </div>
        <div class="field buttons">
          <button type="submit" class="primary">
            Apply
          </button>
          <button
            type="button"
            onClick={() => {
              const empty = filtersFrom(new URLSearchParams());
              setDraft(empty);
              go(empty);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      {!applied.from && !applied.to && !Object.values(applied).some(Boolean) ? (
        <p class="muted">Showing the last 30 days; set dates or a filter to look further back.</p>
      ) : null}
      {page.error ? <Notice kind="error">{page.error}</Notice> : null}
      {page.loading && !page.data ? <Loading what="transactions" /> : null}
      {page.data ? (
        <>
          {page.data.data.length === 0 ? (
            <Notice>No transaction matches.</Notice>
          ) : (
            <TableRegion label="Transactions">
              <table>
                <TableHead columns={['Date', 'Description', { figure: 'Amount' }, 'Category', 'Status']} />
                <tbody>
                  {page.data.data.map((row) => (
                    <tr key={row.id}>
                      <RowCells row={row} />
                      <td>{row.category ? `${row.category.accountNumber} ${row.category.accountName ?? ''}` : '—'}</td>
                      <td>
                        {row.needsReview ? (
                          <span class="badge warn">needs review</span>
                        ) : row.pending ? (
                          <span class="badge">pending</span>
                        ) : row.sweepState === 'failed' ? (
                          <span class="badge warn">parked</span>
                        ) : (
                          'filed'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
          <Pager
            label="Pages of transactions"
            offset={offset}
            shown={page.data.data.length}
            pageSize={PAGE_SIZE}
            nextOffset={page.data.meta.pagination.nextOffset}
            go={(nextOffset) => go(applied, nextOffset)}
            words={{ previous: 'Newer', next: 'Older', items: 'Rows' }}
          />
        </>
      ) : null}
    </section>
  );
}
