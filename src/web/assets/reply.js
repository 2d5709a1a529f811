// claimcheck dashboard: one checked reply on a run's page: its text with each claim marked by kind, and
// its findings; a flagged claim says what contradicts it and takes a review mark.
import { el, badge, fmtClock } from './_dom.js';
import { reviewControls } from './review.js';

/**
 * One checked reply: the text with its claims highlighted, then each finding, a flagged claim with the call
 * that contradicts it (among `calls`) and its review controls.
 */
export function reply(r, calls, marks) {
  const b = r.receipt;
  const claims = [
    ...(b.claimedButNeverRan ?? []).map((c, i) => ({ c, kind: 'flagged', index: i })),
    ...(b.confirmed ?? []).map((c) => ({ c, kind: 'confirmed' })),
    ...(b.unmatched ?? []).map((c) => ({ c, kind: 'unmatched' })),
    ...(b.suspected ?? []).map((c) => ({ c, kind: 'suspected' })),
  ];
  const body = r.reply === null
    ? el('p', { class: 'dim' }, 'The reply text was not captured (record with openStore({ capture: true }) to see it); its claims:')
    : el('blockquote', { class: 'reply' }, highlight(r.reply, claims));
  const findings = claims.map(({ c, kind, index }) => {
    const item = el('li', { class: `finding ${kind}` }, badge(kind), ' ', c.tool ? el('span', { class: 'mono' }, c.tool) : el('span', { class: 'dim' }, 'no tool fits'), ' ', el('q', {}, c.text));
    if (kind === 'flagged') {
      item.append(' ', el('span', { class: 'reason' }, c.reason ?? 'flagged'));
      const against = contradicting(c, r, calls);
      if (against) item.append(el('div', { class: 'against' }, against));
      item.append(reviewControls({ target: 'claim', targetSeq: r.seq, claimIndex: index }, marks.get(`claim:${r.seq}:${index}`) ?? null));
    }
    return item;
  });
  for (const e of b.ranButUnreported ?? []) findings.push(el('li', { class: 'finding unreported' }, badge('unreported', 'ran, never said'), ' ', el('span', { class: 'mono' }, e.tool), ' ran and the reply does not mention it'));
  return el('article', { class: `receipt ${r.verdict}`, 'data-receipt': r.seq },
    el('div', { class: 'row' }, badge(r.verdict), el('span', { class: 'dim' }, `${fmtClock(r.at)}${r.turn === null ? '' : ` · turn ${r.turn}`}`), el('span', {}, r.summary)),
    r.request ? el('p', { class: 'request' }, el('span', { class: 'dim' }, 'user: '), r.request) : '',
    body, el('ul', { class: 'findings' }, findings));
}

/**
 * What contradicts a flagged claim: for an `args_mismatch`, the receipt's sentence on which value differed
 * (the values the calls used, when an older receipt has none); else its tool's call this turn that failed
 * or has no proof.
 */
function contradicting(c, r, calls) {
  if (c.reason === 'args_mismatch') {
    if (typeof c.message === 'string') return c.message;
    return Array.isArray(c.observed) ? `the calls used ${c.observed.map((v) => JSON.stringify(v)).join(', ')}` : null;
  }
  const own = calls.filter((o) => o.tool === c.tool && (r.callIds.length === 0 || r.callIds.includes(o.callId)));
  if (c.reason === 'not_called') return own.length === 0 ? `no call of ${c.tool} in this turn` : null;
  const call = own.find((o) => o.status === 'error' || o.state !== 'posted') ?? own[0];
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
