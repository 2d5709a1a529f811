/**
 * Internal: the fail-open log. When claimcheck itself fails while guarding a call (a bug, a schema Ajv
 * cannot compile, a receipt reader that throws, a sink that is down), the call goes on and the incident
 * is logged once per cause; a failing sink once per sink ("recording is off").
 */
import type { OperationSink } from './operation-sink.js';
import { sayRecordingOff, watchRecording } from './_recording-off.js';

/** Where warnings go: anything with a `warn(message, cause?)` method; `console` by default. */
export interface GuardLogger {
  warn(message: string, ...detail: unknown[]): void;
}

/** The step of guarding that failed. */
export type IncidentStep = 'validation' | 'receipt' | 'verify' | 'record' | 'sink' | 'check' | 'observer';

const MAX_CAUSES = 1_000;

/** Logs each distinct cause once and counts every incident. */
export class IncidentLog {
  readonly #logger: GuardLogger;
  readonly #sink: OperationSink | undefined;
  readonly #seen = new Set<string>();
  count = 0;

  /** With `sink`, failures at the `sink` step are said once per sink, and the sink's own `onError` reports are watched. */
  constructor(logger: GuardLogger, sink?: OperationSink) {
    this.#logger = logger;
    this.#sink = sink;
    if (sink !== undefined) watchRecording(sink, logger);
  }

  /**
   * Note an incident at `step` on `tool` and return its one-line description (`validation: …`). The
   * first incident with a given step and error message is logged with its cause; repeats are counted only.
   */
  report(step: IncidentStep, tool: string, cause: unknown): string {
    this.count++;
    const reason = cause instanceof Error ? cause.message : String(cause);
    const text = `${step}: ${reason}`;
    if (step === 'sink' && this.#sink !== undefined) {
      sayRecordingOff(this.#sink, cause, this.#logger);
      return text;
    }
    const key = `${step}\u0000${reason}`;
    if (!this.#seen.has(key)) {
      if (this.#seen.size >= MAX_CAUSES) this.#seen.clear();
      this.#seen.add(key);
      const after = step === 'sink' || step === 'record' || step === 'check' || step === 'observer' ? 'the call is unaffected' : 'the executor ran anyway and the call is marked unknown';
      this.#warn(`claimcheck: guarding ${JSON.stringify(tool)} failed at ${text} (${after}; logged once per cause).`, cause);
    }
    return text;
  }

  /** Log a warning that is no incident (`close()` checks). */
  warn(message: string): void {
    this.#warn(message);
  }

  #warn(message: string, cause?: unknown): void {
    try {
      if (cause === undefined) this.#logger.warn(message);
      else this.#logger.warn(message, cause);
    } catch {
      // A logger that throws must not break the user's call either.
    }
  }
}

/**
 * What `close()` warns about: action tools were guarded but `checkBypass` never ran, so a reply
 * claiming an action without calling its tool (the one catch a wrapper cannot make) went unchecked.
 */
export function closeWarnings(actions: ReadonlySet<string>, bypassChecks: number): string[] {
  if (actions.size === 0 || bypassChecks > 0) return [];
  return [
    `claimcheck: action tools (${[...actions].join(', ')}) were guarded but checkBypass() never ran, so a reply claiming an action ` +
      'without calling its tool went unchecked. Call guard.checkBypass(replyText) on every model turn that ends in text only.',
  ];
}
