// Entry point of a reader-pool worker thread (./reader-pool.ts). Workers start without the parent's
// Node options, so the TypeScript loader is registered here, the same way bin/bookkeeping.js does it
// for the command line: the readers then load from their .ts sources under `npm start` and in tests.
import { register } from 'tsx/esm/api';

register();
await import('./reader-host.ts');
