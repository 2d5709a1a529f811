/**
 * Internal: `check --service NAME` and `--since TIME` over traces. Keeps count of the traces it saw, so
 * that a filter that leaves none (a mistyped service name, a `--since` after every trace) is said on
 * stderr with what the input did hold, instead of a quiet "0 conversations" that reads as a pass.
 */
import type { PendingTrace } from './_trace-grouper.js';

/** Most service names listed in the note; the rest are counted. */
const MAX_NAMES = 10;

export class TraceFilter {
  private seen = 0;
  private kept = 0;
  private readonly names = new Set<string>();
  private newest: number | null = null;

  /**
   * @param service `--service`: a name the trace must answer to; `undefined` for any.
   * @param since `--since` as typed and as epoch milliseconds; `undefined` for any start.
   */
  constructor(
    private readonly service: string | undefined,
    private readonly since: { text: string; ms: number } | undefined,
  ) {}

  /** Whether `trace` passes the filters; counted either way. */
  keeps(trace: PendingTrace): boolean {
    this.seen++;
    for (const n of trace.names) this.names.add(n);
    if (trace.startTime !== null && (this.newest === null || trace.startTime > this.newest)) this.newest = trace.startTime;
    if (this.since !== undefined && trace.startTime !== null && trace.startTime < this.since.ms) return false;
    if (this.service !== undefined && !trace.names.includes(this.service)) return false;
    this.kept++;
    return true;
  }

  /**
   * What to say when a filter was given and kept no trace: which filter, out of how many traces, and what
   * they held (services, the newest start). `null` when no filter was given or some trace passed.
   */
  emptyNote(): string | null {
    if ((this.service === undefined && this.since === undefined) || this.kept > 0) return null;
    const flags = [this.service === undefined ? null : `--service ${this.service}`, this.since === undefined ? null : `--since ${this.since.text}`].filter((f) => f !== null).join(' with ');
    if (this.seen === 0) return `${flags} selects traces, and the input held none (conversations are checked whatever it says).`;
    const traces = `${this.seen} trace${this.seen === 1 ? '' : 's'}`;
    const names = [...this.names].sort();
    const shown = names.length === 0 ? 'none named' : `${names.slice(0, MAX_NAMES).join(', ')}${names.length > MAX_NAMES ? ` and ${names.length - MAX_NAMES} more` : ''}`;
    const facts = [this.service === undefined ? null : `services seen: ${shown}`, this.since === undefined || this.newest === null ? null : `the newest started ${new Date(this.newest).toISOString()}`].filter((f) => f !== null);
    return `${flags} matched none of the ${traces} (none of them was checked); ${facts.join('; ')}.`;
  }
}
