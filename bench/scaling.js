// Claim pipeline scaling: check() (and the guard's checkBypass) of crafted replies at 10 KB, 100 KB and
// 1 MB in one run, as ratios per 10× of input. Linear time shows as ~10×; the target is ≤ ~15×.
// Times are CPU time of this process (process.cpuUsage: user + system, GC threads included) per reply, the sizes of
// a row timed interleaved (see `scale`), not wall time: on a shared machine a run longer than a scheduler slice is
// preempted, which inflates wall time of large inputs only, while CPU time does not count the time a process waits.
// Beside them, the floor: one pass over the reply's characters.
// Part of `npm run bench`; alone: `npm run -s build && node bench/scaling.js [part of a row name]`.
import { check, guard } from '../dist/index.js';
import { SHAPES, craftReply } from './crafted-replies.js';

const SIZES = [10_000, 100_000, 1_000_000];
/**
 * The sizes of a row are timed interleaved, round after round, as section 1 alternates its two passes: in each
 * round every size runs for about ROUND_CPU_MS (at least once), so a collection of the old generation or code that
 * the compiler is still optimizing falls on all sizes of the row alike, not on the one that happened to be timed
 * then. Rounds go on until there are MIN_ROUNDS of them and every size has run for MIN_CPU_MS. Each size reports the
 * median of its rounds' means: a burst of another process's load lands in one round of one size and is left out,
 * while a round holds many runs of the smaller sizes and so its share of their garbage collection (the smallest of
 * short batches would be, at 100 KB, one that no major collection fell in, while every 1 MB run collects). Before the
 * rounds, a warm-up of WARM_UP_CPU_MS at the smallest size (so that it is not timed half interpreted) and one
 * untimed run of each size.
 */
const ROUND_CPU_MS = 150;
const MIN_ROUNDS = 5;
const MIN_CPU_MS = 400;
const WARM_UP_CPU_MS = 200;
/**
 * A size is skipped when one run would take longer than this, extrapolated from the growth so far (at least 10×
 * per 10×): a quadratic shape would take hours at 1 MB. A row's rounds also stop once it has spent BUDGET_MS.
 */
const BUDGET_MS = 20_000;
const TARGET = 15;

const tools = [{ name: 'send_email', description: 'Send an email to a customer.' }];
const viaCheck = (reply) => check(reply, [], { tools });
const viaBypass = (reply) => {
  const g = guard({ tools, executors: { send_email: () => ({ id: 'm1' }) } });
  g.checkBypass(reply);
  g.close();
};

const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** CPU ms of one run of `run(reply)`. */
function timeOnce(run, reply) {
  const start = cpu();
  run(reply);
  return cpu() - start;
}

/** Run `run(reply)` for WARM_UP_CPU_MS of CPU time (at least twice). */
function warmUp(run, reply) {
  const start = cpu();
  let runs = 0;
  while (runs < 2 || cpu() - start < WARM_UP_CPU_MS) {
    run(reply);
    runs++;
  }
}

/** CPU ms per reply at each size (the median of its rounds' means), the sizes interleaved round by round; `null` for sizes skipped as over the budget. */
function scale(run, shape) {
  const replies = SIZES.map((size) => craftReply(shape, size));
  warmUp(run, replies[0]);
  // One untimed run of each size, which also tells how many runs fill a round and which sizes fit the budget.
  const once = [];
  for (let i = 0; i < replies.length; i++) {
    const previous = once[i - 1];
    const growth = i < 2 || once[i - 2] === null ? 10 : Math.max(10, previous / Math.max(once[i - 2], 0.001));
    once.push(previous === null || (previous !== undefined && previous * growth > BUDGET_MS) ? null : timeOnce(run, replies[i]));
  }
  const sizes = replies.map((_, i) => i).filter((i) => once[i] !== null);
  const perRound = sizes.map((i) => Math.max(1, Math.round(ROUND_CPU_MS / Math.max(once[i], 0.001))));
  const total = sizes.map(() => 0);
  const means = sizes.map(() => []);
  const started = cpu();
  const done = () => (means[0].length >= MIN_ROUNDS && total.every((t) => t >= MIN_CPU_MS)) || cpu() - started > BUDGET_MS;
  while (!done()) {
    sizes.forEach((i, k) => {
      const start = cpu();
      for (let r = 0; r < perRound[k]; r++) run(replies[i]);
      const spent = cpu() - start;
      total[k] += spent;
      means[k].push(spent / perRound[k]);
    });
  }
  const median = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  return replies.map((_, i) => (once[i] === null ? null : median(means[sizes.indexOf(i)])));
}

/** The floor: read every character once. */
const onePass = (reply) => {
  let letters = 0;
  for (let i = 0; i < reply.length; i++) if (reply.charCodeAt(i) > 64) letters++;
  return letters;
};

const fmt = (ms) => (ms === null ? `(> ${BUDGET_MS / 1000} s)`.padStart(10) : ms < 1000 ? `${ms.toFixed(1)} ms`.padStart(10) : `${(ms / 1000).toFixed(2)} s`.padStart(10));
const ratio = (a, b) => (a === null || b === null ? '    —' : `${(b / a).toFixed(1)}×`.padStart(6));

/** Print the section; `only` keeps the rows whose name contains it. */
export function runScaling(number = 7, only = '') {
  console.log('');
  console.log(`${number}. claim pipeline scaling: CPU time per reply at 10 KB · 100 KB · 1 MB, ratio per 10× (target ≤ ${TARGET}×; linear = 10×)`);
  const floor = scale(onePass, 'random English-ish text');
  console.log(`   ${'floor: one pass over the characters'.padEnd(46)} ${floor.map(fmt).join(' ')}   ${ratio(floor[0], floor[1])} ${ratio(floor[1], floor[2])}`);
  const rows = [...Object.keys(SHAPES).map((shape) => [`check, ${shape}`, viaCheck, shape]), ...['random English-ish text', 'repeated “', 'verbs joined by commas'].map((shape) => [`checkBypass, ${shape}`, viaBypass, shape])];
  let worst = 0;
  for (const [name, run, shape] of rows.filter(([name]) => name.includes(only))) {
    const [a, b, c] = scale(run, shape);
    for (const [x, y] of [[a, b], [b, c]]) if (x !== null && y !== null) worst = Math.max(worst, y / Math.max(x, 0.5));
    if (b === null || c === null) worst = Infinity;
    console.log(`   ${name.padEnd(46)} ${fmt(a)} ${fmt(b)} ${fmt(c)}   ${ratio(a, b)} ${ratio(b, c)}`);
  }
  console.log(`   worst ratio per 10×                            ${Number.isFinite(worst) ? `${worst.toFixed(1)}×` : 'over budget'}   target ≤ ${TARGET}×`);
}

if (import.meta.url === new URL(process.argv[1] ?? '', 'file:').href) runScaling(7, process.argv[2] ?? '');
