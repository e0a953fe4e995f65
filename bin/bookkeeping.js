#!/usr/bin/env node
// The package's command line. TypeScript sources run through tsx's loader so that
// `npx bookkeeping …` works right after `npm ci` with no build step.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
