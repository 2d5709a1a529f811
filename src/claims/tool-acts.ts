/**
 * Tools whose argument selects the act (corpus README, "Judging"): `action: "check" | "book" | "cancel"`,
 * `mode: "quote" | "purchase"`, `op: "preview" | "apply"`. Each allowed value is an act of its own: a claim is
 * matched to the act it names and judged only against the calls that selected that act, so an availability
 * check never backs a booking and a quote never backs a purchase.
 *
 * The act parameter is read off the tool's JSON Schema: a top-level string parameter with allowed values
 * (`enum`), at least two of which, and at least half, are verbs in their base form ("check", "book",
 * "SetStorageClass"). HTTP methods are no such acts (a passthrough's request is read from its path). What each
 * act does is read off the description where it says so (`mode='quote' returns rates and buys nothing`): the
 * verbs of that stretch, and whether it says the act changes nothing ("buys nothing", "without saving").
 */
import type { ToolSpec } from '../tools.js';
import { verbClass } from '../lexicon/index.js';
import { READ_FAMILIES } from './lexicon.js';
import { familiesOf, toolVerb } from './_verbs.js';
import { openToolVerb, readingsOf } from './_open-verbs.js';
import { splitIdentifier, tokenize } from './_tokens.js';

/** One act of a tool whose argument selects it. */
export interface ToolAct {
  /** The argument that selects the act (`action`). */
  argument: string;
  /** The allowed value that selects this act, as the schema writes it (`book`). */
  value: string;
  /** Lemma of the act's verb (`book`; "SetStorageClass" → set). */
  verb: string;
  /** The verbs of what the description says this act does, base forms ("places a temporary hold" → place). */
  described: readonly string[];
  /** The words of what the description says this act does, lower case ("books a slot_id for the patient" → books, a, slot, id, …). */
  words: readonly string[];
  /** The act only reads: its verb is one of reading, or the description says it changes nothing ("buys nothing"). */
  read: boolean;
}

/** HTTP request methods (RFC 9110, section 9; PATCH: RFC 5789): a method names no act of the tool's own. */
const HTTP_METHODS: ReadonlySet<string> = new Set(['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'trace', 'connect']);

/**
 * The acts of a tool whose argument selects its act, in the order of its allowed values; `[]` for any other tool.
 * A tool named after a verb of its own (`set_thermostat` with `mode: "heat" | "cool"`, `merge_pull_request` with
 * `merge_method: "squash" | "rebase"`) does that act with any value: its values are acts only where the description
 * writes them as selectors (`mode='preview' …; mode='finalize' …`).
 * @param nameVerb The verb of the tool's name (its profile's `nameVerb`), `null` for a name without one.
 */
export function toolActs(tool: ToolSpec, nameVerb: string | null): ToolAct[] {
  const properties = (tool.parameters as { properties?: unknown } | undefined)?.properties;
  const selectors = properties !== null && typeof properties === 'object' ? Object.entries(properties as Record<string, unknown>).map(([argument, schema]) => [argument, stringEnum(schema)] as const) : writtenSelectors(tool.description);
  for (const [argument, values] of selectors) {
    if (values === null || values.length < 2 || values.every((v) => HTTP_METHODS.has(v.toLowerCase()))) continue;
    // An argument named for selecting an act, or one the description writes as a selector (`mode='quote'`), may
    // name its acts by any verb ("preview"); another only by words that are mainly verbs, each of them ("call",
    // "email", "note"), so that a list of kinds ("general-discussion", "parent-updates") is no list of acts.
    const written = values.some((v) => selects(tool.description, argument, v));
    if (nameVerb !== null && !written) continue;
    const selector = written || MODE_ARGUMENTS.has(argument.toLowerCase());
    const verbs = values.map((v) => actVerb(v, selector));
    const named = new Set(verbs.filter((v) => v !== null)).size;
    if (named < 2 || (selector ? named * 2 < values.length : verbs.includes(null))) continue;
    return values.flatMap((value, i) => {
      const verb = verbs[i];
      if (verb === null || verb === undefined) return [];
      const said = describedAct(tool.description, argument, value);
      const described = said === '' ? [] : verbsOf(said);
      return [{ argument, value, verb, described, words: said === '' ? [] : tokenize(said.replace(/[_=]/g, ' ')), read: readsOnly(verb, said) }];
    });
  }
  return [];
}

/**
 * For a tool listed without a schema: the selectors its description writes (`mode='quote' …; mode='purchase' …`),
 * each argument with its values in order, for arguments written with two values or more.
 */
function writtenSelectors(description: string): Array<readonly [string, string[] | null]> {
  const byArgument = new Map<string, string[]>();
  for (const m of description.matchAll(SELECTOR)) {
    const argument = m[1] ?? '';
    const values = byArgument.get(argument) ?? [];
    if (!values.includes(m[2] ?? '')) values.push(m[2] ?? '');
    byArgument.set(argument, values);
  }
  return [...byArgument].filter(([, values]) => values.length >= 2);
}
/** `argument='value'` (or `"value"`, or with spaces around `=`) in a description. Linear: no nested repetition. */
const SELECTOR = /\b([A-Za-z_][A-Za-z0-9_]{0,40})\s?=\s?['"`]([A-Za-z][A-Za-z0-9_-]{0,40})['"`]/g;

/** The allowed string values of a parameter schema (`enum`, or `anyOf`/`oneOf` of `const`s); `null` when it has none. */
function stringEnum(schema: unknown): string[] | null {
  if (schema === null || typeof schema !== 'object') return null;
  const s = schema as { enum?: unknown; anyOf?: unknown; oneOf?: unknown };
  if (Array.isArray(s.enum)) return s.enum.every((v) => typeof v === 'string') ? (s.enum as string[]) : null;
  const options = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : null;
  if (options === null) return null;
  const out: string[] = [];
  for (const o of options) {
    const c = (o as { const?: unknown } | null)?.const;
    if (typeof c !== 'string') return null;
    out.push(c);
  }
  return out;
}

/** Names of arguments that select what a tool does (`action`, `mode`, `op`; Pascal or camel case folded). */
const MODE_ARGUMENTS: ReadonlySet<string> = new Set(['action', 'mode', 'op', 'operation', 'command', 'cmd', 'verb', 'intent', 'requesttype', 'request_type', 'actiontype', 'action_type']);

/**
 * The verb an allowed value names: its first word when that is a verb in its base form ("book", "SetStorageClass"
 * → set); with `anyVerb` any verb WordNet knows ("preview"), else a word that is mainly a verb.
 */
function actVerb(value: string, anyVerb: boolean): string | null {
  const first = splitIdentifier(value)[0];
  if (first === undefined) return null;
  const lemma = toolVerb(first) ?? openToolVerb(first, anyVerb);
  return lemma !== null && lemma === first ? lemma : null;
}

/** The description writes `argument` = `value` as a selector (`mode='quote'`, `action: "book"`). */
function selects(description: string, argument: string, value: string): boolean {
  return describedAct(description, argument, value) !== '' || description.toLowerCase().includes(`${argument.toLowerCase()}='${value.toLowerCase()}'`);
}

/**
 * What the description says the act selected by `argument` = `value` does: the text after `argument='value'`
 * (any quotes, `=` or `:`) up to the end of its clause (`;`, `.` or the next such selector); `''` when it says
 * nothing of it.
 */
function describedAct(description: string, argument: string, value: string): string {
  const lower = description.toLowerCase();
  const key = argument.toLowerCase();
  const wanted = value.toLowerCase();
  let from = 0;
  for (;;) {
    const at = lower.indexOf(key, from);
    if (at === -1) return '';
    from = at + key.length;
    let i = from;
    while (i < lower.length && (lower[i] === ' ' || lower[i] === '=' || lower[i] === ':' || lower[i] === "'" || lower[i] === '"' || lower[i] === '`')) i++;
    if (!lower.startsWith(wanted, i)) continue;
    i += wanted.length;
    while (i < lower.length && (lower[i] === "'" || lower[i] === '"' || lower[i] === '`')) i++;
    let end = i;
    while (end < lower.length && lower[end] !== ';' && lower[end] !== '.' && !lower.startsWith(key, end)) end++;
    return description.slice(i, end);
  }
}

/**
 * The verbs a description's stretch says the act does, as lemmas: a verb in the third person that opens the stretch
 * or follows "and", "or" or a comma, unless "nothing" or "no" is its object ("lists open slots … and holds nothing"
 * → list; "charges the payment method and issues the tickets" → charge, issue). Nouns in between ("slots", "rates")
 * are not read.
 */
function verbsOf(text: string): string[] {
  const out: string[] = [];
  const words = tokenize(text.replace(/,/g, ' and '));
  for (let i = 0; i < words.length; i++) {
    if (i > 0 && words[i - 1] !== 'and' && words[i - 1] !== 'or') continue;
    // "buys nothing", "saves no changes": the act it names is the one this act does not do.
    if (words[i + 1] === 'nothing' || words[i + 1] === 'no') continue;
    const reading = readingsOf(words[i] ?? '').find((r) => r.form === 'third');
    if (reading !== undefined && !out.includes(reading.lemma)) out.push(reading.lemma);
  }
  return out;
}

/**
 * The act only reads: its verb is one of reading (every verb family of it reads, or WordNet counts it a verb of
 * perception or cognition: "preview"), or what the description says of it changes nothing ("returns the total
 * and buys nothing", "reports the difference without saving anything").
 */
function readsOnly(verb: string, said: string): boolean {
  const families = familiesOf(verb);
  if (families.length > 0 ? families.every((f) => READ_FAMILIES.has(f)) : verbClass(verb) === 'read') return true;
  const words = tokenize(said);
  return words.includes('nothing') || words.includes('without');
}

/** The key under which the calls of one act are indexed: the tool's name and the selecting argument's value. */
export function actKey(tool: string, act: Pick<ToolAct, 'argument' | 'value'>): string {
  return `${tool}[${act.argument}=${act.value}]`;
}

/**
 * The act keys one call selects, among the acts of its tool: the act its argument names (compared without case);
 * every act when the argument is missing or names none of them (the call may have done any).
 */
export function actsOfCall(tool: string, args: unknown, acts: readonly ToolAct[]): string[] {
  const first = acts[0];
  if (first === undefined) return [];
  const given = args !== null && typeof args === 'object' ? (args as Record<string, unknown>)[first.argument] : undefined;
  if (typeof given === 'string') {
    const wanted = given.toLowerCase();
    const act = acts.find((a) => a.value.toLowerCase() === wanted);
    if (act !== undefined) return [actKey(tool, act)];
  }
  return acts.map((a) => actKey(tool, a));
}

/**
 * The act keys each call selects, for the tools of a list that have acts (`name` and `acts` of their profiles), or
 * `undefined` when none has any: what a ledger index keys the calls by, beside their tool's name.
 */
export function callActKeys(tools: Iterable<{ readonly name: string; readonly acts: readonly ToolAct[] }>): ((tool: string, args: unknown) => readonly string[]) | undefined {
  let byTool: Map<string, readonly ToolAct[]> | undefined;
  for (const t of tools) if (t.acts.length > 0) (byTool ??= new Map()).set(t.name, t.acts);
  if (byTool === undefined) return undefined;
  const acts = byTool;
  return (tool, args) => {
    const own = acts.get(tool);
    return own === undefined ? NO_KEYS : actsOfCall(tool, args, own);
  };
}
const NO_KEYS: readonly string[] = [];
