/**
 * The calls that may back a reply's claims, indexed by tool, with the text of their results (a value
 * the agent read from a result agrees with a claim). Built incrementally over a conversation so that
 * checking every turn stays linear in the conversation's length.
 */
import type { LedgerEntry } from '../ledger.js';
import { addJsonWords } from './_json-words.js';
import { ArgsDigest } from './args-digest.js';
import { carriesCommand } from './_passthrough.js';

/** What the judge needs to know about the backing calls. */
export interface Backing {
  /** How the calls of `tool` in the window settled: any success, only failures, or no call. */
  state(tool: string): 'ok' | 'failed' | 'none';
  /** The successful calls of `tool`, folded for the argument check. */
  digests(tool: string): readonly ArgsDigest[];
  /**
   * Whether a value (lower case: a number, reference or email) appears as a word of some result in the
   * window: the agent read it there. Constant time.
   */
  seen(value: string): boolean;
  /** Every call of `tool` in the window (or of an act key), in the order they settled, failed ones included. */
  calls(tool: string): readonly LedgerEntry[];
  /** Some call of `tool` in the window carries a command (SQL, an HTTP request, a command line: `command-acts.ts`). */
  carriesCommands(tool: string): boolean;
}

const NO_CALLS: readonly LedgerEntry[] = [];

/** An append-only index of settled calls. */
export class LedgerIndex implements Backing {
  /** Per tool: how its calls settled, and its successful calls, folded into a digest when first asked for. */
  readonly #byTool = new Map<string, { ok: number; failed: number; digest: ArgsDigest | undefined; pending: LedgerEntry[]; all: LedgerEntry[]; commands: boolean; commandsRead: number }>();
  readonly #words = new Set<string>();
  /** Results not yet split into words: folding waits until a value is first looked up. */
  #pending: LedgerEntry[] = [];

  /** The act keys of a call of a tool whose argument selects its act (`tool-acts.ts`); `undefined` when no tool has acts. */
  readonly #acts: ((tool: string, args: unknown) => readonly string[]) | undefined;

  /**
   * @param acts The act keys each call selects (`callActKeys` of the tool profiles): such a call is indexed under
   *   each of them as well as under its tool's name, so that an act is judged only by the calls that selected it.
   */
  constructor(entries: Iterable<LedgerEntry> = [], acts?: (tool: string, args: unknown) => readonly string[]) {
    this.#acts = acts;
    for (const e of entries) this.add(e);
  }

  add(entry: LedgerEntry): void {
    this.#count(entry.tool, entry);
    if (this.#acts !== undefined) for (const key of this.#acts(entry.tool, entry.args)) this.#count(key, entry);
    this.#pending.push(entry);
  }

  #count(key: string, entry: LedgerEntry): void {
    let tool = this.#byTool.get(key);
    if (tool === undefined) {
      tool = { ok: 0, failed: 0, digest: undefined, pending: [], all: [], commands: false, commandsRead: 0 };
      this.#byTool.set(key, tool);
    }
    tool.all.push(entry);
    if (entry.status === 'ok') {
      tool.ok++;
      tool.pending.push(entry);
    } else {
      tool.failed++;
    }
  }

  state(tool: string): 'ok' | 'failed' | 'none' {
    const t = this.#byTool.get(tool);
    return t === undefined ? 'none' : t.ok > 0 ? 'ok' : 'failed';
  }

  digests(tool: string): readonly ArgsDigest[] {
    const t = this.#byTool.get(tool);
    if (t === undefined || t.ok === 0) return [];
    const digest = (t.digest ??= new ArgsDigest());
    for (const entry of t.pending) digest.add(entry);
    t.pending = [];
    return [digest];
  }

  calls(tool: string): readonly LedgerEntry[] {
    return this.#byTool.get(tool)?.all ?? NO_CALLS;
  }

  carriesCommands(tool: string): boolean {
    const t = this.#byTool.get(tool);
    if (t === undefined) return false;
    // Each call is read once: the calls added since the last question are read then.
    for (; !t.commands && t.commandsRead < t.all.length; t.commandsRead++) if (carriesCommand(t.all[t.commandsRead] as LedgerEntry)) t.commands = true;
    return t.commands;
  }

  seen(value: string): boolean {
    if (this.#pending.length > 0) {
      // A result of null has no words (as the text of a call that returned nothing).
      for (const entry of this.#pending) if (entry.result !== null) addJsonWords(entry.result, this.#words);
      this.#pending = [];
    }
    return this.#words.has(value);
  }

  /** This index plus a few calls that settle later in the same turn, without copying the index. */
  with(later: readonly LedgerEntry[]): Backing {
    if (later.length === 0) return this;
    const extra = new LedgerIndex(later, this.#acts);
    // The calls of a tool, both indexes' together, joined once per tool for this turn.
    const joined = new Map<string, readonly LedgerEntry[]>();
    return {
      state: (tool) => {
        const a = this.state(tool);
        const b = extra.state(tool);
        return a === 'ok' || b === 'ok' ? 'ok' : a === 'failed' || b === 'failed' ? 'failed' : 'none';
      },
      digests: (tool) => [...this.digests(tool), ...extra.digests(tool)],
      seen: (value) => this.seen(value) || extra.seen(value),
      calls: (tool) => {
        let all = joined.get(tool);
        if (all === undefined) {
          const later = extra.calls(tool);
          joined.set(tool, (all = later.length === 0 ? this.calls(tool) : [...this.calls(tool), ...later]));
        }
        return all;
      },
      carriesCommands: (tool) => this.carriesCommands(tool) || extra.carriesCommands(tool),
    };
  }
}
