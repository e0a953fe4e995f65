import { evaluateGeneratedSet, printGeneratedReport } from './descriptors/evaluate.ts';
const { outcomes } = await evaluateGeneratedSet(0.85);
printGeneratedReport(outcomes);
const misses = new Map<string, number>();
for (const o of outcomes) if (o.target !== o.row.label) { const k = `${o.row.role} -> ${o.target} [${o.decidedBy}] ${o.row.source}`; misses.set(k, (misses.get(k) ?? 0) + 1); }
if (process.argv.includes('--misses')) for (const [k, n] of [...misses].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(n, k);
