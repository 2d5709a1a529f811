/**
 * What a call's own arguments show about a claim: whether the call did what the claim states, read off the values it
 * was given rather than off the tool's name (issue 32, "judge against the evidence: which calls ran, with which
 * arguments"). "Both of you are set as participants" after a create call whose arguments list `participants`;
 * "the document was attached to the email" after a send whose arguments hold `attachments`; "I posted the question:
 * 'Can everyone…'" after a channel message whose body is that question.
 */
import type { LedgerEntry } from '../ledger.js';
import { verbsOfNoun } from '../lexicon/index.js';
import { canonicalNoun } from './tool-profile.js';
import { splitIdentifier } from './_tokens.js';
import { quotedSpans } from './_scan.js';
import { eachLeaf } from './_values.js';
import { isRecordKey } from './args-digest.js';
import { ADDRESS_ARGUMENTS } from './lexicon.js';

/** What a claim states, as the evidence test reads it. */
export interface ClaimEvidence {
  /** Lemma of the claimed verb. */
  verb: string;
  /** The canonical head noun of what was acted on; `null` when the claim names none of its own. */
  head: string | null;
  /** The canonical nouns of the claim's object. */
  objects: ReadonlySet<string>;
  /** The texts the claim's sentence quotes, lower case, spaces squeezed. */
  quotes: readonly string[];
  /** Emails, references and numbers of three digits or more the claim's clause states, lower case. */
  values: readonly string[];
  /** Names the claim's clause states (capitalised words after its first), lower case: "Lena" is in `lena@example.com`. */
  names: readonly string[];
  /** Content words of the claim's object (four letters or more, no stop words), lower case: what a message it sent was about. */
  words: readonly string[];
}

/** What a call's arguments show. */
export interface CallEvidence {
  /** An argument is named for the claimed act (`attachments` for "attached") or for what it acted on, the claim's head noun (`participants`). */
  named: boolean;
  /** An argument is named for a noun of the claim's object ("set as attendees" → `attendees`). */
  namesObject: boolean;
  /** An argument holds a text the claim quotes. */
  quoted: boolean;
  /** An argument holds a value the claim states (an email, a reference, a number): the call acted on what the claim names. */
  holds: boolean;
  /** An argument holds a text the claim quotes, of {@link LONG_QUOTE} characters or more: a verbatim content match. */
  verbatim: boolean;
  /** A free-text argument ({@link FREE_TEXT} characters or more) holds two or more of the claim's object words: the call carried what the claim says it sent. */
  echoes: boolean;
  /** A name the claim states, or a word of its object, is held by an argument that lists the parties of the act (`participants`, `attendees`, `to`). */
  party: boolean;
  /** The claim states values ({@link ClaimEvidence.values}) and the call's arguments hold every one of them. */
  holdsAll: boolean;
  /** A one-word argument value is a word of the claim's object (`prestage: "engineering"` for "installs the engineering app set"): the call set what the claim names. */
  setsWord: boolean;
}

/** An argument this long is free text (a message body), not a field value. */
const FREE_TEXT = 20;

/** A quoted text this long, found verbatim in an argument, is the call's content ("Hi, can everybody write me…"). */
const LONG_QUOTE = 16;

/** What `call`'s arguments show about the claim. */
export function callEvidence(call: LedgerEntry, claim: ClaimEvidence): CallEvidence {
  const out: CallEvidence = { named: false, namesObject: false, quoted: false, holds: false, verbatim: false, echoes: false, party: false, holdsAll: false, setsWord: false };
  const held = new Set<string>();
  const keys = argumentKeyNouns(call, false);
  if ((claim.head !== null && keys.has(claim.head)) || keysName(keys, claim.verb)) out.named = true;
  for (const o of claim.objects) if (keys.has(o)) out.namesObject = true;
  if (claim.quotes.length === 0 && claim.values.length === 0 && claim.names.length === 0 && claim.words.length < 2) return out;
  eachLeaf(call.args, (key, value) => {
    if (out.verbatim || (typeof value !== 'string' && typeof value !== 'number')) return;
    const text = squeeze(String(value).toLowerCase());
    if (!out.echoes && claim.words.length >= 2 && text.length >= FREE_TEXT) {
      const words = new Set(text.split(/[^a-z0-9]+/).map(canonicalNoun));
      let shared = 0;
      for (const w of claim.words) if (words.has(w)) shared++;
      out.echoes = shared >= 2;
    }
    if (!out.setsWord && typeof value === 'string' && /^[a-z]{4,30}$/.test(text) && claim.words.includes(canonicalNoun(text))) out.setsWord = true;
    if (!out.party && (claim.names.length > 0 || claim.words.length > 0) && splitIdentifier(key).some((w) => ADDRESS_ARGUMENTS.has(canonicalNoun(w)))) {
      // A name, or a word of the object ("Mark has been invited": a sentence's first word is read as no name).
      const words = text.split(/[^a-z]+/);
      out.party = claim.names.some((n) => words.includes(n)) || claim.words.some((w) => words.includes(w));
    }
    for (const q of claim.quotes) {
      if (!text.includes(q)) continue;
      out.quoted = true;
      if (q.length >= LONG_QUOTE) out.verbatim = true;
    }
    if (held.size < claim.values.length) {
      const pieces = text.split(/[^a-z0-9@._-]+/);
      for (const v of claim.values) if (text === v || pieces.includes(v)) held.add(v);
      if (held.size > 0) out.holds = true;
    }
    if (!out.holds && claim.names.length > 0) {
      const words = text.split(/[^a-z]+/);
      if (claim.names.some((n) => words.includes(n))) out.holds = true;
    }
  });
  out.holdsAll = claim.values.length > 0 && held.size === claim.values.length;
  return out;
}

/**
 * The canonical nouns of the argument names a call was given, nested ones included; without `records`, not those of
 * record ids (`reservation_id` says which record the call acted on, not what it set). Once per call.
 */
export function argumentKeyNouns(call: LedgerEntry, records = true): ReadonlySet<string> {
  const cache = records ? KEY_NOUNS : SET_NOUNS;
  let nouns = cache.get(call);
  if (nouns === undefined) {
    const made = new Set<string>();
    const visit = (value: unknown, depth: number): void => {
      if (depth > 8 || value === null || typeof value !== 'object') return;
      if (Array.isArray(value)) {
        for (const v of value.slice(0, 50)) visit(v, depth + 1);
        return;
      }
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (records || !isRecordKey(k)) for (const w of splitIdentifier(k)) made.add(canonicalNoun(w));
        visit(v, depth + 1);
      }
    };
    visit(call.args, 0);
    cache.set(call, (nouns = made));
  }
  return nouns;
}
const KEY_NOUNS = new WeakMap<LedgerEntry, ReadonlySet<string>>();
const SET_NOUNS = new WeakMap<LedgerEntry, ReadonlySet<string>>();

/**
 * An argument name is the act's noun, derived from its verb: `attachments` for attach, `invitees` for invite (WordNet's
 * derivation links). A noun spelled as the verb (`email` for "emailed") names what the argument holds, not the act.
 */
function keysName(keys: ReadonlySet<string>, verb: string): boolean {
  for (const k of keys) if (k.length > 3 && k !== verb && verbsOfNoun(k).includes(verb)) return true;
  return false;
}

/** Runs of white space as one space, trimmed. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The texts a reply quotes (double, curly or back quotes; single quotes around three characters or more that are
 * not an apostrophe's), lower case, spaces squeezed: what the claims of a sentence that quotes may have sent.
 */
export function quotedTexts(reply: string): string[] {
  const out: string[] = [];
  for (const span of quotedSpans(reply)) {
    const text = squeeze(span.toLowerCase());
    if (text.length >= 3 && !out.includes(text)) out.push(text);
  }
  return out;
}
