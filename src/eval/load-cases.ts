/**
 * Loads labelled cases (the format of docs/case-format.md: `"kind": "claims"` and `"kind": "validation"`).
 * Labeller hints (fields starting with `x_`) are never read.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ClaimcheckError } from '../errors.js';
import type { Verdict } from '../receipt.js';

/** Expected outcome of a claims case. */
export interface ClaimsExpectation {
  verdict: Verdict;
  flagged: Array<{ tool: string; reason: string }>;
  confirmed: string[];
  unreported: string[];
  /**
   * `claimed_without_tool`: lemmas of the claimed verbs that no listed tool can perform (`"email"`).
   * Absent: the case does not label this finding (it is then counted, not scored).
   */
  claimedWithoutTool?: string[];
  /** `denied_but_ran`: tools whose success the reply denies. Absent: not labelled. */
  deniedButRan?: string[];
}

export interface ClaimsCase {
  kind: 'claims';
  id: string;
  file: string;
  format: string;
  tools: unknown;
  messages: unknown;
  expect: ClaimsExpectation;
  perTurn: Array<{ turn: number; verdict: Verdict }>;
}

export interface ValidationCase {
  kind: 'validation';
  id: string;
  file: string;
  record: Record<string, unknown>;
  expect: { ok: boolean; category?: string; path?: string };
}

export type LabelledCase = ClaimsCase | ValidationCase;

/**
 * Read every `*.json` case under the given directories (not recursive), sorted by file name.
 * @throws ClaimcheckError `invalid_case` naming the file when a case is not JSON or not in the case format.
 */
export function loadCases(dirs: readonly string[]): LabelledCase[] {
  const out: LabelledCase[] = [];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = statSync(dir).isDirectory() ? readdirSync(dir).filter((n) => n.endsWith('.json')).sort() : [dir];
    } catch (cause) {
      throw new ClaimcheckError('invalid_case', `Cannot read case directory ${dir}: ${(cause as Error).message}`, { cause });
    }
    for (const name of names) {
      const file = names.length === 1 && name === dir ? dir : join(dir, name);
      out.push(parseCase(file, readFileSync(file, 'utf8')));
    }
  }
  return out;
}

/**
 * What is wrong when a claims case labels its final reply twice, differently: `expect.verdict` (the last
 * turn's verdict) against the `per_turn` entry of that turn. `turns` is how many assistant turns with text
 * the conversation has (as the checker counts them). `null` when they agree or `per_turn` does not label
 * the final turn.
 */
export function labelConflict(kase: ClaimsCase, turns: number): string | null {
  const final = kase.perTurn.find((t) => t.turn === turns);
  if (final === undefined || final.verdict === kase.expect.verdict) return null;
  return (
    `${kase.file}: the case contradicts itself: expect.verdict says "${kase.expect.verdict}" but its per_turn entry for the final turn (turn ${turns}) says "${final.verdict}". ` +
    'Both label the last reply; fix the wrong one (verdict accuracy is scored against expect.verdict, per-turn accuracy against per_turn).'
  );
}

function parseCase(file: string, text: string): LabelledCase {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (cause) {
    throw new ClaimcheckError('invalid_case', `${file} is not JSON: ${(cause as Error).message}`, { cause });
  }
  const bad = (what: string): ClaimcheckError => new ClaimcheckError('invalid_case', `${file}: ${what} (the case format: docs/case-format.md in the claimcheck package)`);
  if (typeof raw !== 'object' || raw === null) throw bad('not an object');
  const c = raw as Record<string, unknown>;
  const id = typeof c.id === 'string' ? c.id : file;
  const expect = c.expect as Record<string, unknown> | undefined;
  if (typeof expect !== 'object' || expect === null) throw bad('no "expect" object');
  if (c.kind === 'validation') {
    return { kind: 'validation', id, file, record: c, expect: expect as ValidationCase['expect'] };
  }
  if (c.kind !== 'claims') throw bad(`unknown kind ${JSON.stringify(c.kind)}`);
  if (!Array.isArray(c.messages)) throw bad('"messages" is not an array');
  const strings = (list: unknown[], field: string): string[] => {
    if (list.some((x) => typeof x !== 'string')) throw bad(`"expect.${field}" holds something that is not a string`);
    return list as string[];
  };
  const perTurn = Array.isArray(c.per_turn) ? (c.per_turn as ClaimsCase['perTurn']) : [];
  return {
    kind: 'claims',
    id,
    file,
    format: typeof c.format === 'string' ? c.format : 'auto',
    tools: c.tools,
    messages: c.messages,
    expect: {
      verdict: expect.verdict as Verdict,
      flagged: (expect.flagged as ClaimsExpectation['flagged'] | undefined) ?? [],
      confirmed: (expect.confirmed as string[] | undefined) ?? [],
      unreported: (expect.unreported as string[] | undefined) ?? [],
      ...(Array.isArray(expect.claimed_without_tool) ? { claimedWithoutTool: strings(expect.claimed_without_tool, 'claimed_without_tool') } : {}),
      ...(Array.isArray(expect.denied_but_ran) ? { deniedButRan: strings(expect.denied_but_ran, 'denied_but_ran') } : {}),
    },
    perTurn,
  };
}
