// claimcheck dashboard: one run's page. Its operations come a page at a time (a run can hold hundreds of
// thousands); its interceptions and checked replies follow, each reply with its claims highlighted.
import { el, api, badge, fmtClock, fmtNum, fmtTime, show, table } from './_dom.js';
import { runName } from './runs.js';
import { reply } from './reply.js';

/** The run `id`'s page. */
export async function run(id) {
  const d = await api(`/runs/${encodeURIComponent(id)}`);
  const marks = new Map(d.marks.map((m) => [`${m.target}:${m.targetSeq}:${m.claimIndex ?? ''}`, m]));
  const operations = el('section', { id: 'operations-section' });
  const pages = { cursors: [null], index: 0, total: d.operationPage.total };
  const showPage = (page) => operations.replaceChildren(...operationsPage(page, pages, turnPage));
  const turnPage = async (step) => {
    const index = pages.index + step;
    const after = pages.cursors[index];
    try {
      const page = await api(`/runs/${encodeURIComponent(id)}/operations${after === null ? '' : `?after=${after}`}`);
      pages.index = index;
      pages.total = page.total;
      showPage(page);
    } catch (error) {
      operations.append(el('p', { class: 'error' }, `Could not read that page: ${error.message}`));
    }
  };
  showPage({ operations: d.operations, next: d.operationPage.next });
  const inter = d.interceptions.map((x) => [x.turn ?? '', fmtClock(x.at), el('span', { class: 'mono' }, x.tool), badge('intercepted', x.category), x.path ?? '', x.repaired ? 'a repair attempt' : '']);
  // The calls the replies' flagged claims are checked against, and the operations of this page.
  const calls = [...d.replyCalls, ...d.operations];
  show(
    el('h1', {}, 'Run ', el('span', { class: 'mono' }, d.run.id)),
    el('p', { class: 'dim' }, d.title === null ? '' : [runName(d.title), ' · '], `started ${fmtTime(d.run.startedAt)}`, d.run.agent ? ` · agent ${d.run.agent}` : '', d.run.tools.length > 0 ? ` · tools ${d.run.tools.join(', ')}` : ''),
    el('h2', {}, `Operations (${fmtNum(d.operationPage.total)})`),
    operations,
    el('h2', {}, `Interceptions (${fmtNum(d.interceptions.length)})`),
    inter.length === 0 ? el('p', { class: 'dim' }, 'none') : table(['turn', 'at', 'tool', 'category', 'path', ''], inter),
    el('h2', {}, `Replies (${fmtNum(d.receipts.length)})`),
    d.receipts.length === 0 ? el('p', { class: 'dim' }, 'none checked') : d.receipts.map((r) => reply(r, calls, marks)),
  );
}

/** One page of operations, numbered from the run's first, with the pager when there is more than one page. */
function operationsPage(page, pages, turnPage) {
  if (pages.total === 0) return [el('p', { class: 'dim' }, 'none')];
  if (page.next !== null) pages.cursors[pages.index + 1] = page.next;
  const first = pages.index * PAGE;
  const rows = page.operations.map((o, i) => [
    String(first + i + 1), o.turn ?? '', fmtClock(o.at), el('span', { class: 'mono' }, o.tool), badge(o.state), o.receiptId === null ? el('span', { class: 'dim' }, '—') : el('span', { class: 'mono' }, o.receiptId),
    o.ran && o.startedAt !== null && o.endedAt !== null ? `${o.endedAt - o.startedAt} ms` : '', operationNote(o),
  ]);
  const out = [table(['#', 'turn', 'at', 'tool', 'state', 'receipt id', 'took', 'validation, repair, error'], rows, { id: 'operations' })];
  if (pages.total > page.operations.length) {
    const button = (label, step, id) => el('button', { id, type: 'button', onclick: () => turnPage(step) }, label);
    out.push(el('div', { class: 'pager', id: 'operations-pager' },
      pages.index > 0 ? button(`← previous ${PAGE}`, -1, 'operations-previous') : el('span'),
      el('span', { class: 'dim', id: 'operations-range' }, `operations ${fmtNum(first + 1)}–${fmtNum(first + page.operations.length)} of ${fmtNum(pages.total)}`),
      page.next !== null ? button(`next ${PAGE} →`, 1, 'operations-next') : el('span')));
  }
  return out;
}

/** Operations per page (the API's). */
const PAGE = 200;

/**
 * What to know of an operation beyond its state, each fact once, as `claimcheck view --run` says it: the
 * failure category unless the error starts with it or a verify halt says it; the error unless it is the
 * verify's own reason (a halt's).
 */
function operationNote(o) {
  const notes = [];
  if (!o.ran) notes.push('not run');
  if (o.repaired) notes.push('ran with repaired arguments');
  const halt = o.verify?.code === 'halt';
  if (o.failure && !(o.error ?? '').startsWith(o.failure) && !(halt && o.failure === 'halted')) notes.push(`failure: ${o.failure}`);
  if (o.error && o.error !== o.verify?.reason) notes.push(o.error);
  if (o.verify) notes.push(`verify ${o.verify.code}${o.verify.reason ? `: ${o.verify.reason}` : ''}`);
  if (o.incident) notes.push(`incident: ${o.incident}`);
  if (o.state === 'unknown' && o.ran && o.kind === 'action' && o.receiptId === null && o.status === 'ok' && notes.length === 0) notes.push('no proof: its output carries no id');
  if (o.args !== null) notes.push(`args ${JSON.stringify(o.args)}`);
  return notes.join(' · ');
}
