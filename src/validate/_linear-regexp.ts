/**
 * Schema `pattern`s (and `patternProperties` keys) run on RE2 (the pure-JavaScript port `re2js`), whose
 * matching time is linear in the input's length whatever the pattern: a tool's schema comes from an MCP
 * server or a user, the argument from the model, and JavaScript's backtracking engine takes exponential
 * time on patterns like `^(a+)+$`.
 *
 * RE2 has no lookahead, lookbehind or backreferences. A pattern that JavaScript accepts but RE2 does not
 * fails open: it matches every string (the keyword is skipped, never a false rejection) and is reported
 * by {@link unsupportedPatterns}, which the validators turn into `ValidationResult.skipped`. A pattern
 * that is no JavaScript regular expression at all stays an error (the schema does not compile).
 *
 * Known differences from JavaScript's `u` mode that tool schemas may meet: `\s` is ASCII whitespace
 * only, and `\w`, `\d`, `\b` are ASCII (as in JavaScript).
 * @see https://github.com/google/re2/wiki/Syntax
 * @see https://ajv.js.org/options.html#code (`code.regExp`)
 */
import type { CodeOptions } from 'ajv';
import { RE2JS } from 're2js';

type RegExpEngine = NonNullable<CodeOptions['regExp']>;
/** What Ajv needs of a compiled pattern. */
export interface RegExpLike {
  test(s: string): boolean;
}

/** What RE2 said about each pattern it could not take (`null`: supported), by pattern source. */
const verdicts = new Map<string, string | null>();
/** Patterns remembered at most; past it the table is cleared (a verdict is cheap to recompute). */
const MAX_VERDICTS = 10_000;

/** A pattern compiled for RE2, or why RE2 cannot take it. JavaScript syntax errors throw, as `new RegExp` does. */
function compileLinear(pattern: string): RE2JS | string {
  // Compiled only to report JavaScript syntax errors; never run.
  new RegExp(pattern, 'u');
  try {
    return RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function remember(pattern: string, verdict: string | null): void {
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(pattern, verdict);
}

/**
 * The linear-time matcher for `pattern`, or `undefined` when RE2 does not support it.
 * @throws SyntaxError when `pattern` is no JavaScript regular expression (`u` mode).
 */
export function linearRegExp(pattern: string): RegExpLike | undefined {
  const compiled = compileLinear(pattern);
  remember(pattern, typeof compiled === 'string' ? compiled : null);
  return typeof compiled === 'string' ? undefined : { test: (s: string) => compiled.test(s) };
}

/**
 * Ajv's `code.regExp` engine: RE2 for every pattern it supports; an always-matching stand-in for the
 * rest (see the module comment). The stand-in's `toString` names the pattern, since Ajv shares compiled
 * patterns between schemas by that key.
 */
export const linearRegExpEngine: RegExpEngine = Object.assign(
  (pattern: string): RegExpLike & { toString(): string } => {
    const matcher = linearRegExp(pattern);
    return {
      test: matcher === undefined ? () => true : (s: string) => matcher.test(s),
      toString: () => `${matcher === undefined ? 'unchecked' : 're2'}:${pattern}`,
    };
  },
  { code: 'claimcheckLinearRegExp' },
);

/**
 * The patterns among `patterns` that RE2 does not support, each with RE2's reason. Patterns that are
 * no JavaScript regular expression are left out (the schema fails to compile on them instead).
 */
export function unsupportedPatterns(patterns: Iterable<string>): Array<{ pattern: string; reason: string }> {
  const out: Array<{ pattern: string; reason: string }> = [];
  for (const pattern of patterns) {
    let verdict = verdicts.get(pattern);
    if (verdict === undefined) {
      try {
        linearRegExp(pattern);
      } catch {
        continue;
      }
      verdict = verdicts.get(pattern) ?? null;
    }
    if (verdict !== null) out.push({ pattern, reason: verdict });
  }
  return out;
}
