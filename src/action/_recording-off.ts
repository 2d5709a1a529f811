/**
 * Internal: "recording is off", said once per sink. A sink that fails (a store whose file is damaged,
 * locked, read-only, full or closed) never breaks the user's calls: the guard goes on and says once,
 * with the cause and its fix, that its records are not being saved. Once per sink, not per guard, so an
 * app that makes a guard per conversation over one store is told once. A sink that writes later (a
 * store's batched writes) reports those failures through `onError(listener)`; the guard subscribes.
 */
import { ClaimcheckError } from '../errors.js';
import type { GuardLogger } from './_incidents.js';
import type { OperationSink, SinkErrorSource } from './operation-sink.js';

/** The recording state of one sink, shared by every guard recording into it. */
interface RecordingState {
  said: boolean;
  /** The logger of the latest guard made over the sink: failures the sink reports later go there. */
  logger: GuardLogger;
}

const states = new WeakMap<object, RecordingState>();

/**
 * Start watching `sink` for a guard that logs to `logger`: the first time, subscribe to its `onError`
 * when it has one (see `SinkErrorSource`). A sink whose `onError` throws is left unwatched.
 */
export function watchRecording(sink: OperationSink, logger: GuardLogger): void {
  const known = states.get(sink);
  if (known !== undefined) {
    known.logger = logger;
    return;
  }
  const state: RecordingState = { said: false, logger };
  states.set(sink, state);
  const source = sink as Partial<SinkErrorSource>;
  if (typeof source.onError !== 'function') return;
  try {
    source.onError.call(sink, (error: Error) => void sayRecordingOff(sink, error));
  } catch {
    // A sink that cannot be watched still gets its records; only its later failures go unsaid.
  }
}

/**
 * Say, once per sink, that recording into `sink` is off because of `cause` (to `logger`, else the latest
 * guard's). Returns whether it was said now.
 */
export function sayRecordingOff(sink: OperationSink, cause: unknown, logger?: GuardLogger): boolean {
  let state = states.get(sink);
  if (state === undefined) {
    if (logger === undefined) return false;
    state = { said: false, logger };
    states.set(sink, state);
  }
  if (state.said) return false;
  state.said = true;
  try {
    (logger ?? state.logger).warn(recordingOffMessage(cause), cause);
  } catch {
    // A logger that throws must not break the user's call either.
  }
  return true;
}

/** The warning: what failed, how to fix it, and that the user's tools are unaffected. */
export function recordingOffMessage(cause: unknown): string {
  const reason = (cause instanceof Error ? cause.message : String(cause)).trim();
  // The store's errors name the file and say how to fix it; another sink's error may not.
  const fix = ClaimcheckError.isInstance(cause) && cause.code.startsWith('store_') ? '' : ' Fix the sink or store given to guard().';
  return (
    `claimcheck: recording is off: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}${fix} ` +
    'The guard still runs your tools and returns their results; their records are not being saved until this is fixed (said once).'
  );
}
