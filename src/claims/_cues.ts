/**
 * The cue readers of the clause reader: conditions, times outside the run, other actors, stated
 * quantities, outcome phrases ("is on your calendar"), field labels and completion verbs. Each looks at
 * a clause's words and answers one question; `_clause.ts` decides what they mean together.
 */
import { COMPLETION_VERBS, CONDITIONAL, FILLERS, FIRST_PERSON, MONTHS, NEGATION, NOT_YET, STOPWORDS } from './lexicon.js';
import { nominalizations } from './_lookup.js';
import { pastVerbAt, type VerbHit } from './_verbs.js';
import { tokenize } from './_tokens.js';
import type { ClauseClaim } from './_clause.js';
import type { ClaimForm } from './extract-claims.js';

const BY_MEANS = new Set(['me', 'us', 'myself', 'email', 'mail', 'text', 'sms', 'phone', 'card', 'hand', 'default', 'date', 'name', 'id', 'number', 'mistake', 'accident', 'the', 'a', 'an', 'then', 'now', 'end', 'tomorrow', 'today', 'tonight', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'noon', 'midnight', 'eod', 'cob']);
const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(Object.entries({ both: 2, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 }));
const OUTCOME_STATES = new Set(['on', 'off', 'live', 'active', 'enabled', 'disabled', 'in', 'at', 'running', 'open', 'closed', 'locked', 'unlocked', 'armed', 'disarmed', 'paused', 'stopped', 'set']);
const PAST_UNITS = new Set(['hour', 'hours', 'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years']);
const LAST_WHAT = new Set(['week', 'month', 'year', 'night', 'time', 'quarter', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'weekend', 'summer', 'winter', 'spring', 'fall']);

/** Words that open a condition by themselves ("if", "unless"). */
const CONDITION_WORDS: ReadonlySet<string> = new Set(['if', 'unless', 'once', 'whether', 'assuming', 'otherwise', 'suppose']);
/** Words that open a condition before a person ("when you…", "until they…"), when the lexicon reads them as conditional. */
const CONDITION_BEFORE_PERSON: ReadonlySet<string> = new Set(['when', 'until', 'after', 'before', 'whenever']);
const PERSONS: ReadonlySet<string> = new Set(['you', 'they', 'he', 'she', 'it', 'someone', 'your']);
/** Every word that may open a condition (also "in case", "as soon as"): any other word is passed over with one lookup. */
const CONDITION_OPENERS: ReadonlySet<string> = new Set([...CONDITION_WORDS, ...CONDITION_BEFORE_PERSON, 'in', 'as']);

/**
 * Index of the word that opens a condition ("if", "unless", "once", "in case", "as soon as", "when you…", "only
 * when…"), or -1.
 */
export function conditionalIndex(words: readonly string[]): number {
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (!CONDITION_OPENERS.has(w)) continue;
    if (CONDITION_WORDS.has(w)) return i;
    if (w === 'in' && words[i + 1] === 'case') return i;
    if (w === 'as' && words[i + 1] === 'soon' && words[i + 2] === 'as') return i;
    if (CONDITION_BEFORE_PERSON.has(w) && CONDITIONAL.has(w) && PERSONS.has(words[i + 1] ?? '')) return i;
    // "is provided only when the reservation is changed": "only" makes any such clause a condition.
    if (CONDITION_BEFORE_PERSON.has(w) && words[i - 1] === 'only') return i;
  }
  return -1;
}

/**
 * The clause dates its act before this run ("yesterday", "3 days ago", "last week", "back in May", "in March",
 * "earlier this week"). A time after "from" or "of" dates a thing, not the act ("archived the threads from
 * last week", "refunded the charge of yesterday").
 */
export function pastTime(words: readonly string[]): boolean {
  const ofAThing = (start: number): boolean => THING_TIME.has(words[start - 1] ?? '');
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if ((w === 'yesterday' || w === 'previously') && !ofAThing(i)) return true;
    if (w === 'ago' && PAST_UNITS.has(words[i - 1] ?? '') && !ofAThing(/^\d+$|^an?$/.test(words[i - 2] ?? '') ? i - 2 : i - 1)) return true;
    if (w === 'last' && (LAST_WHAT.has(words[i + 1] ?? '') || (/^\d+$/.test(words[i + 1] ?? '') && PAST_UNITS.has(words[i + 2] ?? ''))) && !ofAThing(i)) return true;
    if (w === 'back' && words[i + 1] === 'in') return true;
    if (w === 'in' && MONTHS.has(words[i + 1] ?? '') && !/^\d/.test(words[i + 2] ?? '')) return true;
    if (w === 'earlier' && words[i + 1] === 'this' && ['week', 'month', 'year'].includes(words[i + 2] ?? '')) return true;
  }
  return false;
}

/** Prepositions after which a time belongs to a noun ("the threads from last week"). */
const THING_TIME: ReadonlySet<string> = new Set(['from', 'of']);

/** "was created on 2024-05-01", "submitted to your bank on Nov 4": a dated act, before this run. Looks at `words[from..to]`. */
export function onPastDate(words: readonly string[], from = 0, to = words.length): boolean {
  return pastDateAt(words, from, to) !== -1;
}

/** Index of the "on" of the first {@link onPastDate} date in `words[from..to]`, or -1. */
export function pastDateAt(words: readonly string[], from = 0, to = words.length): number {
  for (let i = from; i < Math.min(to + 1, words.length); i++) {
    const next = words[i + 1] ?? '';
    if (words[i] === 'on' && MONTHS.has(next) && /^\d/.test(words[i + 2] ?? '')) return i;
    if (words[i] === 'on' && /^\d{4}-\d{2}-\d{2}/.test(next)) return i;
    // A date written with non-breaking hyphens ("2024‑05‑12") is three words.
    if (words[i] === 'on' && /^\d{4}$/.test(next) && /^\d{2}$/.test(words[i + 2] ?? '') && /^\d{2}$/.test(words[i + 3] ?? '')) return i;
    if (words[i] === 'on' && next === 'may' && /^\d/.test(words[i + 2] ?? '')) return i;
    if (words[i] === 'on' && /^\d{1,2}(st|nd|rd|th)?$/.test(next) && (MONTHS.has(words[i + 2] ?? '') || words[i + 2] === 'may')) return i;
  }
  return -1;
}

/**
 * "sent by Ana", "approved by the finance team": an agent phrase of the claimed verb. It governs only
 * that verb: the scan stops at the next participle, which has its own ("cancelled due to health reasons
 * covered by your insurance").
 */
export function byOtherActor(words: readonly string[], from: number): boolean {
  for (let i = from; i < words.length; i++) {
    if (i > from && pastVerbAt(words, i) !== null) return false;
    if (words[i] !== 'by') continue;
    const who = words[i + 1];
    if (who !== undefined && !BY_MEANS.has(who) && !/^\d/.test(who)) return true;
    if ((who === 'the' || who === 'a') && words[i + 2] !== undefined && !['end', 'way'].includes(words[i + 2] ?? '')) return true;
  }
  return false;
}

export function countOf(words: readonly string[]): number | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const next = words[i + 1] ?? '';
    const n = NUMBER_WORDS.get(w) ?? (/^\d{1,4}$/.test(w) ? Number(w) : undefined);
    if (n === undefined) continue;
    // "moved all three", "14 invoices": a number before a plural noun. "order 4821 as requested" is a reference.
    if (w === 'both' || (/^[a-z]{3,}s$/.test(next) && !STOPWORDS.has(next) && !['usd', 'eur', 'gbp', 'hours', 'days', 'minutes', 'weeks', 'months', 'years'].includes(next))) return n;
    if (NUMBER_WORDS.has(w) && (next === '' || !/^\d/.test(next))) return n;
  }
  return undefined;
}

/** Determiners that open the place a user is put in ("on the 9:40 train", "in your new plan"); "in good hands" is an idiom. */
const PLACE_DETERMINERS: ReadonlySet<string> = new Set(['the', 'your', 'a', 'an', 'our', 'this', 'that']);

/** Outcome claims with no past verb: "is on your calendar", "is on its way", "is now OFF", "is back online", "is live". */
export function readOutcome(words: readonly string[]): ClauseClaim | null {
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const until = untilOutcome(words, i);
    if (until !== undefined) return until;
    if (w !== 'is' && w !== 'are') continue;
    const subject = words.slice(0, i).filter((x) => !STOPWORDS.has(x) && !FILLERS.has(x));
    if (words.slice(0, i).some((x) => FIRST_PERSON.has(x) || x === 'there' || x === 'it' || x === 'this' || x === 'that' || x === 'what')) return null;
    let k = i + 1;
    // "is now inactive", "is back online": a state the run brought about.
    const now = words[k] === 'now' || (words[k] === 'back' && k + 1 < words.length);
    if (now || words[k] === 'all') k++;
    const rest = words.slice(k);
    // "You're now on the 9:40 train", "you are now in the Growth plan": the user placed somewhere by this run.
    if (now && i === 1 && words[0] === 'you' && (rest[0] === 'on' || rest[0] === 'in') && PLACE_DETERMINERS.has(rest[1] ?? '')) {
      const object = rest.slice(1).filter((x) => !STOPWORDS.has(x) && /[a-z]/.test(x));
      return object.length === 0 ? null : { verb: '*', object: object.join(' '), form: 'outcome' };
    }
    const found = outcomeOf(rest, now, subject);
    const head = subjectHead(words.slice(0, i)) ?? subject[subject.length - 1];
    if (found !== null && head !== undefined) found.head ??= head;
    return found;
  }
  return null;
}

/** Prepositions that end the head noun phrase of an outcome's subject ("refund of $1,360", "credit for May"). */
const SUBJECT_PREPOSITIONS: ReadonlySet<string> = new Set(['of', 'for', 'from', 'to', 'with', 'on', 'in', 'at', 'worth']);

/**
 * The head noun of an outcome's subject: its last plain word before a preposition that follows one ("Jun's deposit
 * refund of $1,360" → refund, not the amount's digits); `undefined` when it has no plain word.
 */
function subjectHead(subject: readonly string[]): string | undefined {
  let last: string | undefined;
  for (const w of subject) {
    if (last !== undefined && SUBJECT_PREPOSITIONS.has(w)) break;
    if (/^[a-z][a-z-]*$/.test(w) && !STOPWORDS.has(w) && !FILLERS.has(w)) last = w;
  }
  return last;
}

/**
 * "Mateo now has until Friday", "you now have until 5pm to pay": a deadline moved by this run, an extension granted, so
 * the object names an extension beside the subject and the new time (as "on your calendar" names a calendar event).
 * Read only with "now" right before "has"/"have" and no first person in the subject; `null` when the subject is no
 * content word but "you", `undefined` when `words[i]` opens no such outcome.
 */
function untilOutcome(words: readonly string[], i: number): ClauseClaim | null | undefined {
  const w = words[i];
  if ((w !== 'has' && w !== 'have') || words[i - 1] !== 'now' || words[i + 1] !== 'until' || i < 2) return undefined;
  const subject = words.slice(0, i - 1).filter((x) => !STOPWORDS.has(x) && !FILLERS.has(x));
  if (subject.length === 0 && words[0] !== 'you') return null;
  if (words.slice(0, i - 1).some((x) => FIRST_PERSON.has(x) || x === 'it' || x === 'this' || x === 'that')) return null;
  const object = [...subject, 'extension', ...words.slice(i + 2).filter((x) => !STOPWORDS.has(x) && /^[a-z]/.test(x))];
  return { verb: 'extend', object: object.join(' '), form: 'outcome' };
}

/**
 * States a run brings about, read without "now" ("etl-worker-3 is up and running", "your A/B segment is active", "your
 * case is open"): such an outcome is a claim only when the request asks for an act on what it names ({@link isBare},
 * read in `extract-claims.ts`): "Is my request still open?" is answered with a state, not a claim.
 */
const BARE_STATES: ReadonlySet<string> = new Set(['up', 'running', 'active', 'enabled', 'open']);
/** Outcomes read without "now" ({@link BARE_STATES}, a place "is on the waitlist"): claims only when tied to the request. */
const BARE_OUTCOMES = new WeakSet<ClauseClaim>();

/** The outcome was read without "now" and needs the request's tie to be a claim (`extract-claims.ts`). */
export function isBare(claim: ClauseClaim): boolean {
  return BARE_OUTCOMES.has(claim);
}

/** The outcome that follows "is"/"are" (`rest`), for the subject's content words. */
function outcomeOf(rest: readonly string[], now: boolean, subject: readonly string[]): ClauseClaim | null {
  const objectOf = (extra: readonly string[]): string => [...subject, ...extra.filter((x) => !STOPWORDS.has(x) && /[a-z]/.test(x))].join(' ');
  if (rest[0] === 'on' && (rest[1] === 'the' || rest[1] === 'your') && rest[2] === 'calendar') return { verb: 'add', object: objectOf(['calendar', 'event']), form: 'outcome' };
  if (rest[0] === 'on' && (rest[1] === 'its' || rest[1] === 'the' || rest[1] === 'their') && rest[2] === 'way') return { verb: 'send', object: objectOf(rest.slice(3)), form: 'outcome' };
  if (rest[0] === 'live') return { verb: 'deploy', object: objectOf(rest.slice(1)), form: 'outcome' };
  if ((rest[0] === 'on' || rest[0] === 'off') && rest.length === 1 && subject.length > 0) return { verb: 'turn', object: objectOf([]), form: 'outcome' };
  if (now && rest.length > 0 && subject.length > 0 && (OUTCOME_STATES.has(rest[0] ?? '') || rest.length <= 6)) return { verb: 'update', object: objectOf(rest), form: 'outcome' };
  if (now || subject.length === 0) return null;
  // "etl-worker-3 is up and running", "the comment filter is active": what the subject names was made or turned on.
  if (BARE_STATES.has(rest[0] ?? '')) return bare({ verb: '*', object: objectOf(rest.slice(1)), form: 'outcome' });
  // "Ito is on the waitlist", "the $75 credit is on 5A's ledger", "the post is in the Scheduled queue": the place is
  // what the act put the subject in: it is the claim's object and head, and names the tool that keeps it ("your
  // reservation is in the economy cabin" names no tool's place).
  const place = rest[0] === 'on' || rest[0] === 'in' ? placeOf(rest) : undefined;
  if (place !== undefined) {
    const claim = bare({ verb: '*', object: place.words.join(' '), form: 'outcome', head: place.head });
    PLACES.add(claim);
    return claim;
  }
  return null;
}

/** Outcomes whose object is the place the subject is in ("is on the waitlist"), not the subject itself. */
const PLACES = new WeakSet<ClauseClaim>();

/** The outcome's object is the place its subject is in ("Ito is on the waitlist" → "waitlist"). */
export function isPlace(claim: ClauseClaim): boolean {
  return PLACES.has(claim);
}

function bare(claim: ClauseClaim): ClauseClaim {
  BARE_OUTCOMES.add(claim);
  return claim;
}

/** How many words a place's noun phrase may have after "on"/"in" ("on the global suppression list"). */
const PLACE_PHRASE = 5;

/**
 * The place after "on"/"in" (`rest[0]`) when a determiner or a possessive opens it ("on the waitlist", "on 5A's
 * ledger", "in your Scheduled queue"): the plain words of the phrase, before a preposition or function word, and the
 * last of them as its head. `undefined` for "in economy", "on Friday", "in good hands" (no determiner), and for a phrase with no noun.
 */
function placeOf(rest: readonly string[]): { words: string[]; head: string } | undefined {
  let k = PLACE_DETERMINERS.has(rest[1] ?? '') ? 2 : rest[2] === "'s" ? 3 : -1;
  if (k === -1) return undefined;
  const words: string[] = [];
  for (const end = k + PLACE_PHRASE; k < end && k < rest.length; k++) {
    const w = rest[k] ?? '';
    if (!/^[a-z][a-z-]*$/.test(w) || STOPWORDS.has(w)) break;
    words.push(w);
  }
  const head = words[words.length - 1];
  return head === undefined ? undefined : { words, head };
}

/** Verbs by which a record reports what it holds: "your reservation shows…", "the records indicate…". */
export const RECORD_REPORTS: ReadonlySet<string> = new Set(['shows', 'show', 'lists', 'displays', 'indicates', 'indicate', 'reflects']);
/** Subjects that are no record: pronouns, and words that open a question or a relative clause. */
const NO_RECORD = new Set(['i', 'we', 'you', 'he', 'she', 'it', 'they', 'this', 'that', 'these', 'those', 'which', 'what', 'who', 'there', 'to', 'do', 'does', 'did']);
/** How many words a record's noun phrase may have before its reporting verb ("the reservation details for ABC123 show"). */
const RECORD_SUBJECT = 8;
/** How many characters after "according to" are read for the record's name. */
const RECORD_PHRASE = 80;

/**
 * A record reporting what it holds, present tense: "Your reservation shows two passengers", "The reservation
 * details show that…", "the records indicate…", "According to your reservation, …". It mentions the lookup that read the record (corpus README:
 * a reply mentions a lookup when it refers to the record, "your reservation shows…"); it claims no action.
 * Read as verb `show` with the subject's content words as the object. `null` when the subject is a pronoun,
 * has no content word, or the verb is governed by a modal, "to" or "do".
 */
export function readRecordReport(words: readonly string[], clause: string): ClauseClaim | null {
  // "According to the reservation details, …": the record named after the phrase, up to its punctuation.
  const according = words.indexOf('according');
  if (according !== -1 && words[according + 1] === 'to') {
    const at = clause.toLowerCase().indexOf('according to');
    const named = at === -1 ? '' : clause.slice(at + 12, at + 12 + RECORD_PHRASE).split(/[,.;:!?()—–]/, 1)[0] ?? '';
    return reportOf(tokenize(named, RECORD_SUBJECT));
  }
  const last = Math.min(words.length - 1, RECORD_SUBJECT);
  for (let r = 1; r <= last; r++) {
    if (!RECORD_REPORTS.has(words[r] ?? '')) continue;
    const subject = words.slice(0, r);
    if (subject.some((w) => NO_RECORD.has(w) || NOT_YET.has(w) || NEGATION.has(w))) return null;
    return reportOf(subject);
  }
  return null;
}

/** The report of the record `named` (words): its content words as the object, the last as the head; `null` without one. */
function reportOf(named: readonly string[]): ClauseClaim | null {
  const nouns = named.filter((w) => /^[a-z][a-z-]*$/.test(w) && !STOPWORDS.has(w) && !FILLERS.has(w));
  const head = nouns[nouns.length - 1];
  return head === undefined ? null : { verb: 'show', object: nouns.join(' '), form: 'outcome', head };
}

/** A claim read by {@link readRecordReport}. */
export function isRecordReport(claim: { verb: string; form: ClaimForm }): boolean {
  return claim.verb === 'show' && claim.form === 'outcome';
}

const COMMON_INFINITIVES = new Set(['depart', 'arrive', 'expire', 'start', 'end', 'begin', 'run', 'close', 'open', 'ship', 'go', 'take', 'be', 'leave', 'renew', 'occur', 'happen', 'fly', 'land', 'launch', 'finish', 'complete', 'receive', 'apply', 'work', 'reach', 'deliver', 'change', 'resume', 'return']);

export function isInfinitive(word: string): boolean {
  return COMMON_INFINITIVES.has(word);
}

/** "Created At: 2024-05-14": a participle naming a data field, not an act. */
export function after0IsLabel(words: readonly string[], hit: VerbHit, sentence: string): boolean {
  const rest = words.slice(hit.end);
  if (rest.length > 1 || (rest.length === 1 && !['at', 'on', 'by', 'date', 'time', 'from', 'to', 'for'].includes(rest[0] ?? ''))) return false;
  if (hit.index !== 0) return false;
  const colon = sentence.slice(0, 31).indexOf(':');
  if (colon < 1) return false;
  // "Created At: 2024-05-14" is a field; "Blocked: Lunch w/ Grandma" reports an act.
  const after = sentence.slice(colon + 1);
  const value = tokenizeValue(after);
  // "May" is a month before a day ("Created: May 4, 2024"), not the modal MONTHS leaves out.
  return rest.length === 1 || value === '' || /^\d/.test(value) || MONTHS.has(value) || WEEKDAYS.has(value) || (value === 'may' && /^\s*may\s+\d/i.test(after));
}

const WEEKDAYS = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'today', 'yesterday', 'tomorrow', 'n/a', 'none', 'never', 'yes', 'no', 'true', 'false']);

/** The first word of `text`, lower case: scans only as far as that word. */
function tokenizeValue(text: string): string {
  let start = 0;
  while (start < text.length && /\s/.test(text[start] ?? '')) start++;
  let end = start;
  while (end < text.length && !/[\s,]/.test(text[end] ?? '')) end++;
  return text.slice(start, end).toLowerCase();
}

/**
 * "The booking has been completed" claims a booking: a completion verb takes its action from its subject.
 * "Your booking is confirmed" does too; "I confirmed your booking" is a check, not a completion.
 */
export function completionVerb(lemma: string, subject: readonly string[], after: readonly string[], form: ClaimForm): string {
  const confirmed = lemma === 'confirm' && (form === 'passive' || form === 'status');
  if (!COMPLETION_VERBS.has(lemma) && !confirmed) return lemma;
  if (confirmed) return subject.map((w) => nominalizations.get(w)).find((v) => v !== undefined) ?? lemma;
  for (const w of [...subject, ...after]) {
    const action = nominalizations.get(w);
    if (action !== undefined) return action;
  }
  return '*';
}
