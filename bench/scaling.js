// Claim pipeline scaling: check() (and the guard's checkBypass) of crafted replies at 10 KB, 100 KB and
// 1 MB in one run, as ratios per 10× of input. Linear time shows as ~10×; the target is ≤ ~15×.
// Times are CPU time of this process (process.cpuUsage: user + system, GC threads included) per reply, the mean of
// all runs of a size, not wall time: on a shared machine a run longer than a scheduler slice is preempted, which
// inflates wall time of large inputs only, while CPU time does not count the time a process waits. Beside them, the
// floor: one pass over the reply's characters.
// Part of `npm run bench`; alone: `npm run -s build && node bench/scaling.js [part of a row name]`.
import { check, guard } from '../dist/index.js';
import { SHAPES, craftReply } from './crafted-replies.js';

const SIZES = [10_000, 100_000, 1_000_000];
/**
 * Each size runs until this much CPU time is spent and at least MIN_RUNS runs ran, after a warm-up (WARM_UP_CPU_MS at
 * the smallest size, so that it is not timed half interpreted); the mean of all runs is reported. A run's garbage
 * collection is part of its cost: the smallest of short (20 ms) batches would be, at 100 KB, a batch that no major
 * collection fell in (7.3 ms against a mean of 13.9 ms for repeated "the sent "), while every 1 MB run collects, so
 * linear shapes would read 20-30x per 10x.
 */
const MIN_CPU_MS = 400;
const MIN_RUNS = 3;
const WARM_UP_CPU_MS = 200;
/**
 * The next size is skipped when its run would take longer than this, extrapolated from the growth so far
 * (at least 10× per 10×): a quadratic shape would take hours at 1 MB.
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

/** CPU ms per run of `run(reply)`: the mean over at least MIN_CPU_MS of runs (at least MIN_RUNS), stopping at the budget. */
function time(run, reply) {
  const start = cpu();
  let runs = 0;
  let total = 0;
  do {
    run(reply);
    runs++;
    total = cpu() - start;
  } while ((total < MIN_CPU_MS || runs < MIN_RUNS) && total < BUDGET_MS);
  return total / runs;
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

/** CPU ms per reply at each size; `null` for sizes skipped as over the budget. */
function scale(run, shape) {
  warmUp(run, craftReply(shape, SIZES[0]));
  const out = [];
  let over = false;
  for (const size of SIZES) {
    if (over) {
      out.push(null);
      continue;
    }
    const ms = time(run, craftReply(shape, size));
    const previous = out[out.length - 1];
    out.push(ms);
    over = ms * Math.max(10, previous === undefined ? 10 : ms / previous) > BUDGET_MS;
  }
  return out;
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
