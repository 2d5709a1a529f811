// claimcheck dashboard: the review queue, and the right / wrong controls a flagged claim or an unproven
// call carries wherever it is shown.
import { el, api, badge, fmtTime, show, token } from './_dom.js';

/**
 * The controls that mark `target` right or wrong, showing its latest `mark`. `onSaved(mark, box)` runs
 * after a mark is stored (the queue's pending view then takes the item away).
 */
export function reviewControls(target, mark, onSaved) {
  const note = el('input', { type: 'text', class: 'note', placeholder: 'note (optional)', value: mark?.note ?? '' });
  const state = el('span', { class: 'mark-state' }, mark ? `marked ${mark.judgement}` : 'not reviewed');
  const send = (judgement) => async () => {
    try {
      const saved = await api('/review', { method: 'POST', headers: { 'content-type': 'application/json', 'x-claimcheck-token': token }, body: JSON.stringify({ ...target, judgement, note: note.value || null }) });
      state.textContent = `marked ${saved.judgement}`;
      box.dataset.judgement = saved.judgement;
      onSaved?.(saved, box);
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

/** The queue of flagged claims or of unknown / needs_review calls, pending, reviewed or all. */
export async function review(params) {
  const target = params.get('target') ?? 'claim';
  const status = params.get('status') ?? 'pending';
  const page = await api(`/review?target=${target}&status=${status}${params.get('before') ? `&before=${params.get('before')}` : ''}`);
  const tab = (t, label) => el('a', { class: t === target ? 'tab on' : 'tab', href: `#/review?target=${t}&status=${status}` }, label);
  const filter = (s) => el('a', { class: s === status ? 'tab on' : 'tab', href: `#/review?target=${target}&status=${s}` }, s);
  const list = el('ul', { class: 'queue' });
  const empty = el('p', { class: 'dim' }, 'Nothing here.');
  const notice = el('p', { class: 'notice', id: 'review-notice', role: 'status' });
  let moved = 0;
  // A marked item is no longer pending: in the pending view it leaves the list, and the notice counts it.
  const onSaved = status !== 'pending' ? undefined : (mark, box) => {
    box.closest('li').remove();
    moved++;
    notice.textContent = `${moved} marked: moved to reviewed (last: ${mark.judgement}).`;
    if (list.children.length === 0) list.replaceWith(empty);
  };
  for (const item of page.items) list.append(queueItem(item, onSaved));
  show(el('h1', {}, 'Review queue'),
    el('p', { class: 'dim' }, 'Was the checker right? Marks are stored in the ledger, counted by claimcheck stats, and written as labelled cases by claimcheck export --reviewed --out DIR.'),
    el('div', { class: 'tabs' }, tab('claim', 'Flagged claims'), tab('operation', 'Unknown and needs-review calls'), el('span', { class: 'sep' }), filter('pending'), filter('reviewed'), filter('all')),
    notice,
    page.items.length === 0 ? empty : list,
    page.next === null ? '' : el('a', { href: `#/review?target=${target}&status=${status}&before=${page.next}` }, 'older →'));
}

/** One item: what was flagged or left unproven, where, what contradicts it (an args_mismatch's values), and the controls. */
function queueItem(i, onSaved) {
  return el('li', { class: `queue-item ${i.target}`, 'data-target': `${i.target}:${i.targetSeq}:${i.claimIndex ?? ''}` },
    el('div', { class: 'row' },
      i.target === 'claim' ? badge('flagged', i.reason ?? 'flagged') : badge(i.state),
      el('span', { class: 'mono' }, i.tool ?? '—'),
      el('span', { class: 'dim' }, fmtTime(i.at)),
      el('a', { href: `#/run/${encodeURIComponent(i.runId)}`, title: i.runId }, `run ${i.runId.slice(0, 12)}…`)),
    i.text ? el('q', {}, i.text) : el('span', { class: 'dim' }, 'no error text recorded'),
    i.message ? el('div', { class: 'against' }, i.message) : '',
    reviewControls({ target: i.target, targetSeq: i.targetSeq, claimIndex: i.claimIndex }, i.mark, onSaved));
}
