/**
 * Judging a claim against a passthrough tool call by call (corpus README: a passthrough "backs a claim only through
 * a call whose command, query or request carries the claimed action … and is judged on that call's own result, not
 * on the tool's other calls"). Which calls carry a claim is read off what each call's command names
 * (`command-acts.ts`) against the claim's verb and what it acted on.
 */
import type { LedgerEntry } from '../ledger.js';
import { commandActs, type CommandAct } from './command-acts.js';
import { familiesOf, pastVerbAt } from './_verbs.js';
import { openRelation, readingsOf } from './_open-verbs.js';
import { canonicalNoun } from './tool-profile.js';
import { GENERAL_VERBS } from './lexicon.js';

/** What a claim states, as the carrying test reads it. */
export interface CarriedClaim {
  /** Lemma of the claimed verb. */
  verb: string;
  /** The claim reports reading (a lookup). */
  read: boolean;
  /** The head noun of what was acted on, canonical; `null` when the claim names none of its own. */
  head: string | null;
  /** The canonical nouns of the claim's object. */
  objects: ReadonlySet<string>;
}

/**
 * The calls of a passthrough that carry the claim, or `null` when none of the calls holds a command that can be read
 * (the tool is then judged as any other tool, by all its calls).
 */
export function carryingCalls(claim: CarriedClaim, calls: readonly LedgerEntry[]): LedgerEntry[] | null {
  let readable = false;
  const out: LedgerEntry[] = [];
  for (const call of calls) {
    const acts = actsOf(call);
    if (acts === null) continue;
    readable = true;
    if (acts.some((act) => carries(act, claim))) out.push(call);
  }
  return readable ? out : null;
}

/** A call's arguments carry a command that can be read (SQL, an HTTP request, a command line). */
export function carriesCommand(call: LedgerEntry): boolean {
  return actsOf(call) !== null;
}

/** {@link commandActs} of a call, once per call. */
function actsOf(call: LedgerEntry): readonly CommandAct[] | null {
  let acts = ACTS.get(call);
  if (acts === undefined) ACTS.set(call, (acts = commandActs(call.args)));
  return acts;
}
const ACTS = new WeakMap<LedgerEntry, readonly CommandAct[] | null>();

/**
 * Whether one act of a call carries the claim. An act that only reads carries only a claim of reading. Otherwise the
 * act carries the claim when it names the claimed act itself (a word of the command is a form of the claimed verb:
 * `status = 'reopened'`, `wms wave release`; or its verb is the claimed verb or a WordNet synonym of it), or when it
 * names what the claim acted on (its head noun, else a noun of its object) and its verb may be the claimed one (the
 * same verb family, an HTTP POST that may do any act, or a claimed verb the families do not know: "recategorized").
 */
function carries(act: CommandAct, claim: CarriedClaim): boolean {
  if (act.read) return claim.read && (namesVerb(act, claim.verb) || namesObject(act, claim));
  if (namesVerb(act, claim.verb)) return true;
  if (!namesObject(act, claim)) return false;
  if (claim.read || act.verbs.length === 0 || GENERAL_VERBS.has(claim.verb)) return true;
  const claimed = familiesOf(claim.verb);
  if (claimed.length === 0) return true;
  // A verb the families do not know ("POST /Communication" → communicate) says nothing against the claimed one.
  return act.verbs.some((v) => familiesOf(v).length === 0 || familiesOf(v).some((f) => claimed.includes(f)));
}

/**
 * The act names the claimed verb: one of its verbs is it or a close relative, or one of its words is a form of it,
 * read as the claim's own verb is read (`pastVerbAt`: "reopened" is a form of "open" there as in the reply).
 */
function namesVerb(act: CommandAct, verb: string): boolean {
  if (act.verbs.some((v) => v === verb || openRelation(v, verb) >= 0.8)) return true;
  for (const w of act.words) if (readingsOf(w).some((r) => r.lemma === verb) || pastVerbAt([w], 0)?.lemma === verb) return true;
  return false;
}

/** The act names what the claim acted on: its head noun, or (with none) a noun of its object. */
function namesObject(act: CommandAct, claim: CarriedClaim): boolean {
  const nouns = nounsOf(act);
  if (claim.head !== null) return nouns.has(claim.head);
  for (const o of claim.objects) if (nouns.has(o)) return true;
  return false;
}

/** The canonical nouns of an act's words, once per act. */
function nounsOf(act: CommandAct): ReadonlySet<string> {
  let nouns = NOUNS.get(act);
  if (nouns === undefined) {
    const made = new Set<string>();
    for (const w of act.words) if (/^[a-z]/.test(w)) made.add(canonicalNoun(w));
    NOUNS.set(act, (nouns = made));
  }
  return nouns;
}
const NOUNS = new WeakMap<CommandAct, ReadonlySet<string>>();
