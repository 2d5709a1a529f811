/**
 * Claims no listed tool can perform: a completed action ("I've emailed you the receipt", "your refund has
 * been issued") from an agent whose tool list holds nothing that could do it, not even by verb family,
 * WordNet relation or description. Text the agent writes into its own reply ("I've drafted a reply below",
 * "I've summarised the thread") needs no tool and is left out.
 */
import type { Claim } from '../receipt.js';
import type { ExtractedClaim } from './extract-claims.js';
import type { ToolProfile } from './tool-profile.js';
import { objectNouns } from './match-tool.js';
import { familiesOf, pastVerbAt } from './_verbs.js';
import { openRelation, openVerbClass } from './_open-verbs.js';
import { tokenize } from './_tokens.js';
import { FIRST_PERSON, READ_FAMILIES, VERB_FAMILIES } from './lexicon.js';
import { RELATION } from '../lexicon/index.js';
import { textVerb } from './_text-verbs.js';

/** An unmatched claim with what the extractor read of it. */
export interface UnmatchedReading {
  claim: Claim;
  extracted: ExtractedClaim;
}

/**
 * Families of the hand lexicon whose verbs deliver something to someone outside the reply (`send`: email,
 * text, notify…; `post`: publish, comment…; `share`): such a verb needs a tool even when it is a verb of
 * communication.
 */
const DELIVERY_FAMILIES: ReadonlySet<string> = new Set(['send', 'post', 'share']);

/**
 * Words that point at the reply's own text ("the draft below", "here is", "the following"): what is
 * pointed at is in the reply, not done by a tool.
 */
const DEIXIS: ReadonlySet<string> = new Set(['below', 'above', 'here', 'following']);

/** Auxiliaries of a past or perfect passive. */
const PAST_OR_PERFECT: readonly string[] = ['was', 'were', 'been'];

/** The sentence reports a lookup of the agent's ("I checked the audit log: …", "I looked up order 4821: …"). */
function reportsLookup(sentence: string): boolean {
  const words = tokenize(sentence);
  for (let i = 0; i < words.length; i++) {
    if (!FIRST_PERSON.has(words[i] ?? '')) continue;
    for (let k = i + 1; k < Math.min(words.length, i + 4); k++) {
      const hit = pastVerbAt(words, k);
      if (hit !== null) {
        if (familiesOf(hit.lemma).some((f) => READ_FAMILIES.has(f)) || openVerbClass(hit.lemma) === 'read') return true;
        break;
      }
    }
  }
  return false;
}

/** The words of a claim's clause, tokenized once per claim (the passive test and the deixis test both read them). */
let lastClause: { clause: string; words: readonly string[] } | null = null;
function clauseWords(x: ExtractedClaim): readonly string[] {
  if (lastClause === null || lastClause.clause !== x.clause) lastClause = { clause: x.clause, words: tokenize(x.clause) };
  return lastClause.words;
}

/** Object pronouns naming a recipient right after a verb ("emailed you", "texted them"); "to" there does too ("wrote to the landlord"). */
const RECIPIENTS: ReadonlySet<string> = new Set(['you', 'him', 'her', 'them', 'us', 'everyone']);

/**
 * The unmatched claims that no listed tool can perform: first-person or passive, a verb of acting (not of
 * reading, thinking or being), no tool relating to it by name verb, description verb, verb family or the
 * nouns of its object, no passthrough tool (shell, SQL, HTTP) in the list, and not text the reply holds.
 * None while an acting tool ran in the turn and the reply mentions it nowhere (`unreported`): an unmatched
 * claim may be that call told in other words ("dropped the receipt in your inbox" beside a `send_email`
 * that ran), and a tool that ran can do it. Call only when the tool list was given, not inferred from the
 * calls that ran.
 */
export function claimedWithoutTool(unmatched: readonly UnmatchedReading[], profiles: readonly ToolProfile[], unreported: ReadonlySet<string> = new Set()): Claim[] {
  if (unmatched.length === 0 || profiles.some((p) => p.generic)) return [];
  if (profiles.some((p) => !p.read && unreported.has(p.name))) return [];
  const out: Claim[] = [];
  const seen = new Set<string>();
  for (const { claim, extracted: x } of unmatched) {
    // A subject-less head counts when it continues the speaker's own sentence ("I refunded $64 and updated your address").
    if (x.form !== 'first_person' && x.form !== 'passive' && !(x.form === 'head' && FIRST_PERSON.has(tokenize(x.text, 1)[0] ?? ''))) continue;
    // A passive reports an act only in the past or perfect ("has been cancelled"); "you're protected",
    // "it's shipped" are states. Passives after "I checked …:" describe what a lookup found.
    if (x.form === 'passive' && (!PAST_OR_PERFECT.some((w) => clauseWords(x).includes(w)) || reportsLookup(x.text))) continue;
    if (claim.candidates.length > 0 || x.verb === '*' || x.fromContext === true) continue;
    // A verb of acting; one WordNet lacks ("texted", "dm'd") counts when the hand lexicon gives it a family.
    const families = familiesOf(x.verb);
    const cls = openVerbClass(x.verb);
    if (cls === 'read' || cls === 'state' || (cls === null && families.length === 0)) continue;
    if (families.some((f) => READ_FAMILIES.has(f))) continue;
    if (selfAuthored(x, families)) continue;
    const objects = objectNouns(x.object);
    if (profiles.some((p) => canPerform(p, x.verb, families, objects))) continue;
    const key = `${x.text}\u0000${x.verb}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...claim, tool: null, candidates: [] });
  }
  return out;
}

/**
 * The tool relates to the claim in any way the matcher knows, however weakly: its name verb, a later action
 * word of its name or a verb of its description relates to the claimed verb in WordNet (synonym or
 * neighbour), it shares a verb family, or it acts on what the claim names.
 */
function canPerform(p: ToolProfile, verb: string, families: readonly string[], objects: ReadonlySet<string>): boolean {
  if (p.nameVerb !== null && openRelation(verb, p.nameVerb) >= RELATION.neighbour) return true;
  for (const v of p.nameActions) if (openRelation(verb, v) >= RELATION.neighbour) return true;
  for (const v of p.descriptionVerbs) if (openRelation(verb, v) >= RELATION.neighbour) return true;
  if (families.some((f) => p.families.has(f))) return true;
  // An acting tool named after the claim's object ("the certificate has been issued" ~ send_certificate).
  if (!p.read) for (const o of objects) if (p.nameNouns.has(o)) return true;
  return false;
}

/**
 * Text the agent writes into its own reply: a verb that produces text (WordNet: senses mostly of
 * communication, creation or cognition), or any verb whose object the reply points at ("below"), when it
 * delivers nothing to anyone (no delivery family, no recipient after the verb).
 */
function selfAuthored(x: ExtractedClaim, families: readonly string[]): boolean {
  if (families.some((f) => DELIVERY_FAMILIES.has(f) && (VERB_FAMILIES[f] ?? []).includes(x.verb))) return false;
  const words = clauseWords(x);
  if (words.some((w) => DEIXIS.has(w)) || x.text.trimEnd().endsWith(':')) return true;
  const at = words.findIndex((w) => w.startsWith(x.verb.slice(0, Math.max(3, x.verb.length - 2))));
  const next = at === -1 ? undefined : words[at + 1];
  if (next !== undefined && (RECIPIENTS.has(next) || (next === 'to' && words[at + 2] !== undefined))) return false;
  return textVerb(x.verb);
}
