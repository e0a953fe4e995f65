import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, canChange, get } from '../api.ts';
import type { PageProps } from '../main.tsx';
import {
  AccountPicker,
  categoryChoices,
  chartOfAccounts,
  Field,
  type LedgerAccount,
  Loading,
  messageOf,
  money,
  Notice,
  PageTitle,
  resolveCategory,
  TableRegion,
  useLoad,
} from '../ui.tsx';

interface Rule {
  id: string;
  pattern: string;
  direction: 'in' | 'out' | null;
  minAmount: number | null;
  maxAmount: number | null;
  currency: string | null;
  category: string;
  priority: number;
  createdAt: string;
}
interface Change {
  transactionId: string;
  date: string;
  description: string;
  amount: number;
  currency: string;
  from: string;
  to: string;
}

export function RulesPage({ session }: PageProps) {
  const rules = useLoad(() => get<{ data: Rule[] }>('/rules').then((body) => body.data), []);
  const [accounts, setAccounts] = useState<LedgerAccount[]>([]);
  useEffect(() => {
    chartOfAccounts().then(setAccounts, () => setAccounts([]));
  }, []);
  const choices = useMemo(() => categoryChoices(accounts), [accounts]);
  const names = useMemo(() => new Map(choices.map((choice) => [choice.value, choice.label])), [choices]);
  const [pattern, setPattern] = useState('');
  const [direction, setDirection] = useState('');
  const [category, setCategory] = useState('');
  const [applyTo, setApplyTo] = useState('needsReview');
  const [preview, setPreview] = useState<Change[]>();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const editable = canChange(session);

  const submit = async (dryRun: boolean) => {
    setMessage(undefined);
    const resolved = resolveCategory(category, choices);
    if (!resolved.value) return setMessage({ kind: 'error', text: resolved.problem! });
    try {
      const body = {
        pattern: pattern.trim(),
        category: resolved.value,
        ...(direction ? { direction } : {}),
        ...(applyTo ? { applyTo, dryRun } : {}),
      };
      if (dryRun && !applyTo) return setPreview([]);
      const answer = await api<{ data: Rule; applied?: { changes: Change[] } }>('POST', '/rules', body);
      if (dryRun) setPreview(answer.applied?.changes ?? []);
      else {
        setMessage({
          kind: 'success',
          text: `Rule "${answer.data.pattern}" created${answer.applied ? `; ${answer.applied.changes.length} rows filed again` : ''}.`,
        });
        setPattern('');
        setPreview(undefined);
        rules.reload();
      }
    } catch (failure) {
      setMessage({ kind: 'error', text: messageOf(failure) });
    }
  };

  const remove = async (rule: Rule) => {
    setMessage(undefined);
    try {
      await api('DELETE', `/rules/${rule.id}`);
      setMessage({ kind: 'success', text: `Rule "${rule.pattern}" deleted; rows it filed keep their category.` });
      rules.reload();
    } catch (failure) {
      setMessage({ kind: 'error', text: messageOf(failure) });
    }
  };

  return (
    <section>
      <PageTitle>Rules</PageTitle>
      <p class="muted">Your rules come before every built-in way of filing a row.</p>
      {message ? <Notice kind={message.kind}>{message.text}</Notice> : null}
      {editable ? (
        <form
          class="filters"
          aria-label="New rule"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(preview === undefined && applyTo !== '');
          }}
        >
          <Field id="rule-new-pattern" label="Description contains">
            <input
              id="rule-new-pattern"
              required
              value={pattern}
              onInput={(event) => {
                setPattern((event.target as HTMLInputElement).value);
                setPreview(undefined);
              }}
              placeholder="e.g. GUSTO*NET PAY"
            />
          </Field>
          <Field id="rule-new-direction" label="Direction">
            <select
              id="rule-new-direction"
              value={direction}
              onChange={(event) => setDirection((event.target as HTMLSelectElement).value)}
            >
              <option value="">Both</option>
              <option value="out">Money out</option>
              <option value="in">Money in</option>
            </select>
          </Field>
          <AccountPicker
            id="rule-new-category"
            label="File under"
            value={category}
            choices={choices}
            onInput={(value) => {
              setCategory(value);
              setPreview(undefined);
            }}
          />
          <Field id="rule-new-apply" label="Also file again">
            <select
              id="rule-new-apply"
              value={applyTo}
              onChange={(event) => {
                setApplyTo((event.target as HTMLSelectElement).value);
                setPreview(undefined);
              }}
            >
              <option value="needsReview">rows waiting for review</option>
              <option value="uncategorized">uncategorized rows</option>
              <option value="all">every matching row (not ones a person filed)</option>
              <option value="">nothing already booked</option>
            </select>
          </Field>
          <div class="field buttons">
            {applyTo ? (
              <button type="button" onClick={() => submit(true)}>
                Preview
              </button>
            ) : null}
            <button type="submit" class="primary" disabled={applyTo !== '' && preview === undefined}>
              Create rule
            </button>
          </div>
        </form>
      ) : null}
      {preview ? (
        <div aria-live="polite">
          <h2>
            {preview.length === 0 ? 'No booked row would change.' : `${preview.length} rows would be filed again`}
          </h2>
          {preview.length > 0 ? (
            <TableRegion label="Rows the rule would change">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Description</th>
                    <th scope="col" class="number">
                      Amount
                    </th>
                    <th scope="col">From → to</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.slice(0, 100).map((change) => (
                    <tr key={change.transactionId}>
                      <td class="nowrap">{change.date}</td>
                      <td>{change.description}</td>
                      <td class="number nowrap">{money(-change.amount, change.currency)}</td>
                      <td class="nowrap">
                        {change.from} → {change.to}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          ) : null}
        </div>
      ) : null}
      <h2>Your rules</h2>
      {rules.error ? (
        <Notice kind="error">{rules.error}</Notice>
      ) : !rules.data ? (
        <Loading what="rules" />
      ) : rules.data.length === 0 ? (
        <Notice>No rule yet.</Notice>
      ) : (
        <TableRegion label="Rules">
          <table>
            <thead>
              <tr>
                <th scope="col">Description contains</th>
                <th scope="col">Direction</th>
                <th scope="col">Files under</th>
                <th scope="col" class="number">
                  Priority
                </th>
                {editable ? (
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rules.data.map((rule) => (
                <tr key={rule.id}>
                  <td>
                    <code>{rule.pattern}</code>
                  </td>
                  <td>{rule.direction ?? 'both'}</td>
                  <td>{names.get(rule.category) ?? rule.category}</td>
                  <td class="number">{rule.priority}</td>
                  {editable ? (
                    <td>
                      <button type="button" onClick={() => remove(rule)} aria-label={`Delete the rule ${rule.pattern}`}>
                        Delete
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
