import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, get, type Session } from './api.ts';
import { categoryChoices, resolveCategory } from './logic.ts';

export { categoryChoices, resolveCategory };

/** What the app hands every page: who is signed in, and the query parameters of the page's address. */
export interface PageProps {
  session: Session;
  params: URLSearchParams;
}

export function useLoad<T>(
  load: () => Promise<T>,
  deps: unknown[],
): { data: T | undefined; error: string | undefined; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) => live && setState({ error: messageOf(error), loading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

/** What a page says after an action: that it worked, or why it did not. */
export type Outcome = { kind: 'error' | 'success'; text: string };

/**
 * A page's outcome line and the way its actions report to it: `attempt` clears the line, runs the
 * action, then shows the success text the action returns (nothing when it returns none) or why it failed.
 */
export function useOutcome() {
  const [message, setMessage] = useState<Outcome>();
  const attempt = async (action: () => Promise<string | undefined>) => {
    setMessage(undefined);
    try {
      const success = await action();
      if (success !== undefined) setMessage({ kind: 'success', text: success });
    } catch (failure) {
      setMessage({ kind: 'error', text: messageOf(failure) });
    }
  };
  return { message, setMessage, attempt };
}

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.reason ? `${error.reason}` : error.error;
  if (error instanceof Error) return error.message;
  return String(error);
}

const formatters = new Map<string, Intl.NumberFormat>();
export function money(amount: number | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined) return '—';
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(amount);
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

export function monthsBack(months: number, from = todayIso()): string {
  const [year, month] = from.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1 - months, 1));
  return date.toISOString().slice(0, 10);
}

export function Notice({
  kind = 'info',
  children,
}: {
  kind?: 'info' | 'error' | 'success';
  children: ComponentChildren;
}) {
  return (
    <p class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="muted" role="status">
      Loading {what}…
    </p>
  );
}

/**
 * One column heading: its text; a figure column's ({ figure }), right-aligned over its numbers; or
 * an actions or selection column's ({ hidden }), named to screen readers only since its controls
 * speak for themselves. false leaves the column out (a column only some roles see).
 */
export type Column = string | { figure: string } | { hidden: string } | false;

export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) =>
          column === false ? null : typeof column === 'string' ? (
            <th key={index} scope="col">
              {column}
            </th>
          ) : 'figure' in column ? (
            <th key={index} scope="col" class="number">
              {column.figure}
            </th>
          ) : (
            <th key={index} scope="col">
              <span class="visually-hidden">{column.hidden}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** Wide tables scroll sideways inside their own focusable region, so the page never does at 375 px. */
export function TableRegion({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** Previous and next buttons around "Rows 101–200" for a list paged by offset. */
export function Pager({
  label,
  offset,
  shown,
  pageSize,
  nextOffset,
  go,
  words,
}: {
  label: string;
  offset: number;
  /** Items on this page. */
  shown: number;
  pageSize: number;
  nextOffset: number | null;
  go: (offset: number) => void;
  words: { previous: string; next: string; items: string };
}) {
  return (
    <nav class="pager" aria-label={label}>
      <button type="button" disabled={offset === 0} onClick={() => go(Math.max(0, offset - pageSize))}>
        {words.previous}
      </button>
      <span class="muted">
        {words.items} {offset + 1}–{offset + shown}
      </span>
      <button type="button" disabled={nextOffset === null} onClick={() => nextOffset !== null && go(nextOffset)}>
        {words.next}
      </button>
    </nav>
  );
}

export function PageTitle({ children, actions }: { children: ComponentChildren; actions?: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  return (
    <div class="page-title">
      <h1 ref={ref} tabIndex={-1}>
        {children}
      </h1>
      {actions ? <div class="page-actions">{actions}</div> : null}
    </div>
  );
}

export interface LedgerAccount {
  id: string;
  accountNumber: string;
  name: string;
  category: 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';
  isActive: boolean;
  parentNumber: string | null;
}

let accountsCache: Promise<LedgerAccount[]> | undefined;
/** The chart rarely changes while a page is open; read it once per sign-in. */
export function chartOfAccounts(): Promise<LedgerAccount[]> {
  accountsCache ??= get<{ data: LedgerAccount[] }>('/accounts')
    .then((body) => body.data)
    .catch((error) => {
      accountsCache = undefined;
      throw error;
    });
  return accountsCache;
}
export function forgetChart() {
  accountsCache = undefined;
}

export function AccountPicker({
  id,
  label,
  value,
  onInput,
  choices,
  inputRef,
  onEnter,
}: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  choices: Array<{ value: string; label: string }>;
  inputRef?: { current: HTMLInputElement | null };
  onEnter?: () => void;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        list={`${id}-choices`}
        value={value}
        autocomplete="off"
        placeholder="number or name, e.g. 6200 or rent"
        onInput={(event) => onInput((event.target as HTMLInputElement).value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && onEnter) {
            event.preventDefault();
            onEnter();
          }
        }}
      />
      <datalist id={`${id}-choices`}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.label} />
        ))}
      </datalist>
    </div>
  );
}

export function Field({
  id,
  label,
  children,
  hint,
}: {
  id: string;
  label: string;
  children: ComponentChildren;
  hint?: string;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
      {hint ? (
        <small id={`${id}-hint`} class="muted">
          {hint}
        </small>
      ) : null}
    </div>
  );
}
