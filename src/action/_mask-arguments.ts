/**
 * Internal: a guard without `captureArgs` keeps argument values out of the records it sends to its
 * sink and observers, also where free text repeats them. What the arguments hold is known, so it is
 * recognised wherever it is echoed:
 *
 * - in error text, a `verify` reason, an incident and a claim's text, message and object, every
 *   occurrence of one of the call's (or, for a claim, the turn's) string values of {@link MIN_CHARS} or
 *   more characters becomes `[argument]`, and so does a member name the tool's schema does not declare;
 *   the {@link MAX_VALUES} longest distinct values are looked for (longest first, so a value that holds
 *   another is masked whole);
 * - in a JSON Pointer (an interception's path, `"<category> at <path>"`), a member name of
 *   {@link MIN_CHARS} or more characters that the schema does not declare (an extra field's key, a key
 *   of a free-form map) becomes `[key]`; declared names, array indexes and shorter names stay, so
 *   rejections still group by path.
 *
 * Shorter values, and text that says a value in other words (a reformatted date, a paraphrase), are not
 * recognised; the ledger's redaction rule (`_redact.ts`) then applies on top.
 */
import { MAX_DEPTH } from '../_bound-depth.js';
import { Receipt, type Claim } from '../receipt.js';
import type { Interception, Operation } from './operation.js';

/** Shortest value looked for: shorter ones (`"no"`, `"A-1"`) would mask ordinary words. */
export const MIN_CHARS = 4;
/** Most distinct values looked for per text. */
export const MAX_VALUES = 128;

/** Every member name a schema declares anywhere (`properties` keys, `required` entries), for {@link maskPath}. */
export function declaredNames(schema: unknown): Set<string> {
  const names = new Set<string>();
  const seen = new Set<object>();
  const stack: Array<{ node: unknown; depth: number }> = [{ node: schema, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (typeof node !== 'object' || node === null || seen.has(node) || depth > MAX_DEPTH) continue;
    seen.add(node);
    const s = node as Record<string, unknown>;
    if (typeof s.properties === 'object' && s.properties !== null && !Array.isArray(s.properties)) for (const k of Object.keys(s.properties)) names.add(k);
    if (Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') names.add(r);
    for (const child of Array.isArray(node) ? node : Object.values(s)) stack.push({ node: child, depth: depth + 1 });
  }
  return names;
}

/** What free text must not repeat of `args`: string values and undeclared member names, longest first. */
export function argumentValues(args: unknown, declared: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  const seen = new Set<object>();
  const stack: Array<{ node: unknown; depth: number }> = [{ node: args, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (typeof node === 'string') {
      if (node.length >= MIN_CHARS) found.add(node);
      continue;
    }
    if (typeof node !== 'object' || node === null || seen.has(node) || depth > MAX_DEPTH) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, depth: depth + 1 });
      continue;
    }
    for (const [key, member] of Object.entries(node)) {
      if (!declared.has(key) && key.length >= MIN_CHARS) found.add(key);
      stack.push({ node: member, depth: depth + 1 });
    }
  }
  return [...found].sort((a, b) => b.length - a.length).slice(0, MAX_VALUES);
}

/**
 * `text` with each of `values` (longest first) replaced by `[argument]`, ignoring case (a claim's
 * `object` is lowercased) where lowercasing keeps the text's length, else matching case exactly.
 */
export function maskValues(text: string, values: readonly string[]): string {
  let out = text;
  for (const value of values) {
    const lower = out.toLowerCase();
    const needle = value.toLowerCase();
    const exact = lower.length !== out.length || needle.length !== value.length;
    const haystack = exact ? out : lower;
    const find = exact ? value : needle;
    let at = haystack.indexOf(find);
    if (at < 0) continue;
    let masked = '';
    let from = 0;
    while (at >= 0) {
      masked += `${out.slice(from, at)}[argument]`;
      from = at + find.length;
      at = haystack.indexOf(find, from);
    }
    out = masked + out.slice(from);
  }
  return out;
}

/** A JSON Pointer with each member name of {@link MIN_CHARS}+ characters the schema does not declare written `[key]` (array indexes and shorter names, like values, stay). */
export function maskPath(path: string, declared: ReadonlySet<string>): string {
  if (path === '') return path;
  return path
    .split('/')
    .map((segment, i) => {
      const name = segment.replaceAll('~1', '/').replaceAll('~0', '~');
      return i === 0 || /^\d+$/.test(segment) || name.length < MIN_CHARS || declared.has(name) ? segment : '[key]';
    })
    .join('/');
}

/** A settled call's record with `values` masked in its error text, `verify` reason and incident. */
export function maskOperation(operation: Operation, values: readonly string[]): Operation {
  if (values.length === 0) return operation;
  const verify = operation.verify;
  return {
    ...operation,
    error: operation.error === null ? null : maskValues(operation.error, values),
    incident: operation.incident === null ? null : maskValues(operation.incident, values),
    verify: verify === null || verify.code === 'pass' ? verify : { code: verify.code, reason: maskValues(verify.reason, values) },
  };
}

/** A rejected call's records with undeclared member names out of their paths, and `values` out of their text. */
export function maskRejection(interception: Interception, operation: Operation, declared: ReadonlySet<string>, values: readonly string[]): void {
  interception.path = maskPath(interception.path, declared);
  interception.failures = interception.failures.map((f) => ({ category: f.category, path: maskPath(f.path, declared) }));
  const masked = maskOperation({ ...operation, error: `${interception.category} at ${interception.path === '' ? '(arguments)' : interception.path}` }, values);
  operation.error = masked.error;
  operation.incident = masked.incident;
}

/** The receipt with `values` masked in its claims' text, object and message (the verdict and everything else as they are). */
export function maskReceipt(receipt: Receipt, values: readonly string[]): Receipt {
  if (values.length === 0) return receipt;
  const claims = (list: readonly Claim[]): Claim[] =>
    list.map((c) => ({ ...c, text: maskValues(c.text, values), object: maskValues(c.object, values), ...(c.message === undefined ? {} : { message: maskValues(c.message, values) }) }));
  return new Receipt({
    confirmed: claims(receipt.confirmed),
    claimedButNeverRan: claims(receipt.claimedButNeverRan),
    unmatched: claims(receipt.unmatched),
    suspected: claims(receipt.suspected),
    ranButUnreported: [...receipt.ranButUnreported],
    claimedWithoutTool: claims(receipt.claimedWithoutTool),
    deniedButRan: claims(receipt.deniedButRan),
    strict: receipt.strict,
    llmBlocks: receipt.llmBlocks,
  });
}
