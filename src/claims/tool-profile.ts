/**
 * What claimcheck reads off a tool definition to match claims to it: the verb of its name (or, for a
 * verbless name such as `gcal` or `stripe`, the verbs of its description), its nouns, and whether it
 * only reads.
 */
import type { ToolSpec } from '../tools.js';
import { GENERIC_RESULT_WORDS, GENERIC_TOOL_WORDS, OPPOSED_PARTICLES, READ_FAMILIES, STOPWORDS } from './lexicon.js';
import { isVerb, partsOfSpeech, verbsOfNoun } from '../lexicon/index.js';
import { nounSynonyms } from './_lookup.js';
import { splitIdentifier, stem, tokenize } from './_tokens.js';
import { baseVerb, familiesOf, toolVerb } from './_verbs.js';
import { enumParameters, type EnumParameter } from './_typed-values.js';
import { openToolVerb, readingsOf } from './_open-verbs.js';
import { memo, memoPerList } from './_memo.js';
import { actKey, toolActs, type ToolAct } from './tool-acts.js';

/** A tool as the matcher sees it. */
export interface ToolProfile {
  name: string;
  /** Lemma of the verb in the tool's name, or `null` for a verbless name. */
  nameVerb: string | null;
  /**
   * Later words of the name that name an action themselves ("refund" in `issue_refund`, "transfer" in
   * `create_transfer`): a claim with that verb matches the tool exactly. Words of the create family
   * ("order", "file", "log") are nouns here.
   */
  nameActions: ReadonlySet<string>;
  /** Verbs of the description (all of them for a verbless name; secondary for the others). */
  descriptionVerbs: ReadonlySet<string>;
  /** Families of `nameVerb`, or of the description's verbs for a verbless name. */
  families: ReadonlySet<string>;
  /** Canonical nouns of the name. */
  nameNouns: ReadonlySet<string>;
  /** Canonical content words of the description. */
  descriptionNouns: ReadonlySet<string>;
  /** Canonical words of the JSON Schema's property names, nested ones included (`event_id` → event, id); `null` for a tool listed by name (its arguments are unknown). */
  argumentNouns: ReadonlySet<string> | null;
  /**
   * What the tool's description says it returns, beyond its own object ("Logs in a user; returns a token"
   * → token): canonical nouns, generic result words left out. A call of another tool whose result holds
   * such a field produced what this tool would have.
   */
  returns: ReadonlySet<string>;
  /**
   * The particle of a phrasal verb the name is built on (`LogoutUser` → "out", `user_login` → "in",
   * `turn_off_lights` → "off"), from WordNet's multiword verbs; `null` when it has none.
   */
  particle: string | null;
  /** The tool only reads (its name verb, or the first verb of its description, is a read verb). */
  read: boolean;
  /** String parameters with allowed values (`enum`) in the tool's JSON Schema; `[]` for a tool listed by name. */
  enums: readonly EnumParameter[];
  /** A passthrough that can perform any action (a REST, SQL, CLI or shell gateway); `read` is then true when it is read-only. */
  generic: boolean;
  /** The listed tool this profile is of: its `name`, or for an act's profile ({@link actProfiles}) the tool whose act it is. */
  tool: string;
  /** The acts an argument of the tool selects (`tool-acts.ts`); `[]` for most tools. */
  acts: readonly ToolAct[];
  /** For an act's profile: the act. */
  act?: ToolAct;
}

/** Canonical form of a noun token: singular, synonyms folded ("invitation" → "invite"). */
export function canonicalNoun(word: string): string {
  const lower = word.toLowerCase();
  const synonym = nounSynonyms.get(lower);
  if (synonym !== undefined) return synonym;
  const stemmed = stem(lower);
  return nounSynonyms.get(stemmed) ?? stemmed;
}

/** Words whose canonical form is a given noun through the synonym table, by that noun; built on first use. */
let synonymsOf: ReadonlyMap<string, readonly string[]> | undefined;

/** The words {@link stem} makes `x` of: `x` itself, `x` plus "s" or "es", "-ies" for a final "y". */
function unstemmed(x: string): string[] {
  return [x, `${x}s`, `${x}es`, `${x.slice(0, -1)}ies`].filter((w) => stem(w) === x);
}

/**
 * Every lower-case word whose {@link canonicalNoun} is `noun` ("booking" → booking, bookings, reservation,
 * reservations, pnr, pnrs): the synonym table's words for it and the forms {@link stem} reads as one of those or
 * as `noun`, each checked against `canonicalNoun`. These are all such words: `canonicalNoun` reads a word through
 * the table, else through the table after `stem`, else as its stem. Remembered per noun (bounded).
 */
export const nounSpellings = memo((noun: string): readonly string[] => {
  if (synonymsOf === undefined) {
    const index = new Map<string, string[]>();
    for (const [word, canonical] of nounSynonyms) {
      const list = index.get(canonical) ?? [];
      list.push(word);
      index.set(canonical, list);
    }
    synonymsOf = index;
  }
  const synonyms = synonymsOf.get(noun) ?? [];
  const words = new Set([...unstemmed(noun), ...synonyms, ...synonyms.flatMap(unstemmed)]);
  return [...words].filter((w) => canonicalNoun(w) === noun);
});

/** Possessive determiners: the word after one is a noun whatever verb reading it has ("its queue status"). */
const NOUN_OPENERS: ReadonlySet<string> = new Set(['its', 'their', 'your', 'our', 'his', 'her', 'my']);

/** Build the profile of one tool. */
export function profileTool(tool: ToolSpec): ToolProfile {
  const words = splitIdentifier(tool.name);
  let verbAt = namedPassthrough(words) ? -2 : objectFirstVerb(words) ?? words.findIndex((w) => toolVerb(w) !== null);
  let nameVerb = verbAt < 0 ? null : (toolVerb(words[verbAt] ?? '') ?? openToolVerb(words[verbAt] ?? '', false));
  if (verbAt === -2) verbAt = -1;
  // The name's verb is the verb of an act's noun ("promotion" → promote).
  let nominal = false;
  // A name that opens with a word that is mainly a verb is named verb first ("reverse_charge",
  // "dispute_charge"): that word is its verb, even when a later word is one the families know.
  const lead = words.length > 1 && verbAt > 0 && !namedPassthrough(words) ? openToolVerb(words[0] ?? '', false) : null;
  if (lead !== null) {
    verbAt = 0;
    nameVerb = lead;
  }
  // A verb that is mostly a noun ("group" in `group_membership`, "vacation"), on a tool whose description opens with
  // another verb ("Group membership changes: adds users to…"), is no verb of the name: the description says the act.
  // A verb the families know ("record", "order") keeps its place.
  if (nameVerb !== null && verbAt >= 0 && toolVerb(words[verbAt] ?? '') === null && mostlyNoun(words[verbAt] ?? '') && describedFirst(tool.description) !== null && describedFirst(tool.description) !== nameVerb && !mentionsAsVerb(tool.description, nameVerb)) {
    verbAt = -1;
    nameVerb = null;
  }
  // A name that ends in an act's noun after a word that names no act (`rent_adjustment`, `promotion`, `suppression`):
  // the noun's verb is the name's (adjust, promote, suppress).
  if (verbAt === -1 && !namedPassthrough(words)) {
    // One word in the plural names the things acted on ("appointments"), not the act.
    const last = words[words.length - 1] ?? '';
    const noun = words.length === 1 && last.endsWith('s') ? null : nominalVerb(last);
    if (noun !== null && words.slice(0, -1).every((w) => toolVerb(w) === null)) {
      verbAt = words.length - 1;
      nameVerb = noun;
      nominal = true;
    }
  }
  const describedOther = (): boolean => describedFirst(tool.description) !== null && words.every((w) => mostlyNoun(w) && !mentionsAsVerb(tool.description, w));
  if (verbAt === -1 && !namedPassthrough(words) && !(nameVerb === null && describedOther())) {
    // A verb the families do not know ("notarize_contract", "think"): the first word of a longer name when
    // it is a verb, else the first word that is mainly a verb ("stripe", "shell" are nouns first).
    // A word the description uses as a verb is one ("flag: Flag a comment for review").
    const leads = (i: number): boolean => (i === 0 && words.length > 1) || mentionsAsVerb(tool.description, words[i] ?? '');
    verbAt = words.findIndex((w, i) => openToolVerb(w, leads(i)) !== null);
    nameVerb = verbAt === -1 ? null : openToolVerb(words[verbAt] ?? '', leads(verbAt));
  }
  const nameNouns = new Set(words.filter((_, i) => i !== verbAt || nameVerb !== toolVerb(words[i] ?? '')).map(canonicalNoun));
  const nameActions = new Set(
    words.filter((w, i) => i > verbAt && verbAt !== -1 && toolVerb(w) !== null && !familiesOf(toolVerb(w) ?? '').includes('create')).map((w) => toolVerb(w) ?? w),
  );
  if (nameVerb !== null) nameNouns.add(canonicalNoun(words[verbAt] ?? ''));

  const description = tool.description;
  const descTokens = tokenize(description.replace(/[=_'"]/g, ' '));
  const descriptionVerbs = new Set<string>();
  for (const t of descTokens) {
    const v = baseVerb(t) ?? (nameVerb === null ? nominalVerb(t) : null);
    if (v !== null && !['use', 'pass', 'provide', 'given', 'return', 'call', 'get'].includes(v)) descriptionVerbs.add(v);
  }
  // The verb that opens the description, or what follows its "Domain:" label, says the act whatever the families
  // know of it ("Enter a vendor bill", "Fax a document from the chart", "Okta: suspend a user").
  const opens = openingVerb(description);
  if (opens !== null) descriptionVerbs.add(opens);
  const firstClause = tokenize(description.split(/[.;:,(]/)[0] ?? '');
  const firstVerb = firstClause.map((t) => baseVerb(t)).find((v) => v !== null) ?? null;
  const readWrite = /read[-/ ]?write/i.test(description);
  const familiesFrom = (lemma: string | null): string[] => (lemma === null ? [] : [...familiesOf(lemma)]);

  let read: boolean;
  let families: Set<string>;
  // The description says the tool reads; for a name made of an act's noun, only by the verb that opens it.
  const opening = nominal ? describedFirst(description) : firstVerb;
  const describedRead = (): boolean => !readWrite && opening !== null && familiesOf(opening).every((f) => READ_FAMILIES.has(f));
  if (nameVerb !== null && familiesFrom(nameVerb).length === 0 && describedRead()) {
    // A name verb the families do not know, on a tool its description says reads ("ForecastWeather: Get
    // the 3-day forecast"): a lookup, as a verbless name would be.
    read = true;
    families = new Set(['lookup']);
  } else if (nameVerb !== null) {
    families = new Set([nameVerb, ...nameActions].flatMap((v) => familiesFrom(v)));
    read = familiesFrom(nameVerb).every((f) => READ_FAMILIES.has(f)) && familiesFrom(nameVerb).length > 0;
  } else {
    // A tool named by a noun reads when its description opens with a verb of reading, or says it is read-only
    // ("Resident ledger: read-only list of charges…"): what a tool says it cannot change, it did not change.
    read = describedRead() || (!readWrite && READ_ONLY.test(description));
    families = new Set([...descriptionVerbs].flatMap((v) => familiesFrom(v)));
    if (read) families = new Set(['lookup']);
  }
  // A passthrough names what it passes through ("run_sql", "Run a kubectl command", "REST gateway"): the verbs "run"
  // and "execute" alone do not make one ("run_smoke_tests: Run the smoke test suite").
  const passes = (w: string): boolean => GENERIC_TOOL_WORDS.has(w) && !RUN_VERBS.has(w);
  // A description says so with a word of passing through ("REST API", "SQL", "bridge"); one that serves a "service"
  // or an "admin" is not thereby one.
  const describesPassing = (w: string): boolean => passes(w) && !SERVING_WORDS.has(w);
  const generic = (descTokens.some(describesPassing) || words.some(passes)) && (nameVerb === null || nameVerb === 'run' || nameVerb === 'execute');
  // A word with a verb reading is a noun where a possessive opens its phrase ("returns the post id and its queue status").
  const descriptionNouns = new Set(
    descTokens.filter((t, i) => !STOPWORDS.has(t) && t.length > 2 && (baseVerb(t) === null || NOUN_OPENERS.has(descTokens[i - 1] ?? '')) && !/^\d/.test(t)).map(canonicalNoun),
  );
  if (generic) read = READ_ONLY.test(description) && !readWrite;
  const enums = tool.parameters === undefined ? [] : enumParameters(tool.parameters);
  const argumentNouns = tool.parameters === undefined ? null : new Set(propertyNames(tool.parameters).flatMap((k) => splitIdentifier(k)).map(canonicalNoun));
  const returns = new Set<string>();
  for (const m of description.matchAll(RETURNS)) {
    for (const w of tokenize(m[1] ?? '')) {
      const noun = canonicalNoun(w);
      if (!STOPWORDS.has(w) && partsOfSpeech(w)[0] === 'n' && !nameNouns.has(noun) && !GENERIC_RESULT_WORDS.has(noun)) returns.add(noun);
    }
  }
  const acts = generic ? [] : toolActs(tool, nameVerb);
  return { name: tool.name, nameVerb, nameActions, descriptionVerbs, families, nameNouns, descriptionNouns, argumentNouns, returns, particle: nameParticle(words), read, generic, enums, tool: tool.name, acts };
}

/**
 * The profiles a claim is matched against: each tool whose argument selects its act replaced by one profile per act
 * (named by its `actKey`), so that "booked the 9:40 slot" is matched to the booking act of a scheduling tool and
 * judged by the calls that selected it, not by an availability check. An act's profile has the act's verb for its
 * name verb, the verbs the description gives the act for its description verbs, and, for an act that does more than
 * read, the tool's own name verb among its name actions ("reconciled" is the finalizing act of `reconcile`, not its
 * preview). The list itself when no tool has acts; once per list.
 */
export const actProfiles = memoPerList((profiles: readonly ToolProfile[]): readonly ToolProfile[] => {
  if (!profiles.some((p) => p.acts.length > 0)) return profiles;
  return profiles.flatMap((p) => (p.acts.length === 0 ? [p] : p.acts.map((act) => actProfile(p, act))));
});

function actProfile(base: ToolProfile, act: ToolAct): ToolProfile {
  const own = base.nameVerb !== null && !act.read && base.nameVerb !== act.verb ? base.nameVerb : null;
  const families = act.read ? new Set(['lookup']) : new Set([act.verb, ...act.described, ...(own === null ? [] : [own])].flatMap((v) => [...familiesOf(v)]));
  const nameActions = new Set(act.read ? [] : base.nameActions);
  if (own !== null) nameActions.add(own);
  const nameNouns = new Set(base.nameNouns);
  for (const w of splitIdentifier(act.value)) nameNouns.add(canonicalNoun(w));
  // What the act acts on, as its description says ("books a slot_id for the patient" → slot, patient): the object of a
  // claim names the act through these as it names another tool through its name.
  if (!act.read) for (const w of act.words) if (!STOPWORDS.has(w) && w.length > 2 && baseVerb(w) === null && partsOfSpeech(w)[0] === 'n') nameNouns.add(canonicalNoun(w));
  const profile: ToolProfile = {
    ...base,
    name: actKey(base.name, act),
    nameVerb: act.verb,
    nameActions,
    descriptionVerbs: new Set(act.described),
    families,
    nameNouns,
    read: act.read,
    // What the tool returns is said of the tool, not of one act ("mode='quote' returns rates").
    returns: new Set(),
    enums: base.enums.filter((e) => e.key !== act.argument),
    act,
  };
  return profile;
}

/** Noun suffixes that make an act's noun of a verb ("adjustment", "activation", "renewal", "issuance"). */
const ACT_NOUN = /^[a-z]{3,}(?:ment|tion|sion|al|ance|ence)s?$/;

/**
 * The verb an act's noun names ("adjustment" → adjust, "deactivation" → deactivate, "issuance" → issue), by WordNet's
 * derivation links; `null` for a word that is no such noun ("membership", "ticket", "label").
 */
const nominalVerb = memo((word: string): string | null => {
  if (!ACT_NOUN.test(word)) return null;
  const singular = word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
  return verbsOfNoun(singular).find((v) => familiesOf(v).length > 0 || isVerb(v)) ?? null;
});

/** A word WordNet reads first as a noun, or not as a verb at all ("group", "vacation", "badge"). */
function mostlyNoun(word: string): boolean {
  const parts = partsOfSpeech(word);
  return parts.length === 0 || parts[0] !== 'v';
}

/**
 * The verb that opens a description's first sentence, as the families know it, or opens what follows a "Domain:"
 * label ("Okta: suspend a user", "Group membership changes: adds users to…"); `null` when neither does.
 */
function describedFirst(description: string): string | null {
  const sentence = description.split(/[.;(]/)[0] ?? '';
  for (const part of sentence.split(':')) {
    const first = tokenize(part)[0];
    const verb = first === undefined ? null : baseVerb(first);
    if (verb !== null) return verb;
  }
  return null;
}

/**
 * The verb, as WordNet knows it, that opens a description's first sentence or what follows a "Domain:" label before a
 * word that opens what it acts on ("Enter a vendor bill", "Fax a document"); `null` when neither does.
 */
function openingVerb(description: string): string | null {
  const sentence = description.split(/[.;(]/)[0] ?? '';
  for (const part of sentence.split(':')) {
    const words = tokenize(part);
    const first = words[0];
    if (first === undefined || !OBJECT_OPENERS.has(words[1] ?? '')) continue;
    const reading = readingsOf(first).find((r) => r.form === 'base' && r.lemma === first);
    if (reading !== undefined) return reading.lemma;
  }
  return null;
}

/** Words that open what a verb acts on ("Flag a comment", "Renew the lease"). */
const OBJECT_OPENERS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'one', 'each', 'every', 'all', 'any', 'your', 'their', 'its', 'it', 'them', 'this', 'that']);

/**
 * The description uses a word as a verb: its base or third-person form opens a clause before what it acts on, or
 * follows "to" ("Flag a comment", "to flag"); not "Group membership changes".
 */
function mentionsAsVerb(description: string, verb: string): boolean {
  const words = tokenize(description);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w !== verb && w !== `${verb}s` && w !== `${verb}es`) continue;
    if (words[i - 1] === 'to' || ((i === 0 || words[i - 1] === 'and' || words[i - 1] === 'or') && OBJECT_OPENERS.has(words[i + 1] ?? ''))) return true;
  }
  return false;
}

/** Words of {@link GENERIC_TOOL_WORDS} that a description uses of any tool ("for the rest of today's service"). */
const SERVING_WORDS: ReadonlySet<string> = new Set(['service', 'admin', 'operations', 'integration', 'hcm', 'rest']);

/** Verbs that run whatever a passthrough is given ("run_sql", "execute_query"). */
const RUN_VERBS: ReadonlySet<string> = new Set(['run', 'execute', 'exec', 'query', 'call', 'invoke']);

/**
 * A name that ends in what it passes through, after the domain it serves (`ledger_sql`, `claims_db`, `lms_api`,
 * `wms_cli`): no word of it is its verb ("shop" in `shop_sql` names a database, not an act), unless it opens with
 * a verb of running (`run_sql`).
 */
function namedPassthrough(words: readonly string[]): boolean {
  const last = words[words.length - 1] ?? '';
  return words.length > 1 && GENERIC_TOOL_WORDS.has(last) && !SERVING_WORDS.has(last) && !RUN_VERBS.has(last) && !RUN_VERBS.has(words[0] ?? '');
}

/**
 * The verb of an object-first name (`tenant_message_send`, `dns_record_create`, `lease_renew`): of two words, the second
 * when the first is mostly a noun and the second mostly a verb; of more, when the first word is no verb, of several
 * later words that can be verbs the last one that is only a verb ("send", not "message"; "create", not "record").
 * `undefined` when the name is not of that shape (the reading left to the rule that takes the first verb).
 */
function objectFirstVerb(words: readonly string[]): number | undefined {
  // Two words: a noun first and a word that is mostly a verb ("lease_renew", "order_get", "post_schedule").
  if (words.length === 2) {
    const [first = '', second = ''] = words;
    if (!mostlyNoun(first) || toolVerb(first) === null && openToolVerb(first, false) !== null) return undefined;
    const verb = toolVerb(second) ?? openToolVerb(second, false);
    if (verb === null) return undefined;
    // A verb of reading names the act whatever WordNet reads first ("queue_list", "contact_lookup").
    const reads = familiesOf(verb).length > 0 && familiesOf(verb).every((f) => READ_FAMILIES.has(f));
    return reads || !mostlyNoun(second) ? 1 : undefined;
  }
  if (words.length < 3 || toolVerb(words[0] ?? '') !== null || openToolVerb(words[0] ?? '', false) !== null) return undefined;
  const candidates: number[] = [];
  for (let i = 1; i < words.length; i++) if (toolVerb(words[i] ?? '') !== null) candidates.push(i);
  if (candidates.length < 2) return undefined;
  for (let k = candidates.length - 1; k >= 0; k--) {
    const i = candidates[k] as number;
    if (!mostlyNoun(words[i] ?? '')) return i;
  }
  return undefined;
}

/** The particle of a phrasal verb in a tool name: a word joined from one ("login", "checkout"), or a verb followed by one ("turn_off"). */
function nameParticle(words: readonly string[]): string | null {
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const next = words[i + 1] ?? '';
    if (OPPOSED_PARTICLES.has(next) && isVerb(`${w} ${next}`)) return next;
    for (const p of OPPOSED_PARTICLES.keys()) {
      if (w.length > p.length + 2 && w.endsWith(p) && !isVerb(w) && isVerb(`${w.slice(0, -p.length)} ${p}`)) return p;
    }
  }
  return null;
}

/** "returns a token", "returning 5 most recent results": what follows, up to the end of its clause. */
const RETURNS = /\breturn(?:s|ing)?\s([^.;,()]{1,60})/gi;
/** A description saying the tool changes nothing: "read-only", "read only", "readonly". */
const READ_ONLY = /\bread[- ]?only\b/i;

/** The property names of a JSON Schema object, nested objects and array items included (depth ≤ 8). */
function propertyNames(schema: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 8 || schema === null || typeof schema !== 'object') return out;
  const properties = (schema as { properties?: unknown }).properties;
  if (properties !== null && typeof properties === 'object') {
    for (const [key, sub] of Object.entries(properties as Record<string, unknown>)) {
      out.push(key);
      propertyNames(sub, out, depth + 1);
    }
  }
  propertyNames((schema as { items?: unknown }).items, out, depth + 1);
  return out;
}
