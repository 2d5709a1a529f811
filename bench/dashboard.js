// Bench section: the dashboard (`claimcheck view --web`) over the 1,000,000-operation ledger of section 5.
// Each page's API request is timed end to end over loopback HTTP (the server's work plus a local round
// trip), p50 and p99 of 30 requests after 3 warm-ups, beside `claimcheck stats` (the CLI, a child
// process: its whole run) and store.stats() in process on the same ledger as the baseline. Then one run
// of 400,000 operations is added as the newest (a long agent session), and the pages it makes costly are
// timed again: the live refresh every open tab asks for every 3 s, the run's own page, the runs list.
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { startDashboard } from '../dist/web/dashboard.js';
import { addLargeRun } from './million-ledger.js';

/** Operations of the large run. */
const LARGE = 400_000;

const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

async function time(fn, runs = 30, warm = 3) {
  for (let i = 0; i < warm; i++) await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    times.push(performance.now() - s);
  }
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/** Lines of the section; `store` is open on `file`, which holds `operations` operations. */
export async function dashboardBench(store, file, operations, section) {
  const dashboard = await startDashboard({ store, port: 0 });
  const get = (path) => async () => {
    const response = await fetch(`${dashboard.url}api/${path}`);
    if (!response.ok) throw new Error(`bench: GET ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const overview = await get('overview?range=all')();
  if (overview.stats.calls !== operations) throw new Error(`bench: the overview counted ${overview.stats.calls} calls, not ${operations}`);
  const pages = [
    ['overview, all time (counters + daily chart)', 'overview?range=all'],
    ['overview, last 24 h (counters + hourly chart)', 'overview?range=24h'],
    ['runs, newest page (50)', 'runs'],
    ['runs, tool + state filter (tool_3, failed)', 'runs?tool=tool_3&state=failed'],
    ['runs, agent filter, no match', 'runs?agent=nobody'],
    ['runs, verdict filter (fabricated)', 'runs?verdict=fabricated'],
    ['runs, page 20 of a tool filter (cursor)', null],
    ['review queue, flagged claims', 'review?target=claim'],
    ['review queue, unknown / needs_review calls', 'review?target=operation'],
    ['live refresh (/api/pulse)', 'pulse'],
    ['a run of 64 operations', `runs/run-${operations / 64 - 1}`],
  ];
  // A deep page: follow the cursor 19 times, then time the 20th page.
  let cursor = null;
  for (let i = 0; i < 19; i++) cursor = (await get(`runs?tool=tool_5${cursor === null ? '' : `&after=${encodeURIComponent(cursor)}`}`)()).next;
  pages[6][1] = `runs?tool=tool_5&after=${encodeURIComponent(cursor)}`;

  const lines = [`${section}. dashboard (claimcheck view --web) over ${operations.toLocaleString('en-US')} operations: API time per page over loopback HTTP, 30 requests   target p99 < 200 ms`];
  for (const [name, path] of pages) {
    const t = await time(get(path));
    lines.push(`   ${name.padEnd(48)} p50 ${t.p50.toFixed(1).padStart(6)} ms · p99 ${t.p99.toFixed(1).padStart(6)} ms`);
  }
  const inProcess = await time(() => store.stats(), 10, 1);
  lines.push(`   ${'baseline: store.stats(), in process'.padEnd(48)} p50 ${inProcess.p50.toFixed(1).padStart(6)} ms · p99 ${inProcess.p99.toFixed(1).padStart(6)} ms`);
  const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
  const cliTime = await time(async () => execFileSync(process.execPath, [cli, 'stats', '--json', '--db', file], { stdio: ['ignore', 'pipe', 'pipe'] }), 5, 1);
  lines.push(`   ${'baseline: claimcheck stats --json (whole CLI run)'.padEnd(48)} p50 ${cliTime.p50.toFixed(1).padStart(6)} ms · p99 ${cliTime.p99.toFixed(1).padStart(6)} ms`);

  // The run page before paging answered 400,000 operations whole (a >100 MB body): 5 requests after 1 warm-up there.
  const large = await addLargeRun(file, LARGE);
  lines.push(`   then one run of ${LARGE.toLocaleString('en-US')} operations, the newest:`);
  // Tried twice: the first request after the CLI baseline can meet a keep-alive socket the server has
  // closed meanwhile (ECONNRESET), whatever the page.
  const probe = () => fetch(`${dashboard.url}api/runs/${large}`).then(async (response) => `answer of ${((await response.arrayBuffer()).byteLength / 1e6).toFixed(2)} MB`);
  const size = await probe().catch(probe).catch((error) => `no answer: ${error.cause?.code ?? error.message}`);
  for (const [name, path, runs, warm] of [
    ['live refresh (/api/pulse)', 'pulse', 30, 3],
    [`its run page (${size})`, `runs/${large}`, 5, 1],
    ['runs, newest page (50)', 'runs', 30, 3],
  ]) {
    const t = await time(get(path), runs, warm).catch((error) => ({ failed: error.cause?.code ?? error.message }));
    lines.push(`   ${name.padEnd(48)} ${'failed' in t ? `failed: ${t.failed}` : `p50 ${t.p50.toFixed(1).padStart(6)} ms · p99 ${t.p99.toFixed(1).padStart(6)} ms`}`);
  }
  await dashboard.close();
  return lines;
}

// `npm run bench:dashboard` (node bench/dashboard.js): section 5b alone, on its own 1,000,000-operation ledger.
if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { openStore } = await import('../dist/store.js');
  const { M, buildMillionLedger } = await import('./million-ledger.js');
  const tmp = mkdtempSync(join(tmpdir(), 'claimcheck-bench-'));
  try {
    const { file, buildMs } = await buildMillionLedger(tmp);
    const store = await openStore({ path: file });
    try {
      for (const line of await dashboardBench(store, file, M, '5b')) console.log(line);
    } finally {
      await store.close();
    }
    console.log(`   (generating the 1M-row ledger took ${(buildMs / 1000).toFixed(1)} s)`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
