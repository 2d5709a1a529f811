/**
 * Internal: writes every open store's queued records when the process exits, through one shared
 * `process.on('exit')` listener that is installed while at least one store is open (so importing the
 * store installs nothing). Exit handlers must be synchronous; SQLite writes are.
 */

/** What the exit hook needs from a store. */
export interface ExitFlushable {
  /** Write queued records synchronously; report failures itself, never throw. */
  flushOnExit(): void;
}

const open = new Set<ExitFlushable>();

function onExit(): void {
  for (const store of [...open]) {
    try {
      store.flushOnExit();
    } catch {
      // A store reports its own failures; nothing can be done this late.
    }
  }
}

/** Flush `store` on process exit until {@link unregisterExitFlush}. */
export function registerExitFlush(store: ExitFlushable): void {
  if (open.size === 0) process.on('exit', onExit);
  open.add(store);
}

export function unregisterExitFlush(store: ExitFlushable): void {
  if (!open.delete(store)) return;
  if (open.size === 0) process.off('exit', onExit);
}
