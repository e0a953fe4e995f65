/**
 * The worker side of the reader pool (./reader-pool.ts): loads the read function, says it is ready,
 * then reads one document per request. A statement's lines go back in chunks, one per request of the
 * pool, so the main thread takes them between its other work instead of in one long copy.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { assertInvariant } from '../../errors.ts';
import type { ReadStatement } from './read-statement.ts';
import type { ParsedStatementLine } from './types.ts';
import { LINES_PER_MESSAGE, type PoolReply, type PoolRequest } from './reader-pool.ts';

const port = parentPort;
assertInvariant(port, 'reader-host runs in a worker thread');
const { readStatement } = (await import(workerData.readModule)) as { readStatement: ReadStatement };

const unsent = new Map<number, { lines: ParsedStatementLine[]; next: number }>();
const reply = (message: PoolReply) => port.postMessage(message);

port.on('message', async (request: PoolRequest) => {
  if (request.type === 'more') {
    const pending = unsent.get(request.id);
    assertInvariant(pending, `lines of read ${request.id} are asked for only while some are unsent`);
    const chunk = pending.lines.slice(pending.next, pending.next + LINES_PER_MESSAGE);
    pending.next += chunk.length;
    if (pending.next >= pending.lines.length) unsent.delete(request.id);
    reply({ type: 'lines', id: request.id, lines: chunk });
    return;
  }
  const outcome = await readStatement(request.format, Buffer.from(request.bytes), request.context);
  if (!outcome.ok) {
    reply({ type: 'outcome', id: request.id, outcome, lineCount: 0 });
    return;
  }
  const { lines, ...statement } = outcome.statement;
  if (lines.length > 0) unsent.set(request.id, { lines, next: 0 });
  reply({
    type: 'outcome',
    id: request.id,
    outcome: { ...outcome, statement: { ...statement, lines: [] } },
    lineCount: lines.length,
  });
});
reply({ type: 'ready' });
