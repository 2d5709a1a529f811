// claimcheck dashboard: the runs page. Each row says what `claimcheck view` says of the run, in the same
// words: its name, its calls by the states that want a look, its replies by verdict.
/* global location, URLSearchParams, FormData */
import { el, api, clip, fmtNum, fmtTime, show, table } from './_dom.js';

const STATES = ['posted', 'unknown', 'needs_review', 'failed', 'read'];
const VERDICTS = ['clean', 'unreported', 'fabricated'];

/** The runs, newest first, filtered by `params` (the page's URL query), one page at a time. */
export async function runs(params) {
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
    el('a', { href: `#/run/${encodeURIComponent(r.id)}`, class: 'mono', title: r.id }, r.id.length > 18 ? `${r.id.slice(0, 18)}…` : r.id),
    el('span', { class: 'nowrap' }, fmtTime(r.startedAt)),
    r.agent ?? el('span', { class: 'dim' }, '—'),
    runName(r.title),
    callsCell(r),
    r.interceptions > 0 ? el('span', { class: 'warn' }, fmtNum(r.interceptions)) : '0',
    verdictCell(r),
  ]);
  const more = new URLSearchParams(params);
  if (page.next !== null) more.set('after', page.next);
  show(el('h1', {}, 'Runs'), form,
    page.runs.length === 0 ? el('p', { class: 'dim' }, 'No run matches.') : table(['id', 'started', 'agent', 'run', 'calls', 'intercepted', 'verdicts'], rows, { id: 'runs-table' }),
    el('div', { class: 'pager' }, params.has('after') ? el('a', { href: '#/runs' }, '← newest') : '', page.next === null ? '' : el('a', { href: `#/runs?${more}`, id: 'older' }, 'older runs →')));
}

/** The run's title (see the API's `title`): named runs plain, others dim; cut at 40 characters as in `claimcheck view`. */
export function runName(title) {
  if (title === null) return el('span', { class: 'dim' }, '—');
  return el('span', { class: title.named ? 'run-name' : 'run-name dim', title: title.text }, clip(title.text, 40));
}

/** `4 (2 failed, 1 needs_review)`: the calls and, by state, those that want a look. */
function callsCell(r) {
  const states = [[r.failed, 'failed', 'bad'], [r.needsReview, 'needs_review', 'warn'], [r.unknown, 'unknown', 'warn']].filter(([n]) => n > 0);
  if (states.length === 0) return fmtNum(r.operations);
  const parts = states.flatMap(([n, state, kind], i) => [i > 0 ? ', ' : '', el('span', { class: kind, 'data-state': state }, `${fmtNum(n)} ${state}`)]);
  return el('span', {}, `${fmtNum(r.operations)} (`, parts, ')');
}

/** `1 fabricated, 2 clean`: the run's checked replies by verdict. */
function verdictCell(r) {
  if (r.receipts === 0) return el('span', { class: 'dim' }, 'no replies checked');
  const counts = [['fabricated', r.fabricated], ['unreported', r.unreported], ['clean', r.receipts - r.fabricated - r.unreported]].filter(([, n]) => n > 0);
  return el('span', { class: 'verdicts' }, counts.flatMap(([verdict, n], i) => [i > 0 ? ', ' : '', el('span', { class: `badge ${verdict}`, 'data-verdict': verdict }, `${fmtNum(n)} ${verdict}`)]));
}

const input = (name, placeholder, params, type) => el('input', { name, placeholder, type: type ?? 'text', value: params.get(name) ?? '' });
const select = (name, options, params) => el('select', { name }, options.map((o) => el('option', { value: o, selected: params.get(name) === o }, o === '' ? `any ${name}` : o)));
function dateInput(name, params) {
  const v = params.get(name);
  const local = v ? new Date(Number(v) - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
  return el('label', {}, `${name} `, el('input', { name, type: 'datetime-local', value: local }));
}
