import { useRef, useState } from 'preact/hooks';
import { canChange, currentSession, get } from '../api.ts';
import { Field, messageOf, money, Notice, PageTitle, useLoad, type PageProps } from '../ui.tsx';
import type { BankAccountView } from './bank-accounts.tsx';

interface UploadStatus {
  documentId: string;
  status: 'processing' | 'ingested' | 'rejected';
  filename: string | null;
  statement?: {
    periodStart: string;
    periodEnd: string;
    transactionCount: number;
    closingBalance: number;
    currency: string;
  };
  statements?: Array<{ periodStart: string; periodEnd: string; transactionCount: number }>;
  rejection?: { reason: string; message: string; expected?: number | null; stated?: number | null };
}

interface Upload {
  key: number;
  name: string;
  sizeBytes: number;
  sentBytes: number;
  phase: 'sending' | 'reading' | 'ingested' | 'rejected' | 'failed';
  message?: string;
}

/** The rejection reasons, in words a person acts on (the server's message follows with the detail). */
export const REJECTION_WORDS: Record<string, string> = {
  did_not_reconcile: 'The lines do not add up to the closing balance the statement states.',
  not_a_bank_statement: 'This file does not look like a bank statement.',
  document_unreadable: 'The file could not be read.',
  no_transactions: 'The statement has no transactions in it.',
  incomplete: 'The statement looks incomplete (a page, the period or a balance is missing).',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** XMLHttpRequest, because fetch reports no upload progress. */
interface Hints {
  bankAccountId: string;
  kind: string;
  openingBalance: string;
  closingBalance: string;
}

function send(
  file: File,
  hints: Hints,
  onProgress: (sentBytes: number) => void,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/v1/bank-statements');
    request.responseType = 'json';
    request.setRequestHeader('accept', 'application/json');
    const session = currentSession();
    if (session?.apiKey) request.setRequestHeader('authorization', `Bearer ${session.apiKey}`);
    else if (session?.csrfToken) request.setRequestHeader('x-csrf-token', session.csrfToken);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => resolve({ status: request.status, body: request.response });
    request.onerror = () => reject(new Error('the connection failed while sending the file'));
    const form = new FormData();
    for (const [name, value] of Object.entries(hints)) if (value.trim()) form.append(name, value.trim());
    form.append('file', file, file.name);
    request.send(form);
  });
}

export function UploadPage({ session }: PageProps) {
  const accounts = useLoad(() => get<{ data: BankAccountView[] }>('/bank-accounts').then((body) => body.data), []);
  const [hints, setHints] = useState<Hints>({ bankAccountId: '', kind: '', openingBalance: '', closingBalance: '' });
  const hint = (name: keyof Hints) => (event: Event) =>
    setHints({ ...hints, [name]: (event.target as HTMLInputElement).value });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const counter = useRef(0);
  const editable = canChange(session);

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const start = async (file: File) => {
    const key = ++counter.current;
    setUploads((list) => [{ key, name: file.name, sizeBytes: file.size, sentBytes: 0, phase: 'sending' }, ...list]);
    try {
      const answer = await send(file, hints, (sentBytes) => update(key, { sentBytes }));
      if (answer.status !== 202) {
        update(key, { phase: 'failed', message: answer.body?.reason ?? `the server answered ${answer.status}` });
        return;
      }
      update(key, {
        phase: 'reading',
        sentBytes: file.size,
        message: answer.body.data.duplicate ? 'The same file is already being read.' : undefined,
      });
      const documentId = answer.body.data.documentId as string;
      // The worker reads in the background; poll, slowing down, for up to ten minutes.
      for (
        let waitMs = 500, waitedMs = 0;
        waitedMs < 600_000;
        waitedMs += waitMs, waitMs = Math.min(5000, waitMs * 1.5)
      ) {
        await sleep(waitMs);
        const status = (await get<{ data: UploadStatus }>(`/bank-statements/${documentId}`)).data;
        if (status.status === 'ingested') {
          const periods = status.statements ?? (status.statement ? [status.statement] : []);
          const lines = periods.reduce((sum, period) => sum + period.transactionCount, 0);
          update(key, {
            phase: 'ingested',
            message: `Read: ${periods.map((period) => `${period.periodStart} – ${period.periodEnd}`).join(', ')}, ${lines} ${lines === 1 ? 'line' : 'lines'}${status.statement ? `, closing balance ${money(status.statement.closingBalance, status.statement.currency)}` : ''}.`,
          });
          return;
        }
        if (status.status === 'rejected') {
          const rejection = status.rejection!;
          update(key, {
            phase: 'rejected',
            message: `${REJECTION_WORDS[rejection.reason] ?? 'The statement was refused.'} ${rejection.message}`,
          });
          return;
        }
      }
      update(key, {
        phase: 'failed',
        message: 'Still being read after ten minutes; look again later on the bank accounts page.',
      });
    } catch (failure) {
      update(key, { phase: 'failed', message: messageOf(failure) });
    }
  };

  const startAll = (files: FileList | null | undefined) => {
    for (const file of Array.from(files ?? [])) void start(file);
  };

  if (!editable) {
    return (
      <section>
        <PageTitle>Upload statements</PageTitle>
        <Notice>Your role can look at the books but not upload statements.</Notice>
      </section>
    );
  }

  return (
    <section>
      <PageTitle>Upload statements</PageTitle>
      <Field id="upload-account" label="Bank account (optional: the statement usually names it)">
        <select id="upload-account" value={hints.bankAccountId} onChange={hint('bankAccountId')}>
          <option value="">Find it from the statement</option>
          {(accounts.data ?? []).map((account) => (
            <option key={account.id} value={account.id}>
              {account.name} ({account.institutionName})
            </option>
          ))}
        </select>
      </Field>
      <details class="hints">
        <summary>Balances for exports that print none (CSV, spreadsheets)</summary>
        <p class="muted">
          A statement is booked only when its lines add up from the opening to the closing balance. Bank exports often
          leave both out: give them here, as on the bank's website.
        </p>
        <div class="filters">
          <Field id="upload-opening" label="Opening balance">
            <input
              id="upload-opening"
              inputMode="decimal"
              value={hints.openingBalance}
              onInput={hint('openingBalance')}
              placeholder="e.g. 1520.00"
            />
          </Field>
          <Field id="upload-closing" label="Closing balance">
            <input
              id="upload-closing"
              inputMode="decimal"
              value={hints.closingBalance}
              onInput={hint('closingBalance')}
              placeholder="e.g. 980.45"
            />
          </Field>
          <Field id="upload-kind" label="Account kind, if the file does not say">
            <select id="upload-kind" value={hints.kind} onChange={hint('kind')}>
              <option value="">As the file says</option>
              <option value="checking">checking</option>
              <option value="savings">savings</option>
              <option value="credit_card">credit card</option>
            </select>
          </Field>
        </div>
      </details>
      <div
        class={`drop-zone ${dragging ? 'dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          startAll(event.dataTransfer?.files);
        }}
      >
        <p>Drop statement files here (PDF, scan, CSV, XLSX, OFX, CAMT.053, MT940)</p>
        <p>or</p>
        <label class="button primary" for="upload-file">
          Choose files
        </label>
        <input
          id="upload-file"
          ref={inputRef}
          class="visually-hidden"
          type="file"
          multiple
          onChange={(event) => {
            startAll((event.target as HTMLInputElement).files);
            (event.target as HTMLInputElement).value = '';
          }}
        />
      </div>
      <ul class="uploads" aria-live="polite">
        {uploads.map((upload) => (
          <li key={upload.key} class={`upload upload-${upload.phase}`}>
            <strong>{upload.name}</strong>
            {upload.phase === 'sending' ? (
              <>
                <progress max={upload.sizeBytes || 1} value={upload.sentBytes} aria-label={`Sending ${upload.name}`} />
                <span>Sending {Math.round((upload.sentBytes / (upload.sizeBytes || 1)) * 100)}%</span>
              </>
            ) : upload.phase === 'reading' ? (
              <>
                <progress aria-label={`Reading ${upload.name}`} />
                <span>Sent; reading the statement…{upload.message ? ` ${upload.message}` : ''}</span>
              </>
            ) : (
              <span role={upload.phase === 'ingested' ? 'status' : 'alert'}>
                {upload.phase === 'ingested' ? 'Ingested. ' : upload.phase === 'rejected' ? 'Rejected. ' : 'Not sent. '}
                {upload.message}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
