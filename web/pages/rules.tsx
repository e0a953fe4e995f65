import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, canChange, get } from '../api.ts';
import {
  AccountPicker,
  categoryChoices,
  chartOfAccounts,
  Field,
  type LedgerAccount,
  Loading,
  Notice,
  PageTitle,
  resolveCategory,
  TableHead,
  TableRegion,
  useLoad,
  useOutcome,
  type PageProps,
} from '../ui.tsx';
import { RuleChanges, type RuleChange } from '../rows.tsx';

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
  const [preview, setPreview] = useState<RuleChange[]>();
  const { message, setMessage, attempt } = useOutcome();
  const editable = canChange(session);

  const submit = async (dryRun: boolean) => {
    const resolved = resolveCategory(category, choices);
    if (!resolved.value) return setMessage({ kind: 'error', text: resolved.problem! });
    await attempt(async () => {
      const body = {
        pattern: pattern.trim(),
        category: resolved.value,
        ...(direction ? { direction } : {}),
        ...(applyTo ? { applyTo, dryRun } : {}),
      };
      if (dryRun && !applyTo) {
        setPreview([]);
        return undefined;
      }
      const answer = await api<{ data: Rule; applied?: { changes: RuleChange[] } }>('POST', '/rules', body);
      if (dryRun) {
        setPreview(answer.applied?.changes ?? []);
        return undefined;
      }
      setPattern('');
      setPreview(undefined);
      rules.reload();
      return `Rule "${answer.data.pattern}" created${answer.applied ? `; ${answer.applied.changes.length} rows filed again` : ''}.`;
    });
  };

  const remove = (rule: Rule) =>
    attempt(async () => {
      await api('DELETE', `/rules/${rule.id}`);
      rules.reload();
      return `Rule "${rule.pattern}" deleted; rows it filed keep their category.`;
    });

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
          {preview.length > 0 ? <RuleChanges changes={preview} shown={100} /> : null}
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
            <TableHead
              columns={[
                'Description contains',
                'Direction',
                'Files under',
                { figure: 'Priority' },
                editable && { hidden: 'Actions' },
              ]}
            />
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
