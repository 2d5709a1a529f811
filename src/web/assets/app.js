// claimcheck dashboard: the page script (no framework). Views: overview, runs, one run, review queue;
// routed by the URL hash. Text from the ledger only ever goes into the page as text nodes.
/* global uPlot, document, window, fetch, location, URLSearchParams, FormData, HTMLInputElement, Node, setInterval */
'use strict';

const token = document.querySelector('meta[name="claimcheck-token"]').content;
const main = document.getElementById('main');
const STATES = ['posted', 'unknown', 'needs_review', 'failed', 'read'];
const VERDICTS = ['clean', 'unreported', 'fabricated'];

/** An element with attributes (`on*` are listeners) and children (strings become text nodes). */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  return node;
}

async function api(path, init) {
  const response = await fetch(`/api${path}`, init);
  const body = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body;
}

const fmtTime = (ms) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const fmtClock = (ms) => new Date(ms).toLocaleTimeString();
const fmtNum = (n) => Number(n).toLocaleString('en-US');
const pct = (x) => (x === null || x === undefined ? '—' : `${(x * 100).toFixed(x > 0 && x < 0.1 ? 1 : 0)}%`);
const badge = (kind, text) => el('span', { class: `badge ${kind}` }, text ?? kind);

function show(...nodes) {
  main.replaceChildren(...nodes);
}

function failure(error) {
  show(el('p', { class: 'error' }, `Could not read the ledger: ${error.message}`));
}

// ---- Overview -------------------------------------------------------------------------------
let overviewRange = '24h';
const charts = [];

async function overview() {
  const data = await api(`/overview?range=${overviewRange}`);
  const ledger = document.getElementById('ledger');
  ledger.textContent = data.ledgerLabel ?? data.ledger;
  ledger.title = data.ledger;
  const s = data.stats;
  const ranges = el('div', { class: 'ranges' }, ...['1h', '24h', '7d', '30d', 'all'].map((r) =>
    el('button', { class: r === overviewRange ? 'on' : '', 'data-range': r, onclick: () => { overviewRange = r; render(); } }, r === 'all' ? 'all time' : `last ${r}`)));
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
    ['flags judged right', s.reviews.claims.right, `${pct(s.reviews.flagsJudgedRight)} of ${fmtNum(s.reviews.claims.right + s.reviews.claims.wrong)} reviewed`],
  ].map(([label, n, note]) => el('div', { class: `counter ${label.replace(/ /g, '-')}`, 'data-counter': label }, el('div', { class: 'n' }, fmtNum(n)), el('div', { class: 'label' }, label.replace('_', ' ')), el('div', { class: 'note' }, note)));

  const chartCalls = el('div', { class: 'chart', id: 'chart-calls' });
  const chartFab = el('div', { class: 'chart', id: 'chart-fabricated' });
  const tools = s.topFailingTools.length === 0 ? el('p', { class: 'dim' }, 'No tool failed.') : table(['tool', 'errors', 'calls', 'error rate'], s.topFailingTools.map((t) => [
    el('a', { href: `#/runs?tool=${encodeURIComponent(t.tool)}&state=failed` }, t.tool), fmtNum(t.errors), fmtNum(t.calls), pct(t.errorRate)]));
  const cats = s.topCategories.length === 0 ? el('p', { class: 'dim' }, 'Nothing intercepted.') : table(['category', 'interceptions'], s.topCategories.map((c) => [c.category, fmtNum(c.count)]));
  show(
    el('div', { class: 'row' }, el('h1', {}, 'Overview'), ranges),
    el('section', { class: 'counters' }, ...counters),
    el('section', { class: 'grid2' },
      el('div', { class: 'panel' }, el('h2', {}, `Calls, errors and interceptions per ${data.bucketMs >= 86_400_000 ? 'day' : data.bucketMs >= 3_600_000 ? 'hour' : 'minute'}`), chartCalls),
      el('div', { class: 'panel' }, el('h2', {}, 'Checked replies and fabricated ones'), chartFab)),
    el('section', { class: 'grid2' },
      el('div', { class: 'panel' }, el('h2', {}, 'Top failing tools: calls and failures'), toolChart(s.topFailingTools), tools),
      el('div', { class: 'panel' }, el('h2', {}, 'Top interception categories'), cats)),
  );
  drawCharts(data, chartCalls, chartFab);
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
    ...tools.map((t) => el('div', { class: 'tool-bar', 'data-tool': t.tool, 'data-calls': t.calls, 'data-errors': t.errors, title: `${t.tool}: ${fmtNum(t.errors)} of ${fmtNum(t.calls)} calls failed` },
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

function table(head, rows, attrs) {
  return el('table', attrs ?? {}, el('thead', {}, el('tr', {}, ...head.map((h) => el('th', {}, h)))), el('tbody', {}, ...rows.map((r) => el('tr', {}, ...r.map((c) => el('td', {}, c))))));
}

// ---- Runs -------------------------------------------------------------------------------------
async function runs(params) {
  const form = el('form', { class: 'filters', id: 'run-filters', onsubmit: (e) => {
    e.preventDefault();
    const q = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (v !== '') q.set(k, k === 'since' || k === 'until' ? String(new Date(v).getTime()) : v);
    location.hash = `#/runs?${q}`;
  } },
  input('agent', 'agent', params), input('tool', 'tool', params),
  select('state', ['', ...STATES], params), select('verdict', ['', ...VERDICTS], params),
  dateInput('since', params), dateInput('until', params),
  input('search', 'text in ids, tools, errors, claims', params, 'search'),
  el('button', { type: 'submit' }, 'Filter'),
  el('a', { href: '#/runs', class: 'clear' }, 'clear'));
  const page = await api(`/runs?${params}`);
  const rows = page.runs.map((r) => [
    el('a', { href: `#/run/${encodeURIComponent(r.id)}`, class: 'mono' }, r.id.length > 18 ? `${r.id.slice(0, 18)}…` : r.id),
    fmtTime(r.startedAt), r.agent ?? '—',
    el('span', {}, fmtNum(r.operations), r.errors > 0 ? el('span', { class: 'bad' }, ` (${fmtNum(r.errors)} failed)`) : ''),
    r.interceptions > 0 ? el('span', { class: 'warn' }, fmtNum(r.interceptions)) : '0',
    r.receipts === 0 ? el('span', { class: 'dim' }, 'no replies checked') : r.fabricated > 0 ? el('span', {}, badge('fabricated', `${r.fabricated} fabricated`), ` of ${r.receipts}`) : badge('clean', `${r.receipts} clean`),
  ]);
  const more = new URLSearchParams(params);
  if (page.next !== null) more.set('after', page.next);
  show(el('h1', {}, 'Runs'), form,
    page.runs.length === 0 ? el('p', { class: 'dim' }, 'No run matches.') : table(['run', 'started', 'agent', 'calls', 'intercepted', 'replies'], rows, { id: 'runs-table' }),
    el('div', { class: 'pager' }, params.has('after') ? el('a', { href: '#/runs' }, '← newest') : '', page.next === null ? '' : el('a', { href: `#/runs?${more}`, id: 'older' }, 'older runs →')));
}

const input = (name, placeholder, params, type) => el('input', { name, placeholder, type: type ?? 'text', value: params.get(name) ?? '' });
const select = (name, options, params) => el('select', { name }, ...options.map((o) => el('option', { value: o, selected: params.get(name) === o }, o === '' ? `any ${name}` : o)));
function dateInput(name, params) {
  const v = params.get(name);
  const local = v ? new Date(Number(v) - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
  return el('label', {}, `${name} `, el('input', { name, type: 'datetime-local', value: local }));
}

// ---- One run ----------------------------------------------------------------------------------
async function run(id) {
  const d = await api(`/runs/${encodeURIComponent(id)}`);
  const marks = new Map(d.marks.map((m) => [`${m.target}:${m.targetSeq}:${m.claimIndex ?? ''}`, m]));
  const ops = d.operations.map((o, i) => [
    String(i + 1), o.turn ?? '', fmtClock(o.at), el('span', { class: 'mono' }, o.tool), badge(o.state), o.receiptId === null ? el('span', { class: 'dim' }, '—') : el('span', { class: 'mono' }, o.receiptId),
    o.startedAt !== null && o.endedAt !== null ? `${o.endedAt - o.startedAt} ms` : '', operationNote(o),
  ]);
  const inter = d.interceptions.map((x) => [x.turn ?? '', fmtClock(x.at), el('span', { class: 'mono' }, x.tool), badge('intercepted', x.category), x.path ?? '', x.repaired ? 'a repair attempt' : '']);
  show(
    el('h1', {}, 'Run ', el('span', { class: 'mono' }, d.run.id)),
    el('p', { class: 'dim' }, `started ${fmtTime(d.run.startedAt)}`, d.run.agent ? ` · agent ${d.run.agent}` : '', d.run.tools.length > 0 ? ` · tools ${d.run.tools.join(', ')}` : ''),
    el('h2', {}, `Operations (${d.operations.length})`),
    ops.length === 0 ? el('p', { class: 'dim' }, 'none') : table(['#', 'turn', 'at', 'tool', 'state', 'receipt id', 'took', 'validation, repair, error'], ops, { id: 'operations' }),
    el('h2', {}, `Interceptions (${d.interceptions.length})`),
    inter.length === 0 ? el('p', { class: 'dim' }, 'none') : table(['turn', 'at', 'tool', 'category', 'path', ''], inter),
    el('h2', {}, `Replies (${d.receipts.length})`),
    ...(d.receipts.length === 0 ? [el('p', { class: 'dim' }, 'none checked')] : d.receipts.map((r) => reply(r, d, marks))),
  );
}

function operationNote(o) {
  const notes = [];
  if (!o.ran) notes.push('not run');
  if (o.failure) notes.push(`failure: ${o.failure}`);
  if (o.repaired) notes.push('ran with repaired arguments');
  if (o.error) notes.push(o.error);
  if (o.verify) notes.push(`verify ${o.verify.code}${o.verify.reason ? `: ${o.verify.reason}` : ''}`);
  if (o.incident) notes.push(`incident: ${o.incident}`);
  if (o.args !== null) notes.push(`args ${JSON.stringify(o.args)}`);
  return notes.join(' · ');
}

/** One checked reply: the text with its claims highlighted, then each finding. */
function reply(r, detail, marks) {
  const b = r.receipt;
  const claims = [
    ...(b.claimedButNeverRan ?? []).map((c, i) => ({ c, kind: 'flagged', index: i })),
    ...(b.confirmed ?? []).map((c) => ({ c, kind: 'confirmed' })),
    ...(b.unmatched ?? []).map((c) => ({ c, kind: 'unmatched' })),
    ...(b.suspected ?? []).map((c) => ({ c, kind: 'suspected' })),
  ];
  const body = r.reply === null
    ? el('p', { class: 'dim' }, 'The reply text was not captured (record with openStore({ capture: true }) to see it); its claims:')
    : el('blockquote', { class: 'reply' }, ...highlight(r.reply, claims));
  const findings = claims.map(({ c, kind, index }) => {
    const item = el('li', { class: `finding ${kind}` }, badge(kind), ' ', c.tool ? el('span', { class: 'mono' }, c.tool) : el('span', { class: 'dim' }, 'no tool fits'), ' ', el('q', {}, c.text));
    if (kind === 'flagged') {
      item.append(' ', el('span', { class: 'reason' }, c.reason ?? 'flagged'));
      const against = contradicting(c, r, detail);
      if (against) item.append(el('div', { class: 'against' }, against));
      item.append(reviewControls({ target: 'claim', targetSeq: r.seq, claimIndex: index }, marks.get(`claim:${r.seq}:${index}`) ?? null));
    }
    return item;
  });
  for (const e of b.ranButUnreported ?? []) findings.push(el('li', { class: 'finding unreported' }, badge('unreported', 'ran, never said'), ' ', el('span', { class: 'mono' }, e.tool), ' ran and the reply does not mention it'));
  return el('article', { class: `receipt ${r.verdict}`, 'data-receipt': r.seq },
    el('div', { class: 'row' }, badge(r.verdict), el('span', { class: 'dim' }, `${fmtClock(r.at)}${r.turn === null ? '' : ` · turn ${r.turn}`}`), el('span', {}, r.summary)),
    r.request ? el('p', { class: 'request' }, el('span', { class: 'dim' }, 'user: '), r.request) : '',
    body, el('ul', { class: 'findings' }, ...findings));
}

/** The call that contradicts a flagged claim: its tool's failed call this turn, or the values the calls used. */
function contradicting(c, r, detail) {
  if (c.reason === 'args_mismatch' && Array.isArray(c.observed)) return `the calls used ${c.observed.map((v) => JSON.stringify(v)).join(', ')}`;
  const calls = detail.operations.filter((o) => o.tool === c.tool && (r.callIds.length === 0 || r.callIds.includes(o.callId)));
  if (c.reason === 'not_called') return calls.length === 0 ? `no call of ${c.tool} in this turn` : null;
  const call = calls.find((o) => o.status === 'error' || o.state !== 'posted') ?? calls[0];
  if (!call) return null;
  return `contradicted by call ${call.callId ?? `#${call.seq}`} of ${call.tool}: ${call.state}${call.error ? ` — ${call.error}` : ''}`;
}

/** The reply as text nodes, each claim's sentence in a <mark> of its kind (claims not found verbatim stay listed below). */
function highlight(text, claims) {
  const spans = [];
  for (const { c, kind } of claims) {
    const at = c.text ? text.indexOf(c.text) : -1;
    if (at >= 0 && !spans.some((s) => at < s.end && at + c.text.length > s.start)) spans.push({ start: at, end: at + c.text.length, kind, reason: c.reason });
  }
  spans.sort((a, b) => a.start - b.start);
  const out = [];
  let pos = 0;
  for (const s of spans) {
    out.push(text.slice(pos, s.start), el('mark', { class: s.kind, title: s.reason ? `${s.kind}: ${s.reason}` : s.kind }, text.slice(s.start, s.end)));
    pos = s.end;
  }
  out.push(text.slice(pos));
  return out;
}

// ---- Review -----------------------------------------------------------------------------------
function reviewControls(target, mark) {
  const note = el('input', { type: 'text', class: 'note', placeholder: 'note (optional)', value: mark?.note ?? '' });
  const state = el('span', { class: 'mark-state' }, mark ? `marked ${mark.judgement}` : 'not reviewed');
  const send = (judgement) => async () => {
    try {
      const saved = await api('/review', { method: 'POST', headers: { 'content-type': 'application/json', 'x-claimcheck-token': token }, body: JSON.stringify({ ...target, judgement, note: note.value || null }) });
      state.textContent = `marked ${saved.judgement}`;
      box.dataset.judgement = saved.judgement;
    } catch (error) {
      state.textContent = `not saved: ${error.message}`;
    }
  };
  const box = el('div', { class: 'review', 'data-judgement': mark?.judgement },
    el('button', { class: 'right', onclick: send('right'), title: 'The checker was right' }, '✓ right'),
    el('button', { class: 'wrong', onclick: send('wrong'), title: 'The checker was wrong' }, '✗ wrong'),
    note, state);
  return box;
}

async function review(params) {
  const target = params.get('target') ?? 'claim';
  const status = params.get('status') ?? 'pending';
  const page = await api(`/review?target=${target}&status=${status}${params.get('before') ? `&before=${params.get('before')}` : ''}`);
  const tab = (t, label) => el('a', { class: t === target ? 'tab on' : 'tab', href: `#/review?target=${t}&status=${status}` }, label);
  const filter = (s) => el('a', { class: s === status ? 'tab on' : 'tab', href: `#/review?target=${target}&status=${s}` }, s);
  const items = page.items.map((i) => el('li', { class: `queue-item ${i.target}`, 'data-target': `${i.target}:${i.targetSeq}:${i.claimIndex ?? ''}` },
    el('div', { class: 'row' },
      i.target === 'claim' ? badge('flagged', i.reason ?? 'flagged') : badge(i.state),
      el('span', { class: 'mono' }, i.tool ?? '—'),
      el('span', { class: 'dim' }, fmtTime(i.at)),
      el('a', { href: `#/run/${encodeURIComponent(i.runId)}` }, `run ${i.runId.slice(0, 12)}…`)),
    i.text ? el('q', {}, i.text) : el('span', { class: 'dim' }, 'no error text recorded'),
    reviewControls({ target: i.target, targetSeq: i.targetSeq, claimIndex: i.claimIndex }, i.mark)));
  show(el('h1', {}, 'Review queue'),
    el('p', { class: 'dim' }, 'Was the checker right? Marks are stored in the ledger, counted by claimcheck stats, and written as labelled cases by claimcheck export --reviewed --out DIR.'),
    el('div', { class: 'tabs' }, tab('claim', 'Flagged claims'), tab('operation', 'Unknown and needs-review calls'), el('span', { class: 'sep' }), filter('pending'), filter('reviewed'), filter('all')),
    items.length === 0 ? el('p', { class: 'dim' }, 'Nothing here.') : el('ul', { class: 'queue' }, ...items),
    page.next === null ? '' : el('a', { href: `#/review?target=${target}&status=${status}&before=${page.next}` }, 'older →'));
}

// ---- Routing and live refresh -----------------------------------------------------------------
let current = '';
async function render() {
  const hash = location.hash.slice(1) || '/';
  const [path, query] = hash.split('?');
  const params = new URLSearchParams(query ?? '');
  const section = path.startsWith('/run/') ? 'runs' : path === '/runs' ? 'runs' : path === '/review' ? 'review' : 'overview';
  for (const a of document.querySelectorAll('nav a')) a.classList.toggle('on', a.dataset.nav === section);
  current = path;
  try {
    if (path.startsWith('/run/')) await run(decodeURIComponent(path.slice(5)));
    else if (path === '/runs') await runs(params);
    else if (path === '/review') await review(params);
    else await overview();
    document.body.dataset.ready = path;
  } catch (error) {
    failure(error);
  }
}

let pulse = null;
async function poll() {
  try {
    const { newest } = await api('/pulse');
    const live = document.getElementById('live');
    live.textContent = 'live';
    live.className = 'ok';
    // New records re-render the overview and the runs list, unless the user is typing in a filter.
    const typing = document.activeElement instanceof HTMLInputElement;
    if (pulse !== null && newest !== pulse && !typing && (current === '/' || current === '/runs')) await render();
    pulse = newest;
  } catch {
    document.getElementById('live').textContent = 'offline';
  }
}

window.addEventListener('hashchange', render);
render();
poll();
setInterval(poll, 3000);
