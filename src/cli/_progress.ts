/**
 * Internal: a progress bar on stderr for long commands (`export`, `check` over big files). Shown only
 * when the command is given a stream, which `main.ts` does when stderr is a terminal and stdout is not
 * (output redirected to a file or a pipe), so the bar never mixes with the output or lands in a log.
 * `cli-progress` is loaded only when a bar is shown.
 */
import { stat } from 'node:fs/promises';

/** A running progress bar, or a no-op. */
export interface Progress {
  /** Set the amount done (rows or bytes). */
  update(done: number): void;
  /** Write a line (through `write`) above the bar, without garbling it. */
  interrupt(write: () => void): void;
  /** Remove the bar. Idempotent. */
  stop(): void;
}

/** Options of {@link startProgress}. */
export interface ProgressOptions {
  /** The command, shown before the bar. */
  label: string;
  /** The amount at completion, in `unit`s. A bar with a total of 0 is not shown. */
  total: number;
  unit: 'rows' | 'bytes';
}

/** Inputs smaller than this get no bar from {@link startFileProgress}: they are read in a blink. */
export const FILE_PROGRESS_MIN_BYTES = 1024 * 1024;

const none: Progress = { update: () => undefined, interrupt: (write) => write(), stop: () => undefined };

/** A bar on `stream`; a no-op when `stream` is undefined, is not a terminal, or `total` is 0. Stop it in a `finally`. */
export async function startProgress(stream: NodeJS.WritableStream | undefined, options: ProgressOptions): Promise<Progress> {
  if (stream === undefined || options.total <= 0) return none;
  const { default: cliProgress } = await import('cli-progress');
  const show = options.unit === 'bytes' ? formatBytes : (n: number) => n.toLocaleString('en-US');
  const bar = new cliProgress.SingleBar({
    stream,
    format: `${options.label} {bar} {percentage}% · {done} of {all}${options.unit === 'rows' ? ' rows' : ''}`,
    barsize: 30,
    barCompleteChar: '█',
    barIncompleteChar: '░',
    clearOnComplete: true,
    forceRedraw: true,
    hideCursor: false,
    gracefulExit: true,
  });
  const total = options.total;
  bar.start(total, 0, { done: show(0), all: show(total) });
  let stopped = false;
  return {
    update: (done) => bar.update(Math.min(done, total), { done: show(Math.min(done, total)) }),
    interrupt: (write) => {
      if (!stopped) stream.write('\r\x1b[2K');
      write();
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      bar.stop();
    },
  };
}

/**
 * A bar over the bytes of `files` (stdin, `-`, not counted), and the `onRead` that moves it (for
 * `readInputs`). No bar under {@link FILE_PROGRESS_MIN_BYTES}.
 */
export async function startFileProgress(
  stream: NodeJS.WritableStream | undefined,
  label: string,
  files: readonly string[],
  minBytes = FILE_PROGRESS_MIN_BYTES,
): Promise<{ progress: Progress; onRead: (bytes: number) => void }> {
  if (stream === undefined) return { progress: none, onRead: () => undefined };
  const sizes = await Promise.all(files.filter((f) => f !== '-').map((f) => stat(f).then((s) => (s.isFile() ? s.size : 0), () => 0)));
  const total = sizes.reduce((a, b) => a + b, 0);
  const progress = await startProgress(total >= minBytes ? stream : undefined, { label, total, unit: 'bytes' });
  let done = 0;
  return { progress, onRead: (bytes) => progress.update((done += bytes)) };
}

function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
