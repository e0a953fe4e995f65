import { useState } from 'preact/hooks';
import { api, canChange, get, query } from '../api.ts';
import {
  Loading,
  money,
  Notice,
  PageTitle,
  TableHead,
  TableRegion,
  todayIso,
  useLoad,
  useOutcome,
  type PageProps,
} from '../ui.tsx';

interface Obligation {
  id: string;
  type: string;
  period: string;
  deadline: string;
  status: 'upcoming' | 'payment_pending' | 'confirmed' | 'filed';
  amountDue: number;
  currency: string;
  authority: string;
  formReference: string | null;
  overdue: boolean;
  daysOverdue: number;
  amountNote: string | null;
}

const words = (text: string) => text.replaceAll('_', ' ');

export function ObligationsPage({ session }: PageProps) {
  const [showFiled, setShowFiled] = useState(false);
  const list = useLoad(
    () =>
      get<{ data: Obligation[] }>(
        `/obligations${query({ status: showFiled ? undefined : 'upcoming,payment_pending,confirmed', limit: 500 })}`,
      ).then((body) => body.data),
    [showFiled],
  );
  const { message, attempt } = useOutcome();
  const editable = canChange(session);

  const act = (obligation: Obligation, action: 'confirm' | 'file') =>
    attempt(async () => {
      await api('POST', `/obligations/${obligation.id}/${action}`, {});
      list.reload();
      return `${words(obligation.type)} ${obligation.period} ${action === 'file' ? 'marked filed' : 'confirmed'}.`;
    });

  const today = todayIso();
  return (
    <section>
      <PageTitle>Obligations</PageTitle>
      <div class="field checkbox">
        <input
          id="show-filed"
          type="checkbox"
          checked={showFiled}
          onChange={(event) => setShowFiled((event.target as HTMLInputElement).checked)}
        />
        <label for="show-filed">Show filed ones too</label>
      </div>
      {message ? <Notice kind={message.kind}>{message.text}</Notice> : null}
      {list.error ? <Notice kind="error">{list.error}</Notice> : null}
      {list.loading && !list.data ? <Loading what="obligations" /> : null}
      {list.data ? (
        list.data.length === 0 ? (
          <Notice>No obligation to show.</Notice>
        ) : (
          <TableRegion label="Obligation calendar">
            <table>
              <TableHead
                columns={[
                  'Deadline',
                  'What',
                  'Authority',
                  { figure: 'Amount due' },
                  'Status',
                  editable && { hidden: 'Actions' },
                ]}
              />
              <tbody>
                {list.data.map((obligation) => (
                  <tr key={obligation.id} class={obligation.overdue ? 'overdue' : ''}>
                    <td class="nowrap">
                      {obligation.deadline}
                      {obligation.overdue ? (
                        <>
                          <br />
                          <span class="badge critical">{obligation.daysOverdue} days overdue</span>
                        </>
                      ) : obligation.deadline >= today && obligation.deadline <= addDays(today, 30) ? (
                        <>
                          <br />
                          <span class="badge warn">due soon</span>
                        </>
                      ) : null}
                    </td>
                    <td>
                      {words(obligation.type)}{' '}
                      <span class="muted">
                        {obligation.period}
                        {obligation.formReference ? ` · ${obligation.formReference}` : ''}
                      </span>
                    </td>
                    <td>{obligation.authority}</td>
                    <td class="number nowrap" title={obligation.amountNote ?? undefined}>
                      {money(obligation.amountDue, obligation.currency)}
                    </td>
                    <td>{words(obligation.status)}</td>
                    {editable ? (
                      <td class="nowrap">
                        {obligation.status === 'upcoming' || obligation.status === 'payment_pending' ? (
                          <button
                            type="button"
                            onClick={() => act(obligation, 'confirm')}
                            aria-label={`Confirm ${words(obligation.type)} ${obligation.period}`}
                          >
                            Confirm
                          </button>
                        ) : null}
                        {obligation.status !== 'filed' ? (
                          <button
                            type="button"
                            onClick={() => act(obligation, 'file')}
                            aria-label={`Mark ${words(obligation.type)} ${obligation.period} filed`}
                          >
                            Filed
                          </button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )
      ) : null}
    </section>
  );
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
