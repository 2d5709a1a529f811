/**
 * `claimcheck eval DIR... [--json] [--no-misses] [--llm MODULE]`: scores every labelled case (format:
 * docs/case-format.md) and prints the metrics and the misses. Exit status 0, or 2 when a case cannot be loaded or
 * no case is found.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { ClaimcheckError } from '../errors.js';
import { formatEval } from '../eval/format-eval.js';
import { loadCases, type ClaimsCase } from '../eval/load-cases.js';
import { checkTurnsAsync } from '../check-async.js';
import type { TurnReceipt } from '../check.js';
import type { MessageFormat } from '../conversation.js';
import { loadExtractor } from './_load-extractor.js';
import { runEval } from '../eval/run-eval.js';
import type { Sinks } from './check-command.js';

/** Run the command; resolves to the exit status. */
export async function runEvalCommand(dirs: readonly string[], options: { json?: boolean; misses?: boolean; llm?: string }, sinks: Sinks): Promise<number> {
  let cases;
  try {
    cases = loadCases(dirs);
  } catch (error) {
    sinks.err(`claimcheck eval: ${ClaimcheckError.isInstance(error) ? error.message : String(error)}`);
    return 2;
  }
  if (cases.length === 0) {
    sinks.err(`claimcheck eval: ${noCases(dirs)}`);
    return 2;
  }
  let turnsOf: ((kase: ClaimsCase) => readonly TurnReceipt[] | undefined) | undefined;
  if (options.llm !== undefined) {
    const extractor = await loadExtractor(options.llm);
    if (typeof extractor === 'string') {
      sinks.err(`claimcheck eval: ${extractor}`);
      return 2;
    }
    // Each case's receipts with the model's second opinion; a case the checker cannot read is scored as a miss by runEval.
    const computed = new Map<ClaimsCase, readonly TurnReceipt[]>();
    for (const kase of cases) {
      if (kase.kind !== 'claims') continue;
      try {
        computed.set(kase, await checkTurnsAsync(kase.messages, { format: kase.format as MessageFormat, tools: kase.tools, extractor }));
      } catch {
        // left to runEval, which reports why
      }
    }
    turnsOf = (kase) => computed.get(kase);
  }
  const report = runEval(cases, turnsOf === undefined ? {} : { turnsOf, secondOpinion: true });
  sinks.out(options.json === true ? JSON.stringify(report) : formatEval(report, { misses: options.misses !== false }));
  return 0;
}

/**
 * Why no case was found in `dirs` (each a folder with no `*.json` file in it, as `loadCases` reads them),
 * with the subfolders holding `*.json` files that it did not read, and where the case format is written down.
 */
function noCases(dirs: readonly string[]): string {
  const subfolders = dirs.flatMap((dir) => entries(dir).filter((e) => e.isDirectory()).map((e) => join(dir, e.name))).filter((folder) => entries(folder).some((e) => e.name.endsWith('.json')));
  const unread = subfolders.length === 0 ? '' : ` Subfolders are not read (${subfolders.slice(0, 3).join(', ')}${subfolders.length > 3 ? ', …' : ''}): give them as folders, e.g. claimcheck eval ${subfolders[0] ?? ''}.`;
  return (
    `no labelled cases were found in ${dirs.join(', ')}: eval reads each *.json file directly in the folders given as one labelled case and found none.${unread} ` +
    'Write your cases as docs/case-format.md in the claimcheck package describes.'
  );
}

/** The folder's entries; none when it cannot be read. */
function entries(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}
