/**
 * The readable report of `claimcheck check`: per conversation, the verdict, each flagged claim with
 * its quote and reason, confirmed and unreported tools. Coloured on a TTY (picocolors honours
 * NO_COLOR and FORCE_COLOR).
 */
import pc from 'picocolors';
import type { TurnReceipt } from '../check.js';
import type { Claim, Receipt, Verdict } from '../receipt.js';

/** Counts over a run. */
export interface Totals {
  conversations: number;
  turns: number;
  fabricated: number;
  unreported: number;
  clean: number;
  errors: number;
}

const VERDICT_STYLE: Record<Verdict, (s: string) => string> = {
  fabricated: (s) => pc.bold(pc.red(s)),
  unreported: (s) => pc.yellow(s),
  clean: (s) => pc.green(s),
};

/** Report one conversation. With `turns`, every turn that is not clean is listed. */
export function formatConversation(id: string, final: Receipt, turns: readonly TurnReceipt[], withTurns: boolean): string {
  const fabricatedTurns = withTurns ? turns.filter((t) => t.receipt.verdict === 'fabricated').length : 0;
  const worst = fabricatedTurns > 0 ? 'fabricated' : final.verdict;
  const note = fabricatedTurns > 0 ? `${fabricatedTurns} fabricated turn${fabricatedTurns === 1 ? '' : 's'}; final reply ${final.summary}` : final.summary;
  const lines = [`${pc.bold(id)}  ${VERDICT_STYLE[worst](worst.toUpperCase())}  ${pc.dim(note)}`];
  if (withTurns) {
    for (const t of turns) {
      if (t.receipt.verdict === 'clean') continue;
      lines.push(`  turn ${t.turn} (message ${t.messageIndex}): ${VERDICT_STYLE[t.receipt.verdict](t.receipt.verdict)}`);
      lines.push(...receiptLines(t.receipt, '    '));
    }
  } else {
    lines.push(...receiptLines(final, '  '));
  }
  return lines.join('\n');
}

function receiptLines(r: Receipt, indent: string): string[] {
  const out: string[] = [];
  for (const c of r.claimedButNeverRan) out.push(`${indent}${pc.red('✗')} ${pc.bold(c.tool ?? '?')} ${pc.red(c.reason ?? '')}${observed(c)}: ${quote(c.text)}`);
  const confirmed = [...new Set(r.confirmed.map((c) => c.tool ?? '?'))];
  if (confirmed.length > 0) out.push(`${indent}${pc.green('✓')} confirmed: ${confirmed.join(', ')}`);
  const unreported = [...new Set(r.ranButUnreported.map((e) => e.tool))];
  if (unreported.length > 0) out.push(`${indent}${pc.yellow('•')} ran but unreported: ${unreported.join(', ')}`);
  for (const c of r.unmatched) out.push(`${indent}${pc.dim(`? unmatched (no listed tool fits): ${quote(c.text)}`)}`);
  return out;
}

function observed(c: Claim): string {
  if (c.observed === undefined || c.observed.length === 0) return '';
  return pc.dim(` (calls used ${c.observed.map((v) => JSON.stringify(v)).join(', ')})`);
}

function quote(text: string): string {
  const t = text.length > 160 ? `${text.slice(0, 157)}…` : text;
  return pc.italic(`"${t}"`);
}

/** The closing line: how many conversations and turns, by verdict. */
export function formatTotals(t: Totals): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(t.conversations, 'conversation'), plural(t.turns, 'assistant turn'), `${t.fabricated} fabricated`, `${t.unreported} unreported`, `${t.clean} clean`];
  if (t.errors > 0) parts.push(pc.red(`${t.errors} unreadable`));
  return pc.dim(parts.join(' · '));
}
