/**
 * Internal: the reporters of `claimcheck check` (`--reporter text|json|github|junit`). Each gets the
 * conversations `--only` lets through, in input order, then the run's totals; it writes its output
 * through `out` (stdout, or the `--output` file).
 *
 * - `text`: the readable report and a closing summary.
 * - `json`: exactly one JSON line per conversation (docs/formats.md), nothing else.
 * - `github`: GitHub Actions workflow commands: an `::error` annotation per flagged claim and per
 *   unreadable conversation, on its file and line (a JSON Lines record's line; in a JSON document, the line
 *   of the reply the finding is about, or of the record), then a `::notice` summary.
 *   https://docs.github.com/actions/reference/workflows-and-actions/workflow-commands
 * - `junit`: a JUnit XML report (one test case per conversation; a failure when fabricated, with the
 *   summary and each flagged claim in its message; an error when unreadable), written when the run ends. Built with `junit-report-builder`, which escapes.
 */
import junitModule, { type Builder } from 'junit-report-builder';
import { turnReceiptToJSON } from '../check.js';
import type { Claim, Receipt } from '../receipt.js';
import { formatConversation, formatSummary } from './format-report.js';
import { judgedReceipts, type Outcome, type OutcomeKind, type Totals } from './_check-outcome.js';

/** The names `--reporter` takes. */
export const REPORTERS = ['text', 'json', 'github', 'junit'] as const;
/** One of {@link REPORTERS}. */
export type ReporterName = (typeof REPORTERS)[number];

/** A reporter of the check command. */
export interface Reporter {
  conversation(o: Outcome): void;
  end(totals: Totals): void;
}

/** Options every reporter reads. */
export interface ReporterOptions {
  out: (line: string) => void;
  only: ReadonlySet<OutcomeKind> | null;
  /** No per-conversation output (`--quiet`) from the text and json reporters: the text summary only. */
  quiet: boolean;
}

/** The reporter of that name. */
export function createReporter(name: ReporterName, options: ReporterOptions): Reporter {
  switch (name) {
    case 'json':
      return jsonReporter(options);
    case 'github':
      return githubReporter(options);
    case 'junit':
      return junitReporter(options);
    default:
      return textReporter(options);
  }
}

function textReporter({ out, only, quiet }: ReporterOptions): Reporter {
  return {
    conversation(o) {
      // Unreadable conversations are reported on stderr by the command.
      if (!quiet && o.error === undefined) out(formatConversation(o, only));
    },
    end(totals) {
      out(formatSummary(totals));
    },
  };
}

/**
 * One line per conversation: the final reply's receipt fields (without `version`) after `id`. With
 * `--turns`, also `turns` (each turn's receipt), `conversationVerdict` (the worst turn's verdict), and
 * `ok` is false when any turn is fabricated.
 */
export function jsonLine(o: Outcome): Record<string, unknown> {
  if (o.error !== undefined || o.final === undefined) return { id: o.id, error: o.error };
  const { version: _version, ...fields } = o.final.toJSON();
  const line: Record<string, unknown> = { id: o.id, ...fields };
  if (o.withTurns) {
    line.ok = o.verdict !== 'fabricated';
    line.conversationVerdict = o.verdict;
    line.turns = o.turns.map(turnReceiptToJSON);
  }
  return line;
}

function jsonReporter({ out, quiet }: ReporterOptions): Reporter {
  return {
    conversation(o) {
      if (!quiet) out(JSON.stringify(jsonLine(o)));
    },
    end() {},
  };
}

/** Escapes the message of a workflow command (`%`, CR, LF). */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property of a workflow command (also `:` and `,`). */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * The line an annotation points at: a JSON Lines record's line; in a JSON document, the line of the reply
 * (`messageIndex`), else of the record.
 */
function lineOf(o: Outcome, messageIndex?: number): number | undefined {
  return o.line ?? o.locate?.(messageIndex) ?? (messageIndex === undefined ? undefined : o.locate?.());
}

/** The message index of the final reply, the one the receipt without `--turns` judges. */
function finalIndex(o: Outcome): number | undefined {
  return o.turns.at(-1)?.messageIndex;
}

function annotation(level: 'error' | 'warning' | 'notice', o: Outcome, title: string, message: string, messageIndex?: number): string {
  const props: string[] = [];
  if (o.file !== undefined && o.file !== '-') props.push(`file=${escapeProperty(o.file)}`);
  const line = lineOf(o, messageIndex);
  if (line !== undefined) props.push(`line=${line}`);
  props.push(`title=${escapeProperty(title)}`);
  return `::${level} ${props.join(',')}::${escapeData(message)}`;
}

function flaggedClaims(o: Outcome): { claim: Claim; turn: number | null; messageIndex: number | undefined }[] {
  if (!o.withTurns) return (o.final?.claimedButNeverRan ?? []).map((claim) => ({ claim, turn: null, messageIndex: finalIndex(o) }));
  return o.turns.flatMap((t) => t.receipt.claimedButNeverRan.map((claim) => ({ claim, turn: t.turn, messageIndex: t.messageIndex })));
}

function githubReporter({ out }: ReporterOptions): Reporter {
  return {
    conversation(o) {
      if (o.error !== undefined) {
        out(annotation('error', o, `claimcheck: cannot check ${o.id}`, `${o.error.code}: ${o.error.message}`));
        return;
      }
      for (const { claim, turn, messageIndex } of flaggedClaims(o)) {
        const where = turn === null ? '' : ` (turn ${turn})`;
        out(annotation('error', o, `claimcheck: ${claim.tool ?? '?'} ${claim.reason ?? 'flagged'}`, `${o.id}${where}: "${claim.text}" claims ${claim.tool ?? 'an action'}, but it ${reasonText(claim.reason)}${detail(claim)}.`, messageIndex));
      }
      // Informational findings are warnings; under --strict they are errors (they make the verdict fabricated).
      for (const r of judgedReceipts(o)) {
        const level = r.strict ? 'error' : 'warning';
        const at = o.turns.find((t) => t.receipt === r)?.messageIndex ?? finalIndex(o);
        for (const c of r.claimedWithoutTool) out(annotation(level, o, 'claimcheck: claimed without a tool', `${o.id}: "${c.text}" claims an action (${c.verb}) that no listed tool can perform.`, at));
        for (const c of r.deniedButRan) out(annotation(level, o, `claimcheck: ${c.tool ?? '?'} denied but ran`, `${o.id}: "${c.text}" says it was not done, but a call of ${c.tool ?? '?'} succeeded: a retry would repeat it.`, at));
      }
    },
    end(t) {
      const parts = [plural(t.conversations, 'conversation'), `${t.fabricated} fabricated`, `${t.unreported} unreported`, `${t.clean} clean`];
      if (t.errors > 0) parts.push(`${t.errors} unreadable`);
      out(`::notice title=claimcheck::${escapeData(`${parts.join(', ')}; ${plural(t.flagged, 'flagged claim')}`)}`);
    },
  };
}

/** What an `args_mismatch` contradicts, when the claim says (`message`: "the reply says a refund of $64, but the call used amount 46"), after a colon; else `''`. */
function detail(claim: Claim): string {
  return claim.message === undefined ? '' : `: ${claim.message}`;
}

function reasonText(reason: string | undefined): string {
  switch (reason) {
    case 'not_called':
      return 'was never called';
    case 'tool_failed':
      return 'failed';
    case 'args_mismatch':
      return 'ran with other values';
    default:
      return 'is not proven';
  }
}

/** Characters XML 1.0 cannot hold at all (escaping does not help): control characters but tab, LF, CR. */
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function xmlText(s: string): string {
  return s.replace(XML_INVALID, '\uFFFD');
}

/**
 * junit-report-builder is CommonJS whose `module.exports` is the builder, while its types declare it as
 * `default`: Node.js hands over `module.exports`, a bundler may hand over `default`. Either works here.
 */
function rootBuilder(): Builder {
  const loaded = junitModule as unknown as Builder & { default?: Builder };
  return loaded.default ?? loaded;
}

function junitReporter({ out }: ReporterOptions): Reporter {
  const builder = rootBuilder().newBuilder();
  const suites = new Map<string, ReturnType<typeof builder.testSuite>>();
  const suiteOf = (o: Outcome): ReturnType<typeof builder.testSuite> => {
    const name = o.file === undefined || o.file === '-' ? 'stdin' : o.file;
    let suite = suites.get(name);
    if (suite === undefined) {
      suite = builder.testSuite().name(xmlText(`claimcheck ${name}`));
      suites.set(name, suite);
    }
    return suite;
  };
  return {
    conversation(o) {
      const test = suiteOf(o).testCase().className(xmlText(o.file ?? 'stdin')).name(xmlText(o.id));
      const line = lineOf(o, o.error === undefined ? finalIndex(o) : undefined);
      if (line !== undefined) test.property('line', String(line));
      if (o.error !== undefined) {
        test.error(xmlText(`${o.error.code}: ${o.error.message}`), o.error.code);
        return;
      }
      // Everything goes in attributes, which xmlbuilder escapes fully (its CDATA escaping of `]]>` is partial).
      if (o.verdict === 'fabricated') test.failure(xmlText([o.final?.summary ?? 'fabricated', ...judgedReceipts(o).flatMap(findingLines)].join('\n')), 'fabricated');
    },
    end() {
      out(builder.build());
    },
  };
}

function findingLines(r: Receipt): string[] {
  return [
    ...r.claimedButNeverRan.map((c) => `${c.tool ?? '?'} ${c.reason ?? 'flagged'}: "${c.text}"${detail(c)}`),
    ...(r.strict ? r.claimedWithoutTool.map((c) => `claimed without a tool (${c.verb}): "${c.text}"`) : []),
    ...(r.strict ? r.deniedButRan.map((c) => `${c.tool ?? '?'} denied but ran: "${c.text}"`) : []),
  ];
}

/** `1 conversation`, `2 conversations`. */
function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
