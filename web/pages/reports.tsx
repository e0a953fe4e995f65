import { useEffect, useRef, useState } from 'preact/hooks';
import { downloadCsv, get, query } from '../api.ts';
import {
  Field,
  Loading,
  messageOf,
  money,
  monthsBack,
  Notice,
  PageTitle,
  TableHead,
  TableRegion,
  todayIso,
  useLoad,
  useOutcome,
  Pager,
  type PageProps,
} from '../ui.tsx';
import type { MonthlySeries } from '../chart.ts';

type ReportKind = 'profit-and-loss' | 'balance-sheet' | 'cash-flow' | 'trial-balance' | 'general-ledger';

const TABS: Array<{ kind: ReportKind; label: string }> = [
  { kind: 'profit-and-loss', label: 'Profit and loss' },
  { kind: 'balance-sheet', label: 'Balance sheet' },
  { kind: 'cash-flow', label: 'Cash flow' },
  { kind: 'trial-balance', label: 'Trial balance' },
  { kind: 'general-ledger', label: 'General ledger' },
];

interface Row {
  accountNumber: string | null;
  name: string;
  amount: number;
}

const CHART_MONTHS = 6;

function monthEnd(monthStart: string): string {
  const [year, month] = monthStart.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The last CHART_MONTHS calendar months up to `to`, oldest first, as [start, end] pairs (the last ends at `to`). */
function monthsUpTo(to: string): Array<[string, string]> {
  const months: Array<[string, string]> = [];
  for (let back = CHART_MONTHS - 1; back >= 0; back--) {
    const start = monthsBack(back, to);
    const end = monthEnd(start);
    months.push([start, end > to ? to : end]);
  }
  return months;
}

function Chart({
  title,
  load,
  currency,
}: {
  title: string;
  load: () => Promise<{ months: string[]; series: MonthlySeries[] }>;
  currency: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ months: string[]; series: MonthlySeries[] }>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let dispose: (() => void) | undefined;
    let live = true;
    Promise.all([load(), import('../chart.ts')]).then(
      ([data, chart]) => {
        if (!live || !ref.current) return;
        setState(data);
        dispose = chart.drawMonthlyChart(ref.current, data.months, data.series, currency);
      },
      (failure) => live && setError(messageOf(failure)),
    );
    return () => {
      live = false;
      dispose?.();
    };
  }, [load]);
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      {error ? <Notice kind="error">{error}</Notice> : !state ? <Loading what="the chart" /> : null}
      <div
        ref={ref}
        role="img"
        aria-label={
          state
            ? `${title}: ${state.series.map((entry) => `${entry.label} ${entry.values.map((value, index) => `${state.months[index]} ${money(value, currency)}`).join(', ')}`).join('; ')}`
            : title
        }
      />
    </figure>
  );
}

function StatementTable({
  label,
  sections,
  currency,
}: {
  label: string;
  sections: Array<{ title: string; rows: Row[]; total?: [string, number] }>;
  currency: string;
}) {
  return (
    <TableRegion label={label}>
      <table>
        <TableHead columns={['Account', 'Name', { figure: 'Amount' }]} />
        {sections.map((section) => (
          <tbody key={section.title}>
            <tr class="section">
              <th scope="rowgroup" colSpan={3}>
                {section.title}
              </th>
            </tr>
            {section.rows.map((row, index) => (
              <tr key={`${row.accountNumber}-${index}`}>
                <td>{row.accountNumber ?? ''}</td>
                <td>{row.name}</td>
                <td class="number nowrap">{money(row.amount, currency)}</td>
              </tr>
            ))}
            {section.total ? (
              <tr class="total">
                <td />
                <th scope="row">{section.total[0]}</th>
                <td class="number nowrap">{money(section.total[1], currency)}</td>
              </tr>
            ) : null}
          </tbody>
        ))}
      </table>
    </TableRegion>
  );
}

function ProfitAndLoss({ from, to }: { from: string; to: string }) {
  const report = useLoad(
    () => get(`/reports/profit-and-loss${query({ from, to })}`).then((body) => body.data),
    [from, to],
  );
  const [monthly] = useState(() => async () => {
    const months = monthsUpTo(to);
    const revenue: number[] = [];
    const expenses: number[] = [];
    // One month at a time: reports share a small rate budget, and the client waits out a 429.
    for (const [start, end] of months) {
      const month = (await get(`/reports/profit-and-loss${query({ from: start, to: end })}`)).data;
      revenue.push(month.totalRevenue);
      expenses.push(month.totalExpenses);
    }
    return {
      months: months.map(([start]) => start.slice(0, 7)),
      series: [
        { label: 'Revenue', values: revenue, color: '#1a7f37', bars: true },
        { label: 'Expenses', values: expenses, color: '#b42318', bars: true },
        { label: 'Net income', values: revenue.map((value, index) => value - expenses[index]), color: '#1d4ed8' },
      ],
    };
  });
  if (report.error) return <Notice kind="error">{report.error}</Notice>;
  if (!report.data) return <Loading what="the profit and loss" />;
  const data = report.data;
  return (
    <>
      <p class="figures">
        <span>
          Revenue <strong>{money(data.totalRevenue, data.currency)}</strong>
        </span>{' '}
        <span>
          Expenses <strong>{money(data.totalExpenses, data.currency)}</strong>
        </span>{' '}
        <span>
          Net income <strong>{money(data.netIncome, data.currency)}</strong>
        </span>
      </p>
      <Chart title={`Revenue and expenses, ${CHART_MONTHS} months to ${to}`} load={monthly} currency={data.currency} />
      <StatementTable
        label="Profit and loss"
        currency={data.currency}
        sections={[
          { title: 'Revenue', rows: data.revenue, total: ['Total revenue', data.totalRevenue] },
          { title: 'Expenses', rows: data.expenses, total: ['Total expenses', data.totalExpenses] },
          { title: 'Result', rows: [], total: ['Net income', data.netIncome] },
        ]}
      />
    </>
  );
}

function BalanceSheet({ to }: { to: string }) {
  const report = useLoad(() => get(`/reports/balance-sheet${query({ asOf: to })}`).then((body) => body.data), [to]);
  if (report.error) return <Notice kind="error">{report.error}</Notice>;
  if (!report.data) return <Loading what="the balance sheet" />;
  const data = report.data;
  return (
    <StatementTable
      label="Balance sheet"
      currency={data.currency}
      sections={[
        { title: 'Assets', rows: data.assets, total: ['Total assets', data.totalAssets] },
        { title: 'Liabilities', rows: data.liabilities, total: ['Total liabilities', data.totalLiabilities] },
        { title: 'Equity', rows: data.equity, total: ['Total equity', data.totalEquity] },
      ]}
    />
  );
}

function CashFlow({ from, to }: { from: string; to: string }) {
  const report = useLoad(() => get(`/reports/cash-flow${query({ from, to })}`).then((body) => body.data), [from, to]);
  const [monthly] = useState(() => async () => {
    const months = monthsUpTo(to);
    const cashIn: number[] = [];
    const cashOut: number[] = [];
    const closing: number[] = [];
    for (const [start, end] of months) {
      const month = (await get(`/reports/cash-flow${query({ from: start, to: end })}`)).data;
      const lines: Row[] = [...month.lines.operating, ...month.lines.investing, ...month.lines.financing];
      cashIn.push(lines.filter((line) => line.amount > 0).reduce((sum, line) => sum + line.amount, 0));
      cashOut.push(-lines.filter((line) => line.amount < 0).reduce((sum, line) => sum + line.amount, 0));
      closing.push(month.closingCash);
    }
    return {
      months: months.map(([start]) => start.slice(0, 7)),
      series: [
        { label: 'Cash in', values: cashIn, color: '#1a7f37', bars: true },
        { label: 'Cash out', values: cashOut, color: '#b42318', bars: true },
        { label: 'Cash at month end', values: closing, color: '#1d4ed8' },
      ],
    };
  });
  if (report.error) return <Notice kind="error">{report.error}</Notice>;
  if (!report.data) return <Loading what="the cash flow" />;
  const data = report.data;
  return (
    <>
      <p class="figures">
        <span>
          Opening cash <strong>{money(data.openingCash, data.currency)}</strong>
        </span>{' '}
        <span>
          Net change <strong>{money(data.netChange, data.currency)}</strong>
        </span>{' '}
        <span>
          Closing cash <strong>{money(data.closingCash, data.currency)}</strong>
        </span>
      </p>
      <Chart
        title={`Cash in, out and at month end, ${CHART_MONTHS} months to ${to}`}
        load={monthly}
        currency={data.currency}
      />
      <StatementTable
        label="Cash flow"
        currency={data.currency}
        sections={[
          {
            title: 'Operating activities',
            rows: data.lines.operating,
            total: ['Net cash from operating', data.operating],
          },
          {
            title: 'Investing activities',
            rows: data.lines.investing,
            total: ['Net cash from investing', data.investing],
          },
          {
            title: 'Financing activities',
            rows: data.lines.financing,
            total: ['Net cash from financing', data.financing],
          },
        ]}
      />
    </>
  );
}

function TrialBalance({ to }: { to: string }) {
  const report = useLoad(() => get(`/reports/trial-balance${query({ asOf: to })}`).then((body) => body.data), [to]);
  if (report.error) return <Notice kind="error">{report.error}</Notice>;
  if (!report.data) return <Loading what="the trial balance" />;
  const data = report.data;
  return (
    <TableRegion label="Trial balance">
      <table>
        <TableHead columns={['Account', 'Name', { figure: 'Debit' }, { figure: 'Credit' }, { figure: 'Balance' }]} />
        <tbody>
          {data.accounts.map((row: any) => (
            <tr key={row.accountNumber}>
              <td>{row.accountNumber}</td>
              <td>{row.name}</td>
              <td class="number nowrap">{money(row.debit, data.currency)}</td>
              <td class="number nowrap">{money(row.credit, data.currency)}</td>
              <td class="number nowrap">{money(row.balance, data.currency)}</td>
            </tr>
          ))}
          <tr class="total">
            <td />
            <th scope="row">Totals</th>
            <td class="number nowrap">{money(data.totals.debit, data.currency)}</td>
            <td class="number nowrap">{money(data.totals.credit, data.currency)}</td>
            <td />
          </tr>
        </tbody>
      </table>
    </TableRegion>
  );
}

const LEDGER_PAGE = 200;

function GeneralLedger({ from, to }: { from: string; to: string }) {
  const [offset, setOffset] = useState(0);
  const report = useLoad(
    () => get(`/reports/general-ledger${query({ from, to, limit: LEDGER_PAGE, offset })}`),
    [from, to, offset],
  );
  if (report.error) return <Notice kind="error">{report.error}</Notice>;
  if (!report.data) return <Loading what="the general ledger" />;
  const data = report.data.data;
  const nextOffset = report.data.meta.pagination.nextOffset as number | null;
  return (
    <>
      <TableRegion label="General ledger">
        <table>
          <TableHead
            columns={[
              'Account',
              'Date',
              'Description',
              { figure: 'Debit' },
              { figure: 'Credit' },
              { figure: 'Balance' },
            ]}
          />
          <tbody>
            {data.lines.map((line: any, index: number) => (
              <tr key={`${line.entryId}-${index}`}>
                <td class="nowrap">
                  {line.accountNumber} {line.accountName}
                </td>
                <td class="nowrap">{line.entryDate}</td>
                <td>{line.description}</td>
                <td class="number nowrap">{line.debit === null ? '' : money(line.debit, data.currency)}</td>
                <td class="number nowrap">{line.credit === null ? '' : money(line.credit, data.currency)}</td>
                <td class="number nowrap">{money(line.runningBalance, data.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <Pager
        label="Pages of the general ledger"
        offset={offset}
        shown={data.lines.length}
        pageSize={LEDGER_PAGE}
        nextOffset={nextOffset}
        go={setOffset}
        words={{ previous: 'Previous lines', next: 'Next lines', items: 'Lines' }}
      />
    </>
  );
}

export function ReportsPage({ params }: PageProps) {
  const kind = (TABS.find((tab) => tab.kind === params.get('report'))?.kind ?? 'profit-and-loss') as ReportKind;
  const to = params.get('to') ?? todayIso();
  const from = params.get('from') ?? `${to.slice(0, 4)}-01-01`;
  const [draft, setDraft] = useState({ from, to });
  const { message: csvState, attempt } = useOutcome();
  const go = (next: { report?: string; from?: string; to?: string }) => {
    const search = new URLSearchParams({ report: kind, from, to, ...next });
    location.hash = `#/reports?${search}`;
  };
  const csvPath: Record<ReportKind, string> = {
    'profit-and-loss': `/reports/profit-and-loss${query({ from, to })}`,
    'balance-sheet': `/reports/balance-sheet${query({ asOf: to })}`,
    'cash-flow': `/reports/cash-flow${query({ from, to })}`,
    'trial-balance': `/reports/trial-balance${query({ asOf: to })}`,
    'general-ledger': `/reports/general-ledger${query({ from, to, limit: 1000 })}`,
  };
  const pointInTime = kind === 'balance-sheet' || kind === 'trial-balance';
  return (
    <section>
      <PageTitle
        actions={
          <button
            type="button"
            onClick={() =>
              attempt(async () => {
                await downloadCsv(csvPath[kind], kind);
                return 'CSV downloaded.';
              })
            }
          >
            Download CSV
          </button>
        }
      >
        Reports
      </PageTitle>
      <nav class="tabs" aria-label="Reports">
        {TABS.map((tab) => (
          <a
            key={tab.kind}
            href={`#/reports?${new URLSearchParams({ report: tab.kind, from, to })}`}
            aria-current={tab.kind === kind ? 'page' : undefined}
          >
            {tab.label}
          </a>
        ))}
      </nav>
      <form
        class="filters"
        aria-label="Report period"
        onSubmit={(event) => {
          event.preventDefault();
          go(draft);
        }}
      >
        {pointInTime ? null : (
          <Field id="report-from" label="From">
            <input
              id="report-from"
              type="date"
              required
              value={draft.from}
              onInput={(event) => setDraft({ ...draft, from: (event.target as HTMLInputElement).value })}
            />
          </Field>
        )}
        <Field id="report-to" label={pointInTime ? 'As of' : 'To'}>
          <input
            id="report-to"
            type="date"
            required
            value={draft.to}
            onInput={(event) => setDraft({ ...draft, to: (event.target as HTMLInputElement).value })}
          />
        </Field>
        <div class="field buttons">
          <button type="submit" class="primary">
            Show
          </button>
        </div>
      </form>
      {csvState ? <Notice kind={csvState.kind}>{csvState.text}</Notice> : null}
      <h2>
        {TABS.find((tab) => tab.kind === kind)!.label}, {pointInTime ? `as of ${to}` : `${from} to ${to}`}
      </h2>
      {kind === 'profit-and-loss' ? <ProfitAndLoss key={`${from}${to}`} from={from} to={to} /> : null}
      {kind === 'balance-sheet' ? <BalanceSheet to={to} /> : null}
      {kind === 'cash-flow' ? <CashFlow key={`${from}${to}`} from={from} to={to} /> : null}
      {kind === 'trial-balance' ? <TrialBalance to={to} /> : null}
      {kind === 'general-ledger' ? <GeneralLedger from={from} to={to} /> : null}
    </section>
  );
}
