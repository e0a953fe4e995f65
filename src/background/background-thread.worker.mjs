// Entry point of serve's background-work thread (./background-thread.ts). Workers start without the
// parent's Node options, so the TypeScript loader is registered here, as bin/bookkeeping.js does it.
import { register } from 'tsx/esm/api';

register();
await import('./background-host.ts');
