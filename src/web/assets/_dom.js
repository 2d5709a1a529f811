// claimcheck dashboard: what every view uses. Text from the ledger only ever goes into the page as text
// nodes (`el`), never as HTML.
/* global document, fetch, Node */

export const token = document.querySelector('meta[name="claimcheck-token"]').content;
const main = document.getElementById('main');

/** An element with attributes (`on*` are listeners) and children, flattened (strings become text nodes). */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  // Appended one by one: a list of any length (a run's replies) never becomes one call's arguments.
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  return node;
}

/** GET (or `init`) `/api{path}`; throws the server's message on an error status. */
export async function api(path, init) {
  const response = await fetch(`/api${path}`, init);
  const body = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body;
}

export const fmtTime = (ms) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
export const fmtClock = (ms) => new Date(ms).toLocaleTimeString();
export const fmtNum = (n) => Number(n).toLocaleString('en-US');
export const pct = (x) => (x === null || x === undefined ? '—' : `${(x * 100).toFixed(x > 0 && x < 0.1 ? 1 : 0)}%`);
export const badge = (kind, text) => el('span', { class: `badge ${kind}` }, text ?? kind);

/** `text` on one line, cut to `max` characters with an ellipsis (as `claimcheck view` cuts it). */
export function clip(text, max) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/**
 * A table; each cell carries its column's name (`data-label`), which narrow screens show beside it, as
 * the table turns into one card per row. `rows` is an array of arrays of cell contents.
 */
export function table(head, rows, attrs) {
  return el('div', { class: 'table-wrap' },
    el('table', attrs ?? {},
      el('thead', {}, el('tr', {}, head.map((h) => el('th', {}, h)))),
      el('tbody', {}, rows.map((r) => el('tr', {}, r.map((c, i) => el('td', { 'data-label': head[i] || null }, c)))))));
}

/** Replaces the page's content with `nodes`, flattened (a list of any length, appended one by one). */
export function show(...nodes) {
  main.replaceChildren();
  for (const n of nodes.flat(Infinity)) if (n !== null && n !== undefined && n !== false && n !== '') main.append(n);
}

export function failure(error) {
  show(el('p', { class: 'error' }, `Could not read the ledger: ${error.message}`));
}
