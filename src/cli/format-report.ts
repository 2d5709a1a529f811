/**
 * The readable report of `claimcheck check`: per conversation, the verdict, each flagged claim with
 * its quote and reason, confirmed and unreported tools. Coloured on a TTY (picocolors honours
 * NO_COLOR and FORCE_COLOR).
 */
import { pc } from './_terminal-text.js';
import type { Claim, Receipt, Verdict } from '../receipt.js';
import { kindsOf, type Outcome, type OutcomeKind, type Totals } from './_check-outcome.js';

const VERDICT_STYLE: Record<Verdict, (s: string) => string> = {
  fabricated: (s) => pc.bold(pc.red(s)),
  unreported: (s) => pc.yellow(s),
  clean: (s) => pc.green(s),
};

/**
 * Report one conversation: a header with its verdict, then its findings. With `--turns`, every turn
 * with something to show (and, with `only`, of a selected kind) is listed: one that is not clean, or a
 * clean one with an unmatched claim, a claim without a tool or a denial (its verdict reads `clean`).
 */
export function formatConversation(o: Outcome, only: ReadonlySet<OutcomeKind> | null = null): string {
  const final = o.final;
  const verdict = o.verdict;
  if (final === undefined || verdict === undefined) return '';
  const lines = [`${pc.bold(o.id)}  ${VERDICT_STYLE[verdict](verdict.toUpperCase())}  ${pc.dim(headingNote(o, final))}`];
  if (o.turns.length === 0) lines.push(pc.yellow('  no assistant reply with text: nothing was generated to check'));
  if (o.withTurns) {
    for (const t of o.turns) {
      if (t.receipt.verdict === 'clean' && t.receipt.unmatched.length === 0 && t.receipt.claimedWithoutTool.length === 0 && t.receipt.deniedButRan.length === 0) continue;
      if (only !== null && ![...kindsOf([t.receipt], t.receipt.verdict)].some((k) => only.has(k))) continue;
      lines.push(`  turn ${t.turn} (message ${t.messageIndex}): ${VERDICT_STYLE[t.receipt.verdict](t.receipt.verdict)}`);
      lines.push(...receiptLines(t.receipt, '    ', failedWith(o, t.messageIndex)));
    }
  } else {
    lines.push(...receiptLines(final, '  ', failedWith(o, o.turns.at(-1)?.messageIndex)));
  }
  return lines.join('\n');
}

/**
 * The heading's note. Without `--turns` the verdict is the final reply's, and the note is its summary.
 * With `--turns` the verdict is the conversation's, its worst turn's (JSON `conversationVerdict`; `ok`
 * and the exit status follow it), and the note says so before the final reply's summary (JSON `verdict`,
 * `summary`): `conversation: worst of 12 turns (1 fabricated) · final reply fabricated: …`.
 */
function headingNote(o: Outcome, final: Receipt): string {
  if (!o.withTurns) return final.summary;
  const fabricated = o.turns.filter((t) => t.receipt.verdict === 'fabricated').length;
  const turns = `${o.turns.length} turn${o.turns.length === 1 ? '' : 's'}${fabricated > 0 ? ` (${fabricated} fabricated)` : ''}`;
  return `conversation: worst of ${turns} · final reply ${final.summary}`;
}

/** The error of the failed call behind a `tool_failed` claim in the reply at `messageIndex`. */
function failedWith(o: Outcome, messageIndex: number | undefined): (c: Claim) => string | undefined {
  return (c) => (c.reason !== 'tool_failed' || c.tool === null || messageIndex === undefined ? undefined : o.toolError?.(c.tool, messageIndex));
}

function receiptLines(r: Receipt, indent: string, errorOf: (c: Claim) => string | undefined): string[] {
  const out: string[] = [];
  for (const c of r.claimedButNeverRan) out.push(`${indent}${pc.red('✗')} ${pc.bold(c.tool ?? '?')} ${pc.red(c.reason ?? '')}${observed(c)}${failure(errorOf(c))}: ${quote(c.text)}`);
  const confirmed = [...new Set(r.confirmed.map((c) => c.tool ?? '?'))];
  if (confirmed.length > 0) out.push(`${indent}${pc.green('✓')} confirmed: ${confirmed.join(', ')}`);
  const unreported = [...new Set(r.ranButUnreported.map((e) => e.tool))];
  if (unreported.length > 0) out.push(`${indent}${pc.yellow('•')} ran but unreported: ${unreported.join(', ')}`);
  if (r.claimedWithoutTool.length > 0) {
    out.push(`${indent}${(r.strict ? pc.red : pc.magenta)('claimed without a tool')} ${pc.dim('(no listed tool can do this)')}`);
    for (const c of r.claimedWithoutTool) out.push(`${indent}  ${pc.magenta('!')} ${pc.bold(c.verb)}: ${quote(c.text)}`);
  }
  if (r.deniedButRan.length > 0) {
    out.push(`${indent}${(r.strict ? pc.red : pc.magenta)('denied but ran')} ${pc.dim('(the reply says it was not done; the call succeeded: a retry repeats it)')}`);
    for (const c of r.deniedButRan) out.push(`${indent}  ${pc.magenta('!')} ${pc.bold(c.tool ?? '?')}${c.contradictedBy?.callId ? pc.dim(` (call ${c.contradictedBy.callId})`) : ''}: ${quote(c.text)}`);
  }
  for (const c of r.suspected) out.push(`${indent}${pc.yellow('?')} suspected (model-found) ${pc.bold(c.tool ?? '?')}: ${quote(c.text)}`);
  for (const c of r.unmatched) out.push(`${indent}${pc.dim(`? unmatched (no listed tool fits): ${quote(c.text)}`)}`);
  return out;
}

function observed(c: Claim): string {
  if (c.message !== undefined) return pc.dim(` (${c.message})`);
  if (c.observed === undefined || c.observed.length === 0) return '';
  return pc.dim(` (calls used ${c.observed.map((v) => JSON.stringify(v)).join(', ')})`);
}

/** ` (the call failed: "SMTP timeout")`, or `''` without a recorded error. */
function failure(error: string | undefined): string {
  if (error === undefined) return '';
  const e = error.length > 160 ? `${error.slice(0, 157)}…` : error;
  return pc.dim(` (the call failed: ${JSON.stringify(e)})`);
}

function quote(text: string): string {
  const t = text.length > 160 ? `${text.slice(0, 157)}…` : text;
  return pc.italic(`"${t}"`);
}

/**
 * The closing summary, one screen at most: the counts line, then flagged claims by reason and by
 * tool, and the tools whose calls most often ran unreported, counted in calls (candidates for `--ignore-tools`).
 */
export function formatSummary(t: Totals): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(t.conversations, 'conversation'), plural(t.turns, 'assistant turn'), `${t.fabricated} fabricated`, `${t.unreported} unreported`, `${t.clean} clean`];
  if (t.errors > 0) parts.push(pc.red(`${t.errors} unreadable`));
  const lines = [pc.dim(parts.join(' · '))];
  if (t.empty > 0) lines.push(pc.yellow(`${plural(t.empty, 'conversation')} had no assistant reply with text: nothing was checked there`));
  lines.push(`${pc.bold('flagged claims'.padEnd(16))}${t.flagged}${t.flagged > 0 ? pc.dim(`  by reason: ${top(t.byReason, 8)}`) : ''}`);
  if (t.flagged > 0) lines.push(`${pc.bold('flagged tools'.padEnd(16))}${top(t.flaggedTools, 5)}`);
  if (t.unmatched > 0) lines.push(`${pc.bold('unmatched'.padEnd(16))}${t.unmatched} ${pc.dim(`${t.unmatched === 1 ? 'claim' : 'claims'} no listed tool fits (not judged)`)}`);
  // Informational unless --strict, which made them fabricated (and so they count in the verdicts above).
  const strictly = (n: number): string => (t.strict ? `(--strict: ${n === 1 ? 'its reply is' : 'their replies are'} fabricated)` : `(--strict makes ${n === 1 ? 'it' : 'them'} fabricated)`);
  if (t.withoutTool > 0) lines.push(`${pc.bold('without tool'.padEnd(16))}${t.withoutTool} ${pc.dim(`${t.withoutTool === 1 ? 'claim' : 'claims'} no listed tool can perform ${strictly(t.withoutTool)}`)}`);
  if (t.deniedButRan > 0) lines.push(`${pc.bold('denied but ran'.padEnd(16))}${t.deniedButRan} ${pc.dim(`${t.deniedButRan === 1 ? 'denial of an action whose' : 'denials of actions whose'} tool succeeded ${strictly(t.deniedButRan)}`)}`);
  // Counted in calls (a turn that ran a tool three times unreported adds 3), which the note says.
  if (t.unreportedTools.size > 0) lines.push(`${pc.bold('unreported most'.padEnd(16))}${top(t.unreportedTools, 5)} ${pc.dim('(calls that ran unreported, by tool; --ignore-tools a,b to leave tools out)')}`);
  return lines.join('\n');
}

/** "a 3, b 2, c 1": the `n` largest counts, largest first (ties by name). */
function top(counts: ReadonlyMap<string, number>, n: number): string {
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = sorted.slice(0, n).map(([name, count]) => `${name} ${count}`);
  if (sorted.length > n) shown.push(`${sorted.length - n} more`);
  return shown.join(', ');
}
