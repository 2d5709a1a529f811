/**
 * `claimcheck eval DIR... [--json] [--no-misses]`: scores every labelled case (format:
 * docs/case-format.md) and prints the metrics and the misses. Exit status 0, or 2 when a case cannot be loaded or
 * no case is found.
 */
import { ClaimcheckError } from '../errors.js';
import { formatEval } from '../eval/format-eval.js';
import { loadCases } from '../eval/load-cases.js';
import { runEval } from '../eval/run-eval.js';
import type { Sinks } from './check-command.js';

/** Run the command; resolves to the exit status. */
export function runEvalCommand(dirs: readonly string[], options: { json?: boolean; misses?: boolean }, sinks: Sinks): number {
  let cases;
  try {
    cases = loadCases(dirs);
  } catch (error) {
    sinks.err(`claimcheck eval: ${ClaimcheckError.isInstance(error) ? error.message : String(error)}`);
    return 2;
  }
  if (cases.length === 0) {
    sinks.err(`claimcheck eval: no labelled cases (*.json) in ${dirs.join(', ')}.`);
    return 2;
  }
  const report = runEval(cases);
  sinks.out(options.json === true ? JSON.stringify(report) : formatEval(report, { misses: options.misses !== false }));
  return 0;
}
