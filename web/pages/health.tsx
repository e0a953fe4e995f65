import { get } from '../api.ts';
import { Loading, Notice, PageTitle, useLoad, type PageProps } from '../ui.tsx';

interface Issue {
  severity: 'critical' | 'warning';
  code: string;
  message: string;
  penalty: number;
}
interface HealthScore {
  score: number;
  grade: string;
  summary: string;
  booksAsOf: string;
  components: Array<{ label: string; penalty: number; issues: Issue[] }>;
  criticalIssues: Issue[];
  warningIssues: Issue[];
}

/** Where in the app each finding is dealt with (the API's message says what; this says where). */
export function placeFor(code: string): { href: string; label: string } | undefined {
  if (code.startsWith('obligation.')) return { href: '#/obligations', label: 'Open the obligations' };
  if (code === 'books.review_backlog' || code === 'books.uncategorized')
    return { href: '#/review', label: 'Open the review queue' };
  if (code === 'books.stale' || code.startsWith('statements.')) return { href: '#/upload', label: 'Upload statements' };
  if (code === 'books.no_bank_accounts' || code === 'books.unmapped_bank_account' || code === 'books.negative_savings')
    return { href: '#/bank-accounts', label: 'Open the bank accounts' };
  if (code.startsWith('profile.')) return { href: '#/settings', label: 'Complete the business profile' };
  return undefined;
}

export function HealthPage(_props: PageProps) {
  const health = useLoad(() => get<{ data: HealthScore }>('/health-score').then((body) => body.data), []);
  if (health.error)
    return (
      <section>
        <PageTitle>Health</PageTitle>
        <Notice kind="error">{health.error}</Notice>
      </section>
    );
  if (!health.data)
    return (
      <section>
        <PageTitle>Health</PageTitle>
        <Loading what="the health score" />
      </section>
    );
  const data = health.data;
  const todo = [...data.criticalIssues, ...data.warningIssues];
  return (
    <section>
      <PageTitle>Health</PageTitle>
      <div class="score">
        <p class={`grade grade-${data.grade}`} aria-label={`Grade ${data.grade}, score ${data.score} of 100`}>
          <span>{data.grade}</span>
          <small>{data.score}/100</small>
        </p>
        <p>
          {data.summary} <span class="muted">Books judged as of {data.booksAsOf}.</span>
        </p>
      </div>
      <h2>What to do next</h2>
      {todo.length === 0 ? (
        <Notice kind="success">Nothing to do: the books are in order.</Notice>
      ) : (
        <ol class="todo">
          {todo.map((issue, index) => {
            const place = placeFor(issue.code);
            return (
              <li key={`${issue.code}-${index}`} class={`issue-${issue.severity}`}>
                <span class={`badge ${issue.severity === 'critical' ? 'critical' : 'warn'}`}>{issue.severity}</span>{' '}
                {issue.message}
                {place ? (
                  <>
                    {' '}
                    <a href={place.href}>{place.label}</a>
                  </>
                ) : null}
                <span class="muted"> (−{issue.penalty})</span>
              </li>
            );
          })}
        </ol>
      )}
      <h2>How the score is made</h2>
      <ul class="components">
        {data.components.map((component) => (
          <li key={component.label}>
            {component.label}: −{component.penalty}
          </li>
        ))}
      </ul>
    </section>
  );
}
