// npm run bench:count: what one pass of checkTurns over the tau file costs in counted events, not in time, so that
// two builds can be compared on a busy machine. Runs the pass of `npm run bench` section 1 under valgrind's
// callgrind (Debian package `valgrind`) with V8's deterministic flags, twice: once for FROM passes and once for TO
// passes, and prints (TO − FROM) / (TO − FROM passes) per pass. The passes before FROM hold the compiling of the
// functions that turn hot late; the difference is the steady state that section 1 times. The same for the floor
// (JSON.parse of every line alone).
//
//   node bench/count.js [--from 6] [--to 16] [--cache] [--dist DIR]
//
// --cache adds valgrind's cache and branch simulation (about twice as slow): I1 misses (code that does not fit the
// instruction cache), D1 misses, mispredicted conditional and indirect branches. The counts come from valgrind's
// model of a cache and a branch predictor, not from the CPU: compare builds with them, do not read them as time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { lines, options, source } from './tau-file.js';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '6' },
    to: { type: 'string', default: '16' },
    cache: { type: 'boolean', default: false },
    dist: { type: 'string', default: fileURLToPath(new URL('../dist', import.meta.url)) },
    // Internal: run the passes (what valgrind runs).
    run: { type: 'string' },
    floor: { type: 'boolean', default: false },
  },
});

if (values.run !== undefined) {
  const { checkTurns } = await import(pathToFileURL(resolve(values.dist, 'index.js')).href);
  for (let k = 0; k < Number(values.run); k++) {
    for (const l of lines) {
      const c = JSON.parse(l);
      if (!values.floor) checkTurns(c.messages, options(c));
    }
  }
  process.exit(0);
}

const from = Number(values.from);
const to = Number(values.to);
if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 1 && to > from)) {
  console.error(`--from and --to must be whole numbers of passes with 1 ≤ from < to, got ${values.from} and ${values.to}.`);
  process.exit(2);
}
if (!existsSync(resolve(values.dist, 'index.js'))) {
  console.error(`No build at ${resolve(values.dist)} (no index.js): run npm run build, or give the dist folder of another build with --dist.`);
  process.exit(2);
}
if (spawnSync('valgrind', ['--version']).error !== undefined) {
  console.error('valgrind is not installed: apt-get install valgrind (the counts come from its callgrind tool).');
  process.exit(2);
}
// Deterministic V8: one thread, no concurrent compiling, fixed seeds; the same build counts the same within ~1%.
const V8_FLAGS = ['--single-threaded', '--predictable', '--random-seed=1', '--hash-seed=1', '--no-concurrent-recompilation'];
const dir = mkdtempSync(join(tmpdir(), 'claimcheck-count-'));

/** The event totals of `passes` passes: name → count. */
function count(passes, floor) {
  const out = join(dir, `callgrind.${passes}.${floor ? 'floor' : 'check'}`);
  const sim = values.cache ? ['--cache-sim=yes', '--branch-sim=yes'] : [];
  const args = ['--tool=callgrind', `--callgrind-out-file=${out}`, ...sim, process.execPath, ...V8_FLAGS, fileURLToPath(import.meta.url), '--run', String(passes), '--dist', resolve(values.dist)];
  if (floor) args.push('--floor');
  const run = spawnSync('valgrind', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`valgrind exited with ${run.status}: ${run.stderr.slice(-2000)}`);
  const text = readFileSync(out, 'utf8');
  const events = /^events: (.*)$/m.exec(text)?.[1]?.split(' ');
  const totals = /^summary: (.*)$/m.exec(text)?.[1]?.split(' ').map(Number);
  if (events === undefined || totals === undefined) throw new Error(`no event summary in ${out}`);
  return new Map(events.map((e, i) => [e, totals[i] ?? 0]));
}

/** Per pass, steady state: (count at TO − count at FROM) / (TO − FROM). */
function perPass(floor) {
  const a = count(from, floor);
  const b = count(to, floor);
  return new Map([...b].map(([e, n]) => [e, (n - (a.get(e) ?? 0)) / (to - from)]));
}

const NAMES = { Ir: 'instructions', I1mr: 'I1 misses (code)', D1mr: 'D1 read misses', D1mw: 'D1 write misses', Bcm: 'mispredicted branches', Bim: 'mispredicted indirect jumps' };
try {
  console.log(`input: ${source.pathname.split('/').slice(-2).join('/')} · dist ${values.dist} · passes ${from} → ${to} · node ${process.version}`);
  const floor = perPass(true);
  const check = perPass(false);
  console.log(`${'per pass (millions)'.padEnd(30)} ${'JSON.parse (floor)'.padStart(20)} ${'+ checkTurns'.padStart(14)} ${'ratio'.padStart(8)}`);
  for (const [event, name] of Object.entries(NAMES)) {
    if (!check.has(event)) continue;
    const f = floor.get(event) ?? 0;
    const c = check.get(event) ?? 0;
    console.log(`${name.padEnd(30)} ${(f / 1e6).toFixed(2).padStart(20)} ${(c / 1e6).toFixed(2).padStart(14)} ${`${(c / f).toFixed(1)}×`.padStart(8)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
