/**
 * Internal: how the ledger commands print times, durations, rates, states and tables. Colour comes
 * from picocolors (off on a pipe, with NO_COLOR, on with FORCE_COLOR); tables from cli-table3 with its
 * own colouring turned off, so picocolors alone decides.
 */
import Table from 'cli-table3';
import { pc } from './_terminal-text.js';
import type { Verdict } from '../receipt.js';
import type { OperationState } from '../store.js';

/** A local time, `2024-05-01 14:03:22`. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${formatClock(ms)}`;
}

/** The local time of day, `14:03:22`. */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** `850 ms`, `4.2 s`, `3m 05s`, `2h 10m`. */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const s = Math.round(ms / 1_000);
  if (s < 3_600) return `${Math.floor(s / 60)}m ${two(s % 60)}s`;
  return `${Math.floor(s / 3_600)}h ${two(Math.floor((s % 3_600) / 60))}m`;
}

/** A 0–1 rate as a percentage with one decimal, `38.5%`. */
export function formatRate(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

/** `1 run`, `3 runs`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** `text` on one line, cut to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

export const STATE_STYLE: Record<OperationState, (s: string) => string> = {
  posted: pc.green,
  read: pc.cyan,
  unknown: pc.yellow,
  needs_review: (s) => pc.bold(pc.magenta(s)),
  failed: pc.red,
};

export const VERDICT_STYLE: Record<Verdict, (s: string) => string> = {
  fabricated: (s) => pc.bold(pc.red(s)),
  unreported: pc.yellow,
  clean: pc.green,
};

/** A table with bold headers; `right` lists the columns (by index) aligned right, such as counts. */
export function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>, right: readonly number[] = []): string {
  const t = new Table({
    head: head.map((h) => pc.bold(h)),
    style: { head: [], border: [], 'padding-left': 1, 'padding-right': 1 },
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    colAligns: head.map((_, i) => (right.includes(i) ? 'right' : 'left')),
    wordWrap: false,
  });
  for (const row of rows) t.push([...row]);
  return t.toString();
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}
