/**
 * Text form of an {@link EvalReport}, as `claimcheck eval` prints it.
 */
import type { EvalReport, FindingScore, Rate } from './run-eval.js';

const pct = (r: Rate): string => (!r.defined ? 'n/a    (0/0)' : `${r.value.toFixed(3)}  (${r.hits}/${r.total})`);

/** Render the report: one metric a line, then the misses. */
export function formatEval(report: EvalReport, options: { misses?: boolean } = {}): string {
  const lines = [
    `cases: ${report.claimsCases} claims, ${report.validationCases} validation`,
    `claim precision        ${pct(report.claimPrecision)}`,
    `claim recall           ${pct(report.claimRecall)}`,
    `flag precision         ${pct(report.flagPrecision)}`,
    `flag recall            ${pct(report.flagRecall)}`,
    `reason accuracy        ${pct(report.reasonAccuracy)}`,
    `honest false alarms    ${pct(report.falseAlarmRate)}`,
    `verdict accuracy       ${pct(report.verdictAccuracy)}`,
    `per-turn accuracy      ${pct(report.perTurnAccuracy)}`,
    `validation accuracy    ${pct(report.validationAccuracy)}`,
    finding('claimed without tool', report.claimedWithoutTool),
    finding('denied but ran', report.deniedButRan),
    ...secondOpinion(report),
  ];
  if (options.misses !== false && report.misses.length > 0) {
    lines.push('', `misses (${report.misses.length}):`, ...report.misses.map((m) => `  ${m}`));
  }
  return lines.join('\n');
}

/** One line per finding list: how many were found, and precision / recall over the cases that label it. */
function finding(name: string, f: FindingScore): string {
  const scored = f.labelledCases === 0 ? 'no case labels it' : `precision ${pct(f.precision)}, recall ${pct(f.recall)} over ${f.labelledCases} labelled case${f.labelledCases === 1 ? '' : 's'}`;
  return `${name.padEnd(23)}${f.found} found; ${scored}`;
}

/** With `--llm`: what the model added to the final replies, what its guards dropped, and failed answers. */
function secondOpinion(report: EvalReport): string[] {
  const s = report.secondOpinion;
  if (s === undefined) return [];
  const dropped = Object.entries(s.dropped).map(([guard, n]) => `${guard} ${n}`);
  return [
    `llm confirmed          ${s.confirmed.total} added; precision ${pct(s.confirmed)}`,
    `llm suspected          ${s.suspected.total} added; precision ${pct(s.suspected)} (the label flags the tool)`,
    `llm unmatched          ${s.unmatched} added`,
    `llm dropped            ${dropped.length === 0 ? 'none' : dropped.join(', ')}`,
    `llm failed answers     ${s.failed} of ${s.replies} replies`,
  ];
}
