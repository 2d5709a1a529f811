/**
 * Matches an extracted claim to the tool it is about: by verb family, by the claim's object against
 * the tool's name and description, and by the object a verb implies ("texted" → an SMS tool).
 */
import { ADDRESS_ARGUMENTS, GENERAL_VERBS, OPPOSED_FAMILIES, OPPOSED_PARTICLES, PRONOUN_OBJECTS, READ_FAMILIES, VERB_FAMILIES } from './lexicon.js';
import { verbObjectHints } from './_lookup.js';
import { familiesOf } from './_verbs.js';
import { openRelation, openVerbClass, readingsOf } from './_open-verbs.js';
import { tokenize } from './_tokens.js';
import { canonicalNoun, type ToolProfile } from './tool-profile.js';
import type { ExtractedClaim } from './extract-claims.js';
import { memo, memoPerList } from './_memo.js';
import { scanEmails } from './_scan.js';
import { sortShort } from './_sort.js';

/** How a claim relates to the tools. */
export interface ToolMatch {
  /** The best tool, or `null` when no listed tool fits the claim. */
  tool: string | null;
  /** Every tool that fits, best first. */
  candidates: string[];
  /** The claim's verb has no relation to the tool; only its object does. Such a match never flags. */
  objectOnly: boolean;
  /**
   * The match rests on more than the verb family: the tool's own verb, the claim's object, or the
   * object the verb implies. A family-only match whose tool never ran is `unmatched`, not flagged.
   */
  strong: boolean;
  /**
   * Every fitting tool with how it fits, best first: `object` counts the claim's object words in the
   * tool's name, `total` is the match score. The judge backs a claim by a sibling from this list.
   */
  fits: ToolFit[];
  /** The claim reports reading (a lookup), not acting. */
  read: boolean;
}

/** How one tool fits a claim. */
export interface ToolFit {
  tool: string;
  total: number;
  /** Object words of the claim found among the tool's name nouns. */
  object: number;
  /** The tool's verb relates to the claim's verb (not an object-only fit). */
  verb: boolean;
  /**
   * How closely the tool's verb relates to the claim's (0 for an object-only fit): 4.5 its own verb or a WordNet
   * synonym of it, 3.5 a close relative, 2.5 a verb of its description, 2 a verb family of its name verb, 1.5 a
   * family of a description verb, 1 a passthrough's generic fit.
   */
  verbScore: number;
}

/** How a tool settled in the claim's window, used to break ties between equally good tools. */
export type RunState = 'ok' | 'failed' | 'none';

const ACTION_FAMILIES = Object.keys(VERB_FAMILIES).filter((f) => !READ_FAMILIES.has(f));

/** The canonical nouns of the objects a verb implies ("texted" → sms), once per verb. */
export const hintsOf = memo((verb: string): ReadonlySet<string> => new Set((verbObjectHints.get(verb) ?? []).map(canonicalNoun)));

/** The canonical nouns of an object string (`claim.object`). */
export function objectNouns(object: string): Set<string> {
  const out = new Set<string>();
  for (const w of object.split(' ')) if (w !== '') out.add(canonicalNoun(w));
  return out;
}

/**
 * Match one claim against the profiles of the tools.
 * @param context Whether the request or the reply names a canonical noun, asked for only to tell equal fits
 *   apart (a tool whose own nouns the conversation names wins), so the caller may build it on first call.
 * @param objects The claim's {@link objectNouns}, when the caller keeps them: claims that take their object
 *   from the conversation share one long object string, read once per reply rather than once per claim.
 */
export function matchTool(claim: ExtractedClaim, profiles: readonly ToolProfile[], ran: (tool: string) => RunState, context?: () => (noun: string) => boolean, objects: ReadonlySet<string> = objectNouns(claim.object)): ToolMatch {
  const families = claim.verb === '*' ? ACTION_FAMILIES : familiesOf(claim.verb);
  const readClaim = families.length > 0 && families.every((f) => READ_FAMILIES.has(f));
  const hints = hintsOf(claim.verb);
  const general = GENERAL_VERBS.has(claim.verb);

  const scored: Scored[] = [];
  let particle: string | null | undefined;
  // The claim's own head noun (what was acted on): it ranks tools its object words name alike, and it is the noun
  // that makes an object-only match strong or that names another tool's object.
  const head = headNoun(claim);
  const hits = nameHits(objects, profiles);
  let compound: ReadonlySet<string> | undefined;
  for (let order = 0; order < profiles.length; order++) {
    const profile = profiles[order] as ToolProfile;
    // "logged you into the platform" is not log_out: a particle of the claim that reverses the tool's.
    if (profile.particle !== null && (OPPOSED_PARTICLES.get((particle ??= claimParticle(claim))) ?? []).includes(profile.particle)) continue;
    const nameHits = hits[order] ?? 0;
    let verb = verbScore(claim.verb, families, readClaim, profile, claim.form === 'first_person' || claim.form === 'head');
    // An action claim naming the tool's object ("the certificate has been issued" → send_certificate) fits weakly.
    const objectOnly = verb === 0 && nameHits > 0 && !readClaim && !profile.read;
    if (objectOnly && opposed(families, profile.families)) continue;
    if (objectOnly) verb = 1;
    if (verb === 0) continue;
    const descHits = Math.min(2, count(objects, profile.descriptionNouns));
    // The objects a verb implies count only for a tool the verb fits: "reserved R-12 (reservation RV-7)" is no act of
    // releasing a reservation because "reserve" implies a reservation.
    const hintHits = objectOnly ? 0 : count(hints, profile.nameNouns) + (profile.nameVerb !== null && hints.has(profile.nameVerb) ? 1 : 0);
    const object = 2 * nameHits + 0.5 * descHits + 2 * hintHits;
    // A verbless outcome names its tool by its place ("is on the waitlist" ← waitlist_add). When the place is kept by a
    // tool that only reads ("the $75 credit is on 5A's ledger" beside a read-only `ledger`), the act that put it there
    // is a tool that acts and whose description names that place ("Rent adjustment entries on a resident's ledger").
    if (claim.verb === '*' && nameHits === 0 && (profile.read || descHits === 0 || !placeKeptByReader(hits, profiles))) continue;
    // An object-only match is strong when it names two of the tool's nouns, or one that no other listed
    // tool's name has ("the $50 certificate has been issued" ← send_certificate) and that is the head of what was
    // acted on, when the clause names one ("the refund of $20 per guest has been credited" is no guest update).
    // The claim names what another tool acts on and nothing this tool's name, description or arguments
    // know ("I've created your account" against create_event beside delete_account): the verb alone does
    // not tie it to this tool, so the match is weak (corpus README: object before verb exactness). Only
    // for a tool whose schema is known: one listed by name may take that object as an argument.
    const args = profile.argumentNouns;
    const elsewhere = !objectOnly && object === 0 && args !== null && ((head !== null && count(objects, args) === 0 && namesAnotherTool((compound ??= compoundHead(claim, head)), profile, profiles)) || sentNowhere(claim, profile));
    // The verb alone ties a claim to a tool only when it is no general verb ("made", "set", "handled"): the object of
    // such a verb carries the act ("made a few edits to the wording" is no call of a tool that makes variants).
    const byVerb = !general && (verb >= 2.5 || (claim.requested === true && verb >= 2));
    const strong = objectOnly ? nameHits >= 2 || distinctiveHit(head === null ? objects : (compound ??= compoundHead(claim, head)), profile, profiles) : !elsewhere && (object > 0 || byVerb);
    // Such a tool ranks below one that the claim's object names ("Your refund is on its way": issue_refund, not send_email).
    // How the tool settled is read once here, not at each comparison of the sort below.
    scored.push({ profile, total: elsewhere ? 1 : verb + object, verb: objectOnly ? 0 : verb, strong, objectOnly, order, nameHits, rank: rank(ran(profile.name)), headHit: head === null ? 0 : count(head, profile.nameNouns) });
  }
  if (scored.length === 0) return { tool: null, candidates: [], strong: false, objectOnly: false, fits: [], read: readClaim };

  // "I checked" is satisfied by any fitting lookup that ran, unless its object names a lookup ("I found
  // your reservation" is the reservation lookup); actions must not confuse sibling tools.
  const ranFirst = readClaim && !scored.some((x) => x.nameHits > 0);
  // Equal fits are told apart by the context: a tool whose own nouns the conversation names
  // ("Your reservation has been updated" after a request to change flights) is the better fit. Of two tools,
  // only the nouns one has and the other lacks can tell them apart ("reservation" is in both of
  // update_reservation_flights and update_reservation_baggages): the others are never looked for.
  const namedMore = (a: ToolProfile, b: ToolProfile): number => {
    if (context === undefined) return 0;
    const names = context();
    let n = 0;
    for (const noun of b.nameNouns) if (!a.nameNouns.has(noun) && names(noun)) n++;
    for (const noun of a.nameNouns) if (!b.nameNouns.has(noun) && names(noun)) n--;
    return n;
  };
  // Of fits as good, one whose name holds the claim's head noun comes first: "A voucher worth $25 has been issued to
  // you as an apology for the late delivery" is about the voucher, not the delivery its adjunct names.
  sortShort(scored, (a, b) => (ranFirst ? b.rank - a.rank : 0) || b.total - a.total || b.rank - a.rank || b.headHit - a.headHit || namedMore(a.profile, b.profile) || a.order - b.order);
  // "Posted to the random channel" beside post_webpage and send_channel_message, both listed by name: the verb is
  // post_webpage's, but the claim's object names none of its nouns; it names a tool whose name holds the objects the verb
  // implies ("post" → a message, a channel), and nothing else. That tool is the claim's, as a fit of its verb.
  const implied = readClaim ? null : impliedObjectFit(scored, hints);
  if (implied !== null) {
    scored.splice(scored.indexOf(implied), 1);
    scored.unshift({ ...implied, objectOnly: false, strong: true, verb: IMPLIED_VERB });
  }
  const best = scored[0];
  if (best === undefined) return { tool: null, candidates: [], strong: false, objectOnly: false, fits: [], read: readClaim };
  let strong = best.strong;
  // A passthrough is the only way to act when no specific tool fits: its match is not family-only.
  if (!strong && best.profile.generic && scored.every((s) => s.profile.generic) && !general) strong = scored.length === 1;
  const candidates: string[] = [];
  const fits: ToolFit[] = [];
  for (const s of scored) {
    candidates.push(s.profile.name);
    fits.push({ tool: s.profile.name, total: s.total, object: s.nameHits, verb: !s.objectOnly, verbScore: s.verb });
  }
  return { tool: best.profile.name, candidates, strong, objectOnly: best.objectOnly && !strong, fits, read: readClaim };
}

/** A tool that fits a claim, as {@link matchTool} ranks it. */
interface Scored {
  profile: ToolProfile;
  total: number;
  /** {@link ToolFit.verbScore}. */
  verb: number;
  strong: boolean;
  objectOnly: boolean;
  /** Position in the tool list. */
  order: number;
  nameHits: number;
  /** How the tool settled in the claim's window: 2 succeeded, 1 only failed, 0 never ran. */
  rank: number;
  /** 1 when the tool's name holds the claim's own head noun, else 0. */
  headHit: number;
}

/**
 * Of fits ranked best first, the one object-only fit that the claim's object names and whose name nouns (its verb
 * aside) are all objects the claim's verb implies (`hints`), when the best fit is a verb fit that the object names
 * nothing of; both tools listed by name only (of a tool whose schema is known, its arguments tell: `elsewhere`).
 * `null` when there is none or more than one.
 */
function impliedObjectFit(scored: readonly Scored[], hints: ReadonlySet<string>): Scored | null {
  const best = scored[0];
  if (best === undefined || best.objectOnly || best.nameHits > 0 || best.profile.argumentNouns !== null || hints.size === 0) return null;
  let found: Scored | null = null;
  for (const s of scored) {
    if (!s.objectOnly || s.nameHits === 0 || s.profile.argumentNouns !== null || s.profile.read) continue;
    let nouns = 0;
    let implied = true;
    for (const n of s.profile.nameNouns) {
      if (n === s.profile.nameVerb) continue;
      nouns++;
      if (!hints.has(n)) implied = false;
    }
    if (!implied || nouns === 0) continue;
    if (found !== null) return null;
    found = s;
  }
  return found;
}
/** The verb score of a fit by the objects the verb implies: a family's ({@link ToolFit.verbScore}). */
const IMPLIED_VERB = 2;

/** The canonical noun of the claim's own head, as a set; `null` when it has none or takes it from the conversation. */
function headNoun(claim: ExtractedClaim): ReadonlySet<string> | null {
  return claim.head === undefined || claim.fromContext === true ? null : new Set([canonicalNoun(claim.head)]);
}

/**
 * The head noun of an outcome's subject with the noun that modifies it in a compound ("the deposit refund is on its
 * way" → deposit, refund): the object word right before the head, when it is a plain word. A tool named by either
 * names what the outcome is about.
 */
function compoundHead(claim: ExtractedClaim, head: ReadonlySet<string>): ReadonlySet<string> {
  // An act's object names what was acted on by its head alone: "sent you the refund confirmation" sent no refund.
  if (claim.form !== 'outcome') return head;
  const words = claim.object.split(' ');
  const at = words.indexOf(claim.head ?? '');
  const before = at > 0 ? words[at - 1] : undefined;
  return before === undefined || !/^[a-z][a-z-]*$/.test(before) ? head : new Set([...head, canonicalNoun(before)]);
}

const rank = (s: RunState): number => (s === 'ok' ? 2 : s === 'failed' ? 1 : 0);

function verbScore(lemma: string, families: readonly string[], readClaim: boolean, p: ToolProfile, own: boolean): number {
  // A passthrough (SQL, REST, CLI) can read and act, unless its description says it only reads; a verb
  // the lexicon's families do not know is not taken for one of its actions.
  if (p.generic) {
    if (p.nameVerb === lemma) return 3;
    if (p.descriptionVerbs.has(lemma)) return 2.5;
    // A verb that also reads ("returned 0 results") is not taken for one of its actions.
    const sometimesReads = families.some((f) => READ_FAMILIES.has(f));
    // An act the families do not know ("printed", "swapped"), said of the agent itself (first person or a
    // subject-less head), is one of its actions too: which call carried it is judged call by call (`_passthrough.ts`).
    if (families.length === 0) return own && !readClaim && !p.read && !GENERAL_VERBS.has(lemma) && openVerbClass(lemma) === 'act' ? 1 : 0;
    if (!readClaim && sometimesReads) return 0;
    return readClaim || !p.read ? 1 : 0;
  }
  // The tool's own verb fits whatever the tool's class: "VALIDATED ✅" is validate_file even when its
  // description says it only checks.
  if (p.nameVerb === lemma || p.nameActions.has(lemma)) return 4.5;
  // An act's own description says what it does ("mode='preview' matches statement lines…"): its verbs are the act's
  // whatever the act's class ("214 transactions matched" is the preview's work).
  if (p.act !== undefined && p.descriptionVerbs.has(lemma)) return 4;
  if (p.read !== readClaim) {
    // A tool that both acts and reads ("action='search' returns offers; action='book' books") answers lookups too.
    if (readClaim && describesReading(p)) return p.descriptionVerbs.has(lemma) ? 2.5 : 2;
    return 0;
  }
  // The tool's own verb (above) outranks a family match that also names the object: "removed the blender
  // from order 55120" is remove_item, not cancel_order.
  // WordNet synonyms of the tool's own verb ("modified" ~ change_password, "erased" ~ delete_file).
  const related = p.nameVerb === null ? 0 : openRelation(lemma, p.nameVerb);
  if (related >= 1) return 4.5;
  if (related >= 0.8) return 3.5;
  if (p.descriptionVerbs.has(lemma)) return 2.5;
  if (families.some((f) => p.families.has(f))) return 2;
  for (const v of p.descriptionVerbs) if (familiesOf(v).some((f) => families.includes(f))) return 1.5;
  if (p.generic) return 1;
  if (lemma === '*' && !p.read) return 1;
  return 0;
}

/** Some tool the claim's object names by its name only reads (`hits`: {@link nameHits} per profile). */
function placeKeptByReader(hits: ArrayLike<number>, profiles: readonly ToolProfile[]): boolean {
  return profiles.some((p, i) => p.read && (hits[i] ?? 0) > 0);
}

/** A verb of the tool's description only reads (every family of it is a reading family); once per profile. */
function describesReading(p: ToolProfile): boolean {
  let reads = DESCRIBES_READING.get(p);
  if (reads === undefined) {
    reads = false;
    for (const v of p.descriptionVerbs) if (familiesOf(v).every((f) => READ_FAMILIES.has(f))) reads = true;
    DESCRIBES_READING.set(p, reads);
  }
  return reads;
}
const DESCRIBES_READING = new WeakMap<ToolProfile, boolean>();

/** One of the claim's object words is a noun of this tool's name and of no other listed tool's name. */
function distinctiveHit(objects: ReadonlySet<string>, profile: ToolProfile, profiles: readonly ToolProfile[]): boolean {
  for (const o of objects) {
    if (!profile.nameNouns.has(o) || o === profile.nameVerb) continue;
    if (profiles.every((p) => p === profile || !p.nameNouns.has(o))) return true;
  }
  return false;
}

/** Every family of the claim's verb undoes some family of the tool's ("create" against delete_account). */
function opposed(claimed: readonly string[], tool: ReadonlySet<string>): boolean {
  if (claimed.length === 0 || tool.size === 0) return false;
  return claimed.every((f) => (OPPOSED_FAMILIES.get(f) ?? []).some((g) => tool.has(g)));
}

/** The particle right after the claimed verb, or after its pronoun object ("logged you into", "turned it off"); `''` when none. */
function claimParticle(claim: ExtractedClaim): string {
  const words = tokenize(claim.clause);
  for (let i = 0; i < words.length; i++) {
    if (!readingsOf(words[i] ?? '').some((r) => r.lemma === claim.verb)) continue;
    const next = PRONOUN_OBJECTS.has(words[i + 1] ?? '') ? words[i + 2] : words[i + 1];
    return next !== undefined && OPPOSED_PARTICLES.has(next) ? next : '';
  }
  return '';
}

/**
 * The claim says where something went by an email address ("has been sent to ana@example.com") and the tool's schema
 * has no argument that could hold one (a recipient, an address, an email): a tool that sends certificates by user id
 * did not send it there.
 */
function sentNowhere(claim: ExtractedClaim, profile: ToolProfile): boolean {
  const args = profile.argumentNouns;
  if (args === null || !claim.clause.includes('@') || scanEmails(claim.clause).length === 0) return false;
  for (const a of args) if (ADDRESS_ARGUMENTS.has(a)) return false;
  return !profile.nameNouns.has('email') && !profile.descriptionNouns.has('email');
}

/** One of the claim's object words is a noun of another listed tool's name (not that tool's verb). */
function namesAnotherTool(objects: ReadonlySet<string>, profile: ToolProfile, profiles: readonly ToolProfile[]): boolean {
  if (objects.size === 0) return false;
  const nouns = otherNameNouns(profiles);
  for (const o of objects) if (nouns.has(o) && !profile.nameNouns.has(o)) return true;
  return false;
}

/** Every noun of the listed tools' names other than their verbs, once per tool list. */
const otherNameNouns = memoPerList((profiles: readonly ToolProfile[]): ReadonlySet<string> => new Set(profiles.flatMap((p) => [...p.nameNouns].filter((n) => n !== p.nameVerb))));

/**
 * For each tool of the list (by position), how many object words relate to its name nouns: the word itself, or a
 * word derived from the other by a noun suffix ("bag" ~ "baggage"). One lookup per object word, in an index of the
 * words related to each tool's name nouns ({@link relatedWords}), made once per tool list.
 */
function nameHits(objects: ReadonlySet<string>, profiles: readonly ToolProfile[]): Int32Array {
  const index = nameIndex(profiles);
  const hits = new Int32Array(profiles.length);
  for (const x of objects) for (const order of index.get(x) ?? []) hits[order] = (hits[order] ?? 0) + 1;
  return hits;
}

/** Word → positions of the tools whose name nouns it is related to, once per tool list. */
const nameIndex = memoPerList((profiles: readonly ToolProfile[]): ReadonlyMap<string, readonly number[]> => {
  const index = new Map<string, number[]>();
  profiles.forEach((p, order) => {
    for (const word of relatedWords(p.nameNouns)) {
      const list = index.get(word) ?? [];
      list.push(order);
      index.set(word, list);
    }
  });
  return index;
});

/**
 * The distinct words related to some word of `b`: itself, itself plus a noun suffix, the prefix it derives from
 * (every `x` with `derivedNoun(x, y)` or `derivedNoun(y, x)` for a `y` of `b`).
 */
function relatedWords(b: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const y of b) {
    out.add(y);
    const last = y[y.length - 1] ?? '';
    for (const suffix of NOUN_SUFFIXES) for (const x of [y + suffix, y + last + suffix]) if (derivedNoun(y, x)) out.add(x);
    for (let k = 3; k < y.length; k++) {
      const x = y.slice(0, k);
      if (derivedNoun(x, y)) out.add(x);
    }
  }
  return out;
}

/** Noun-forming suffixes: a word of three letters or more plus one of these (and a doubled consonant) is derived from it. */
const NOUN_SUFFIXES = ['age', 'ment', 'ion', 'ation', 'ance', 'ence', 'ery', 'ing', 'er', 'al', 'ure'];

/** `long` is `short` plus a noun suffix: "baggage" ← "bag", "shipment" ← "ship", "passenger" ← "pass". */
export function derivedNoun(short: string, long: string): boolean {
  if (short.length < 3 || long.length <= short.length || !long.startsWith(short)) return false;
  let rest = long.slice(short.length);
  if (rest[0] === short[short.length - 1]) rest = rest.slice(1);
  return NOUN_SUFFIXES.includes(rest);
}

/** Size of the intersection; walks the smaller set. */
function count(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const small = a.size <= b.size ? a : b;
  const large = small === a ? b : a;
  let n = 0;
  for (const x of small) if (large.has(x)) n++;
  return n;
}
