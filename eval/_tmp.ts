import { loadEvalDataset } from './dataset/index.ts';
import { cleanDescriptor } from '../src/sweep/categorize/descriptor.ts';
import { lookupDirectory } from '../src/sweep/categorize/directory/lookup.ts';
const rows = loadEvalDataset();
const m = new Map<string, Map<string, number>>();
for (const r of rows) {
  const d = lookupDirectory(cleanDescriptor(r.description, r.merchant), r.amount < 0 ? 'in' : 'out');
  if (!d) continue;
  const k = `${r.profile.padEnd(24)} ${d.merchantName} (${d.category}) -> ${d.target} @${d.confidence}`;
  const x = m.get(k) ?? new Map(); x.set(r.label, (x.get(r.label) ?? 0) + 1); m.set(k, x);
}
for (const [k, v] of [...m].sort()) { const tot=[...v.values()].reduce((a,b)=>a+b,0); const ok = [...v].filter(([l])=>k.includes(`-> ${l} `)).reduce((a,[,n])=>a+n,0); if (ok<tot) console.log(k, JSON.stringify(Object.fromEntries(v))); }
