import { money, TableHead, TableRegion } from './ui.tsx';

/** A bank row as GET /transactions answers it. */
export interface TransactionRow {
  id: string;
  bankAccountId: string;
  date: string;
  amount: number;
  currency: string;
  direction: 'in' | 'out';
  description: string;
  merchant: string | null;
  pending: boolean;
  category: {
    accountNumber: string;
    accountName: string | null;
    confidence: number | null;
    source: string | null;
  } | null;
  needsReview: boolean;
  sweepState: string;
}

/**
 * A row's date, what it was (the merchant, when known, over the bank's descriptor) and its amount,
 * shown as the owner reads it: money in positive, money out negative.
 */
export function RowCells({
  row,
}: {
  row: Pick<TransactionRow, 'date' | 'merchant' | 'description' | 'amount' | 'currency'>;
}) {
  return (
    <>
      <td class="nowrap">{row.date}</td>
      <td>
        {row.merchant ? (
          <>
            <strong>{row.merchant}</strong>
            <br />
          </>
        ) : null}
        <span class="descriptor">{row.description}</span>
      </td>
      <td class={`number nowrap ${row.amount < 0 ? 'money-in' : ''}`}>{money(-row.amount, row.currency)}</td>
    </>
  );
}

/** A row a new rule files again (or would, in a dry run): from its category to the rule's. */
export interface RuleChange {
  transactionId: string;
  date: string;
  description: string;
  amount: number;
  currency: string;
  from: string;
  to: string;
}

/** The first `shown` of the rows a rule would change. */
export function RuleChanges({ changes, shown }: { changes: RuleChange[]; shown: number }) {
  return (
    <TableRegion label="Rows the rule would change">
      <table>
        <TableHead columns={['Date', 'Description', { figure: 'Amount' }, 'From → to']} />
        <tbody>
          {changes.slice(0, shown).map((change) => (
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
  );
}
