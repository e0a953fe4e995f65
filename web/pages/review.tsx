import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, canChange, get, query } from '../api.ts';
import { acceptable, reviewOrder } from '../logic.ts';
import { RowCells, RuleChanges, type RuleChange, type TransactionRow } from '../rows.tsx';
import {
  AccountPicker,
  categoryChoices,
  chartOfAccounts,
  type LedgerAccount,
  Loading,
  messageOf,
  Notice,
  PageTitle,
  resolveCategory,
  TableHead,
  TableRegion,
  todayIso,
  type PageProps,
} from '../ui.tsx';

const QUEUE_SIZE = 200;

/** Up to QUEUE_SIZE rows waiting for review, best first; `more` when others wait beyond them. */
async function loadQueue(): Promise<{ rows: TransactionRow[]; more: boolean }> {
  const body = await get<{ data: TransactionRow[]; meta: { pagination: { nextOffset: number | null } } }>(
    `/transactions${query({ needsReview: true, from: '1900-01-01', to: todayIso(), limit: QUEUE_SIZE })}`,
  );
  // Filtered again here, so a server that does not filter by needsReview still yields a true queue.
  return {
    rows: body.data.filter((row) => row.needsReview).sort(reviewOrder),
    more: body.meta.pagination.nextOffset !== null,
  };
}

const SHORTCUTS: Array<[string, string]> = [
  ['j or ↓', 'next row'],
  ['k or ↑', 'previous row'],
  ['a or Enter', 'accept the suggestion'],
  ['c', 'choose another account (type, then Enter)'],
  ['x', 'select or unselect the row'],
  ['Shift+A', 'accept every selected row'],
  ['r', '"always do this": make a rule from the row'],
  ['Esc', 'back to the list'],
];

export function ReviewPage({ session }: PageProps) {
  const [rows, setRows] = useState<TransactionRow[]>();
  const [more, setMore] = useState(false);
  const [accounts, setAccounts] = useState<LedgerAccount[]>([]);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [picker, setPicker] = useState('');
  const [pickerProblem, setPickerProblem] = useState<string>();
  const [saving, setSaving] = useState(0);
  const [ruleFor, setRuleFor] = useState<TransactionRow>();
  const saveChain = useRef<Promise<void>>(Promise.resolve());
  const pickerRef = useRef<HTMLInputElement>(null);
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>());
  const editable = canChange(session);
  const choices = useMemo(() => categoryChoices(accounts), [accounts]);

  const reload = () =>
    loadQueue().then(
      (loaded) => {
        setRows(loaded.rows);
        setMore(loaded.more);
        setActive(0);
      },
      (failure) => setError(messageOf(failure)),
    );

  useEffect(() => {
    reload();
    chartOfAccounts().then(setAccounts, (failure) => setError(messageOf(failure)));
  }, []);

  const current = rows?.[Math.min(active, (rows?.length ?? 1) - 1)];

  // Keep the keyboard on the highlighted row as rows leave the queue (unless the person is typing elsewhere).
  useEffect(() => {
    const focused = document.activeElement;
    if (current && (!focused || focused === document.body || focused.closest('.review-table')))
      rowRefs.current.get(current.id)?.focus();
  }, [current?.id]);

  /** Takes rows off the queue at once (the next keystroke is for the next row) and files them in the background. */
  const file = async (targets: TransactionRow[], categoryFor: (row: TransactionRow) => string, verb: string) => {
    if (!rows || targets.length === 0) return;
    const ids = new Set(targets.map((row) => row.id));
    const index = rows.findIndex((row) => ids.has(row.id));
    setRows(rows.filter((row) => !ids.has(row.id)));
    setActive(Math.max(0, Math.min(index, rows.length - ids.size - 1)));
    setSelected(new Set([...selected].filter((id) => !ids.has(id))));
    setSaving((count) => count + targets.length);
    const failed: TransactionRow[] = [];
    const failures: string[] = [];
    // One at a time, in order, across keystrokes: the queue moves on at once while the server books
    // each change (parallel corrections of one merchant contend for the same memory row).
    await Promise.all(
      targets.map((row) => {
        const saved = saveChain.current
          .then(() => api('PATCH', `/transactions/${row.id}`, { category: categoryFor(row) }))
          .then(
            () => undefined,
            (failure) => {
              failed.push(row);
              failures.push(messageOf(failure));
            },
          )
          .finally(() => setSaving((count) => count - 1));
        saveChain.current = saved;
        return saved;
      }),
    );
    if (failed.length > 0) {
      setRows((now) => [...failed, ...(now ?? [])].sort(reviewOrder));
      setError(`${failed.length} of ${targets.length} could not be saved: ${failures[0]}`);
    } else {
      setStatus(`${verb} ${targets.length} ${targets.length === 1 ? 'row' : 'rows'}.`);
    }
  };

  const accept = (targets: TransactionRow[]) => {
    const ready = targets.filter(acceptable);
    if (ready.length < targets.length)
      setError(
        `${targets.length - ready.length} selected ${targets.length - ready.length === 1 ? 'row has' : 'rows have'} no suggestion to accept; choose an account for ${targets.length - ready.length === 1 ? 'it' : 'them'}.`,
      );
    else setError(undefined);
    return file(
      ready,
      (row) => (row.category!.accountNumber === '1900' ? 'transfer' : row.category!.accountNumber),
      'Accepted',
    );
  };

  const recategorize = (targets: TransactionRow[]) => {
    const resolved = resolveCategory(picker, choices);
    if (!resolved.value) {
      setPickerProblem(resolved.problem);
      pickerRef.current?.focus();
      return;
    }
    setPickerProblem(undefined);
    setPicker('');
    setError(undefined);
    pickerRef.current?.blur();
    void file(targets, () => resolved.value!, 'Filed');
  };

  const onKey = (event: KeyboardEvent) => {
    if (!rows || rows.length === 0) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, dialog, [role="dialog"]') || document.querySelector('dialog[open]'))
      return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const row = current;
    const key = event.key;
    if (key === 'j' || key === 'ArrowDown') setActive(Math.min(rows.length - 1, active + 1));
    else if (key === 'k' || key === 'ArrowUp') setActive(Math.max(0, active - 1));
    else if (!editable) return;
    else if ((key === 'a' || key === 'Enter') && row && !target.closest('button, a')) void accept([row]);
    else if (key === 'A' && selected.size > 0) void accept(rows.filter((candidate) => selected.has(candidate.id)));
    else if (key === 'c') setTimeout(() => pickerRef.current?.focus(), 0);
    else if (key === 'x' && row) {
      const next = new Set(selected);
      if (next.has(row.id)) next.delete(row.id);
      else next.add(row.id);
      setSelected(next);
    } else if (key === 'r' && row) setRuleFor(row);
    else return;
    event.preventDefault();
  };

  // Shortcuts work wherever the focus is on the page, except while typing or in the rule dialog.
  const keyHandler = useRef(onKey);
  keyHandler.current = onKey;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const selectedRows = rows?.filter((row) => selected.has(row.id)) ?? [];
  const pickerTargets = selectedRows.length > 0 ? selectedRows : current ? [current] : [];

  return (
    <section>
      <PageTitle
        actions={
          <button type="button" onClick={() => reload()}>
            Refresh
          </button>
        }
      >
        Review queue
      </PageTitle>
      <p class="muted">
        Rows the categorizer was not sure of, the surest suggestions first.
        {rows ? ` ${rows.length} waiting${more ? ' here; more after these (Refresh when done)' : ''}.` : ''}
        {saving > 0 ? ` Saving ${saving}…` : ''}
      </p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {status && !error ? <Notice kind="success">{status}</Notice> : null}
      {!rows ? (
        <Loading what="the queue" />
      ) : rows.length === 0 ? (
        <Notice kind="success">Nothing waits for review.</Notice>
      ) : (
        <>
          {editable ? (
            <div class="toolbar" aria-label="Actions">
              <AccountPicker
                id="review-category"
                label={
                  pickerTargets.length > 1
                    ? `File the ${pickerTargets.length} selected rows under`
                    : 'File the highlighted row under'
                }
                value={picker}
                onInput={(value) => {
                  setPicker(value);
                  setPickerProblem(undefined);
                }}
                choices={choices}
                inputRef={pickerRef}
                onEnter={() => recategorize(pickerTargets)}
              />
              <button type="button" onClick={() => recategorize(pickerTargets)}>
                File
              </button>
              <button type="button" disabled={selectedRows.length === 0} onClick={() => accept(selectedRows)}>
                Accept selected ({selectedRows.length})
              </button>
              <button type="button" disabled={!current} onClick={() => current && setRuleFor(current)}>
                Always do this…
              </button>
              {pickerProblem ? <Notice kind="error">{pickerProblem}</Notice> : null}
            </div>
          ) : (
            <Notice>You can look at the queue; your role cannot change it.</Notice>
          )}
          <TableRegion label="Rows needing review">
            <table class="review-table">
              <caption class="visually-hidden">
                Rows needing review; keyboard shortcuts are listed below the table
              </caption>
              <TableHead
                columns={[
                  editable && { hidden: 'Selected' },
                  'Date',
                  'Description',
                  { figure: 'Amount' },
                  'Suggestion',
                  editable && { hidden: 'Actions' },
                ]}
              />
              <tbody>
                {rows.map((row, index) => (
                  <tr
                    key={row.id}
                    ref={(element) => {
                      if (element) rowRefs.current.set(row.id, element);
                      else rowRefs.current.delete(row.id);
                    }}
                    tabIndex={index === active ? 0 : -1}
                    class={index === active ? 'active' : ''}
                    aria-selected={index === active}
                    data-id={row.id}
                    onClick={() => setActive(index)}
                    onFocus={() => setActive(index)}
                  >
                    {editable ? (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Select ${row.description}`}
                          checked={selected.has(row.id)}
                          onChange={() => {
                            const next = new Set(selected);
                            if (next.has(row.id)) next.delete(row.id);
                            else next.add(row.id);
                            setSelected(next);
                          }}
                        />
                      </td>
                    ) : null}
                    <RowCells row={row} />
                    <td>
                      {row.category ? `${row.category.accountNumber} ${row.category.accountName ?? ''}` : 'none'}
                      {row.category?.confidence != null ? (
                        <span class="muted"> ({Math.round(row.category.confidence * 100)}%)</span>
                      ) : null}
                    </td>
                    {editable ? (
                      <td class="nowrap">
                        <button
                          type="button"
                          tabIndex={-1}
                          disabled={!acceptable(row)}
                          onClick={() => accept([row])}
                          aria-label={`Accept ${row.category?.accountName ?? 'suggestion'} for ${row.description}`}
                        >
                          Accept
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <details class="shortcuts" open>
            <summary>Keyboard shortcuts</summary>
            <dl>
              {SHORTCUTS.map(([keys, what]) => (
                <div key={keys}>
                  <dt>
                    <kbd>{keys}</kbd>
                  </dt>
                  <dd>{what}</dd>
                </div>
              ))}
            </dl>
          </details>
        </>
      )}
      {ruleFor ? (
        <RuleDialog
          row={ruleFor}
          choices={choices}
          initialCategory={picker}
          onClose={(changed) => {
            setRuleFor(undefined);
            if (changed) void reload();
            document.querySelector<HTMLElement>('.review-table tr[tabindex="0"]')?.focus();
          }}
        />
      ) : null}
    </section>
  );
}

/** "Always do this": a rule from the row, previewed with a dry run before it is stored and applied to the queue. */
function RuleDialog({
  row,
  choices,
  initialCategory,
  onClose,
}: {
  row: TransactionRow;
  choices: Array<{ value: string; label: string }>;
  initialCategory: string;
  onClose: (changed: boolean) => void;
}) {
  const [pattern, setPattern] = useState(row.merchant ?? row.description);
  const [category, setCategory] = useState(
    initialCategory ||
      (acceptable(row) ? (choices.find((choice) => choice.value === row.category!.accountNumber)?.label ?? '') : ''),
  );
  const [preview, setPreview] = useState<RuleChange[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    dialogRef.current?.showModal();
  }, []);

  const body = (dryRun: boolean) => {
    const resolved = resolveCategory(category, choices);
    if (!resolved.value) throw new Error(resolved.problem);
    return {
      pattern: pattern.trim(),
      direction: row.direction,
      category: resolved.value,
      applyTo: 'needsReview',
      dryRun,
    };
  };

  const run = async (dryRun: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api<{ applied: { changes: RuleChange[] } }>('POST', '/rules', body(dryRun));
      if (dryRun) setPreview(answer.applied.changes);
      else onClose(true);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="rule-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void run(preview === undefined);
        }}
      >
        <h2 id="rule-title">Always do this</h2>
        <p class="muted">
          From now on, money {row.direction === 'out' ? 'going out' : 'coming in'} whose description contains the words
          below is filed under the account you choose; rows waiting for review are filed again too.
        </p>
        <div class="field">
          <label for="rule-pattern">Description contains</label>
          <input
            id="rule-pattern"
            value={pattern}
            required
            onInput={(event) => {
              setPattern((event.target as HTMLInputElement).value);
              setPreview(undefined);
            }}
          />
        </div>
        <AccountPicker
          id="rule-category"
          label="File under"
          value={category}
          choices={choices}
          onInput={(value) => {
            setCategory(value);
            setPreview(undefined);
          }}
        />
        {error ? <Notice kind="error">{error}</Notice> : null}
        {preview ? (
          <div class="rule-preview" aria-live="polite">
            <h3>
              {preview.length === 0
                ? 'No row waiting for review would change.'
                : `${preview.length} ${preview.length === 1 ? 'row' : 'rows'} would be filed again`}
            </h3>
            {preview.length > 0 ? <RuleChanges changes={preview} shown={50} /> : null}
          </div>
        ) : null}
        <div class="dialog-actions">
          <button type="button" onClick={() => onClose(false)}>
            Cancel
          </button>
          <button type="button" disabled={busy} onClick={() => run(true)}>
            Preview
          </button>
          <button type="submit" class="primary" disabled={busy || preview === undefined}>
            Create rule{preview?.length ? ` and file ${preview.length}` : ''}
          </button>
        </div>
      </form>
    </dialog>
  );
}
