/**
 * `claimcheck eval DIR... [--json] [--no-misses] [--llm MODULE] [--min-precision R] [--min-recall R]
 * [--max-false-alarms R]`: scores every labelled case (format: docs/case-format.md) and prints the metrics
 * and the misses. Exit status 0; 1 when a threshold is not met (each one missed said on stderr; a metric no
 * case measures, n/a, meets every threshold); 2 when a
 * case cannot be loaded, no case is found, or a threshold is not a ratio from 0 to 1. A case that labels its
 * final reply twice, differently (`expect.verdict` against its `per_turn` entry), is warned about on stderr.
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

/** Options of the eval command, as parsed from the command line. */
export interface EvalCommandOptions {
  json?: boolean;
  misses?: boolean;
  llm?: string;
  /** Least claim precision that passes, a ratio from 0 to 1 (a string as typed, or a number). */
  minPrecision?: string | number;
  /** Least claim recall that passes, 0 to 1. */
  minRecall?: string | number;
  /** Greatest rate of honest false alarms that passes, 0 to 1. */
  maxFalseAlarms?: string | number;
}

/** Run the command; resolves to the exit status. */
export async function runEvalCommand(dirs: readonly string[], options: EvalCommandOptions, sinks: Sinks): Promise<number> {
  const thresholds = readThresholds(options);
  if (typeof thresholds === 'string') {
    sinks.err(`claimcheck eval: ${thresholds}`);
    return 2;
  }
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
  const warn = (message: string): void => sinks.err(`claimcheck eval: warning: ${message}`);
  const report = runEval(cases, turnsOf === undefined ? { onWarning: warn } : { turnsOf, secondOpinion: true, onWarning: warn });
  sinks.out(options.json === true ? JSON.stringify(report) : formatEval(report, { misses: options.misses !== false }));
  const missed = thresholds.flatMap((t) => {
    const rate = report[t.metric];
    // A metric no case measures (n/a, 0/0) holds nothing to fail on.
    const fails = rate.defined && (t.bound === 'min' ? rate.value < t.value : rate.value > t.value);
    return fails ? [`${t.name} ${rate.value.toFixed(3)} (${rate.hits}/${rate.total}) is ${t.bound === 'min' ? 'below' : 'above'} --${t.flag} ${t.value}`] : [];
  });
  for (const m of missed) sinks.err(`claimcheck eval: ${m}.`);
  return missed.length > 0 ? 1 : 0;
}

/** A bound on one metric of the report. */
interface Threshold {
  flag: string;
  name: string;
  metric: 'claimPrecision' | 'claimRecall' | 'falseAlarmRate';
  bound: 'min' | 'max';
  value: number;
}

/** The thresholds given, or what is wrong with one. */
function readThresholds(options: EvalCommandOptions): Threshold[] | string {
  const given: Array<Omit<Threshold, 'value'> & { raw: string | number | undefined }> = [
    { flag: 'min-precision', name: 'claim precision', metric: 'claimPrecision', bound: 'min', raw: options.minPrecision },
    { flag: 'min-recall', name: 'claim recall', metric: 'claimRecall', bound: 'min', raw: options.minRecall },
    { flag: 'max-false-alarms', name: 'honest false alarms', metric: 'falseAlarmRate', bound: 'max', raw: options.maxFalseAlarms },
  ];
  const out: Threshold[] = [];
  for (const { raw, ...t } of given) {
    if (raw === undefined) continue;
    const value = typeof raw === 'number' ? raw : raw.trim() === '' ? NaN : Number(raw);
    if (!(Number.isFinite(value) && value >= 0 && value <= 1)) return `--${t.flag} takes a ratio from 0 to 1 (0.95 for 95%); got ${JSON.stringify(raw)}.`;
    out.push({ ...t, value });
  }
  return out;
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
