// claimcheck dashboard: the overview page (counters, uPlot charts, the top failing tools and categories).
/* global uPlot, document */
import { el, api, fmtNum, pct, show, table } from './_dom.js';

let overviewRange = '24h';
const charts = [];

/** The overview: counters, charts over the chosen range, the top failing tools and interception categories. `rerender` redraws the page. */
export async function overview(rerender) {
  const data = await api(`/overview?range=${overviewRange}`);
  const ledger = document.getElementById('ledger');
  ledger.textContent = data.ledgerLabel ?? data.ledger;
  ledger.title = data.ledger;
  const s = data.stats;
  const ranges = el('div', { class: 'ranges' }, ['1h', '24h', '7d', '30d', 'all'].map((r) =>
    el('button', { class: r === overviewRange ? 'on' : '', 'data-range': r, onclick: () => { overviewRange = r; rerender(); } }, r === 'all' ? 'all time' : `last ${r}`)));
  const fabricated = s.verdicts.fabricated;
  const counters = [
    ['calls', s.calls, 'operations recorded'],
    ['posted', s.states.posted, 'actions with proof'],
    ['unknown', s.states.unknown, 'silent failures: ran without proof'],
    ['needs_review', s.states.needs_review, 'verify flagged or halted'],
    ['failed', s.states.failed, 'rejected, threw or reported failure'],
    ['intercepted', s.intercepted, `${pct(s.interceptRate)} of calls`],
    ['repaired', s.repaired, `${pct(s.repairRate)} of intercepted`],
    ['fabricated', fabricated, `replies of ${fmtNum(s.verdicts.clean + s.verdicts.unreported + fabricated)} checked`],
    flagsJudged(s.reviews),
  ].map(([label, n, note]) => el('div', { class: `counter ${label.replace(/ /g, '-')}${n === null ? ' none' : ''}`, 'data-counter': label },
    el('div', { class: 'n' }, n === null ? '—' : fmtNum(n)), el('div', { class: 'label' }, label.replace('_', ' ')), el('div', { class: 'note' }, note)));

  const chartCalls = el('div', { class: 'chart', id: 'chart-calls' });
  const chartFab = el('div', { class: 'chart', id: 'chart-fabricated' });
  const tools = s.topFailingTools.length === 0 ? el('p', { class: 'dim' }, 'No tool failed.') : table(['tool', 'errors', 'calls', 'error rate'], s.topFailingTools.map((t) => [
    el('a', { href: `#/runs?tool=${encodeURIComponent(t.tool)}&state=failed` }, t.tool), fmtNum(t.errors), fmtNum(t.calls), pct(t.errorRate)]));
  const cats = s.topCategories.length === 0 ? el('p', { class: 'dim' }, 'Nothing intercepted.') : table(['category', 'interceptions'], s.topCategories.map((c) => [c.category, fmtNum(c.count)]));
  show(
    el('div', { class: 'row' }, el('h1', {}, 'Overview'), ranges),
    el('section', { class: 'counters' }, counters),
    el('section', { class: 'grid2' },
      el('div', { class: 'panel' }, el('h2', {}, `Calls, errors and interceptions per ${data.bucketMs >= 86_400_000 ? 'day' : data.bucketMs >= 3_600_000 ? 'hour' : 'minute'}`), chartCalls),
      el('div', { class: 'panel' }, el('h2', {}, 'Checked replies and fabricated ones'), chartFab)),
    el('section', { class: 'grid2' },
      el('div', { class: 'panel' }, el('h2', {}, 'Top failing tools: calls and failures'), toolChart(s.topFailingTools), tools),
      el('div', { class: 'panel' }, el('h2', {}, 'Top interception categories'), cats)),
  );
  drawCharts(data, chartCalls, chartFab);
}

/** The reviewed-flags counter: no number (and no colour) before a flag is reviewed, as `claimcheck stats` has no share then. */
function flagsJudged(reviews) {
  const judged = reviews.claims.right + reviews.claims.wrong;
  if (judged === 0) return ['flags judged right', null, 'no flag reviewed yet'];
  return ['flags judged right', reviews.claims.right, `${pct(reviews.flagsJudgedRight)} of ${fmtNum(judged)} reviewed`];
}

/** Calls and failed calls per tool, as bars on one scale (the busiest tool's calls fill the track). */
function toolChart(tools) {
  if (tools.length === 0) return null;
  const max = Math.max(1, ...tools.map((t) => t.calls));
  const bar = (kind, n) => {
    const node = el('div', { class: `bar ${kind}` });
    node.style.width = `${(n / max) * 100}%`; // CSSOM, which the CSP allows (no inline style attribute)
    return node;
  };
  return el('div', { class: 'tool-chart', id: 'chart-tools' },
    el('div', { class: 'legend' }, el('span', { class: 'swatch calls' }), 'calls', el('span', { class: 'swatch errors' }), 'failed'),
    tools.map((t) => el('div', { class: 'tool-bar', 'data-tool': t.tool, 'data-calls': t.calls, 'data-errors': t.errors, title: `${t.tool}: ${fmtNum(t.errors)} of ${fmtNum(t.calls)} calls failed` },
      el('span', { class: 'name' }, t.tool),
      el('div', { class: 'track' }, bar('calls', t.calls), bar('errors', t.errors)),
      el('span', { class: 'nums' }, `${fmtNum(t.errors)} / ${fmtNum(t.calls)}`))));
}

function drawCharts(data, callsBox, fabBox) {
  while (charts.length > 0) charts.pop().destroy();
  if (typeof uPlot === 'undefined') return;
  const xs = [];
  const start = data.timeline.length === 0 ? (data.since ?? Date.now()) : data.timeline[0].at;
  const byAt = new Map(data.timeline.map((b) => [b.at, b]));
  const end = Math.max(Date.now(), ...data.timeline.map((b) => b.at));
  // At least a week of buckets, so one busy day still reads as a bar on a time axis.
  const from = Math.min(data.since === null ? start : Math.floor(data.since / data.bucketMs) * data.bucketMs, Math.floor(end / data.bucketMs - 6) * data.bucketMs);
  for (let t = from; t <= end && xs.length < 2000; t += data.bucketMs) xs.push(t);
  const col = (key) => xs.map((t) => byAt.get(t)?.[key] ?? 0);
  const seconds = xs.map((t) => t / 1000);
  const width = Math.max(320, callsBox.clientWidth - 8);
  const grid = { stroke: '#262c36', width: 1 };
  const opts = (series) => ({
    width, height: 220, series: [{}, ...series],
    scales: { x: { time: true, range: (_u, min, max) => [min - data.bucketMs / 2000, max + data.bucketMs / 2000] }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
    axes: [{ stroke: '#8a94a6', grid }, { stroke: '#8a94a6', grid }],
    legend: { show: true },
  });
  const bars = uPlot.paths && uPlot.paths.bars ? uPlot.paths.bars({ size: [0.8, 40] }) : undefined;
  charts.push(new uPlot(opts([
    { label: 'calls', stroke: '#4c8dff', fill: 'rgba(76,141,255,0.15)', paths: bars },
    { label: 'errors', stroke: '#e5484d', width: 2 },
    { label: 'intercepted', stroke: '#f5a524', width: 2 },
  ]), [seconds, col('calls'), col('errors'), col('intercepted')], callsBox));
  charts.push(new uPlot(opts([
    { label: 'replies', stroke: '#30a46c', fill: 'rgba(48,164,108,0.15)', paths: bars },
    { label: 'fabricated', stroke: '#e5484d', width: 2 },
  ]), [seconds, col('replies'), col('fabricated')], fabBox));
}
