// The SQLite WAL checkpointer's thread (./wal-checkpointer.ts). Plain JavaScript: it needs nothing of
// the service but better-sqlite3, so it starts fast and without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const connection = new SQLite(workerData.path, { fileMustExist: true });
// PASSIVE never waits for a lock, so this connection needs no busy timeout for it; the timeout covers
// reading the schema when the connection first looks at the file.
connection.pragma('busy_timeout = 1000');
let stopped = false;

function step() {
  if (stopped) return;
  try {
    // Copies every committed frame that no reader still needs into the database file, without
    // blocking the writer or the readers (PASSIVE). Once all of the WAL is copied, the next write
    // transaction starts the WAL over from its beginning.
    const [result] = connection.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ type: 'checkpointed', walFrames: result.log, copiedFrames: result.checkpointed });
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
  setTimeout(step, workerData.intervalMs);
}

parentPort.on('message', (message) => {
  if (message === 'stop') {
    stopped = true;
    connection.close();
    parentPort.close();
  }
});
step();
