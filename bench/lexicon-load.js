// Child process of bench/run.js section 6: loads the lexicon table one way, prints {"ms", "heapMB"} as JSON.
// Run with --expose-gc. Modes: none (nothing: the bare process), raw (readFileSync + JSON.parse of
// lexicon.json, the baseline), first (import the built module + the first verb query), all (first + every
// other part of the table touched once).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const mode = process.argv[2];
const heap = () => {
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};
const h0 = heap();
const t0 = performance.now();
let keep;
if (mode === 'none') {
  keep = true;
} else if (mode === 'raw') {
  keep = JSON.parse(readFileSync(new URL('../src/lexicon/data/lexicon.json', import.meta.url), 'utf8'));
} else {
  const L = await import('../dist/lexicon/index.js');
  keep = L.verbReadings('sent');
  if (mode === 'all') {
    L.verbClass('send');
    L.verbRelation('erase', 'delete');
    L.pastForms('write');
    L.particlesOf('look');
    L.verbsOfNoun('booking');
    L.verbsOfAdjective('closed');
    for (const c of 'abcdefghijklmnopqrstuvwxyz') L.partsOfSpeech(`${c}zzz`);
    keep = [keep, L.commonVerbs(1000, ['act', 'read'])];
  }
}
const ms = performance.now() - t0;
const heapMB = (heap() - h0) / 1e6;
if (keep === undefined) throw new Error('nothing loaded');
console.log(JSON.stringify({ ms, heapMB }));
