/**
 * Reads one clause: finds its claimed verb, decides the claim form (first person, subject-less head,
 * passive, status line, outcome) and applies the exclusion cues. State carries the subject and any
 * blocking cue (future, negation, condition, offer) into the clauses that continue a sentence
 * without a subject of their own ("I'll create the series and send invites").
 */
import {
  COMPLETION_VERBS, STATE_ADJECTIVES, STATE_ADVERBS, STATE_PARTICIPLES,
  FAILURE, FILLERS, FIRST_PERSON, INTENT_BEFORE_TO, MONTHS, NEGATION, NOT_YET, OFFER_PHRASES, OTHER_ACTOR_PRONOUNS,
  PASSIVE_AUX, PASSIVE_FILLERS, READ_FAMILIES, REPORTED, STOPWORDS,
} from './lexicon.js';
import { familiesOf, isPastVerb, objectWords, pastVerbAt, type VerbHit } from './_verbs.js';
import { pastForms } from './_lookup.js';
import { readingsOf } from './_open-verbs.js';
import { tokenize } from './_tokens.js';
import { memo } from './_memo.js';
import { CHANGE_LEXFILE, isVerb, partsOfSpeech, verbLexfileShare } from '../lexicon/index.js';
import { after0IsLabel, byOtherActor, completionVerb, conditionalIndex, countOf, isInfinitive, onPastDate, pastDateAt, pastTime, readOutcome } from './_cues.js';
import type { ClaimForm } from './extract-claims.js';

/** What a clause passes on to the next clause of its sentence. */
export interface ClauseState {
  /** `passive`: the clause was a passive ("has been created"), so a bare participle continues it ("and sent to"). */
  subject: 'none' | 'self' | 'other' | 'drop' | 'passive';
  /**
   * Subject words of a passive, carried into its continuation: at most the last {@link CARRIED_SUBJECT}
   * words (the noun phrase's head and its modifiers), so a sentence of many continuations stays linear.
   */
  passiveSubject?: string[];
  /** A negation, future, offer or modal governs the sentence so far. */
  blocked: boolean;
  /** A condition ("if", "once you…") governs the rest of the sentence. */
  conditional: boolean;
}

/** A claim of one clause. `placed` (extract-claims.ts) copies its fields by name: a new field is copied there too. */
export interface ClauseClaim {
  verb: string;
  object: string;
  form: ClaimForm;
  count?: number;
  /** The head noun of what was acted on ("refund" in "your refund is on its way", "confirmation" in "sent you the refund confirmation"), when the clause names one. */
  head?: string;
}

interface ReadOptions {
  first: boolean;
  state: ClauseState;
  statusLine: boolean;
  sentence: string;
  /** Lemmas the listed tools are named after: verbs of any class that claim an action here; `undefined` for none. */
  toolVerbs: ReadonlySet<string> | undefined;
  /** {@link mentionsYou} of the sentence, asked at most once per sentence (not once per clause). */
  mentionsYou: () => boolean;
}

const LEADING_CONJUNCTIONS = new Set(['and', 'but', 'so', 'then', 'plus', 'or', 'also', 'which', 'because', 'since', 'as', 'while', 'though', 'although', 'where', 'after']);
const STATUS_FOLLOWERS = new Set(['today', 'to', 'in', 'on', 'at', 'for', 'from', 'with', 'into', 'onto', 'via', 'as', 'under', 'off', 'out', 'successfully', 'and', 'back', 'up', 'over', 'across', 'through', 'per', 'until', 'till', 'between', 'within', 'correctly', 'now', 'already', 'again', 'ok', 'against']);
/** The offer phrases as one alternation of literals (linear time). */
const OFFER = new RegExp(`\\b(?:${OFFER_PHRASES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`);
/** {@link OFFER} in any case of its ASCII letters. */
const OFFER_ANY_CASE = new RegExp(OFFER.source, 'i');
/** The two characters that lower-case to an ASCII letter without being one: "İ" (i and a combining dot), the Kelvin sign (k). */
const LOWERS_TO_ASCII = /[\u0130\u212a]/;
const DETERMINERS = new Set(['the', 'a', 'an', 'your', 'my', 'our', 'their', 'his', 'her', 'its', 'this', 'that', 'these', 'those', 'one', 'two', 'three', 'four', 'five', 'each', 'every', 'any', 'some', 'no', 'all', 'both']);
/** Verbs that read as a person's own act after a bare noun phrase ("Priya replied"), never as a status line. */
const ACTIVE_READING = new Set(['email', 'reply', 'text', 'message', 'call', 'respond', 'write', 'confirm', 'agree', 'decide', 'note', 'approve', 'reject', 'decline', 'accept', 'sign', 'pay', 'order', 'book', 'find', 'check', 'ask', 'say', 'tell', 'mention']);
const DETERMINER_BEFORE = new Set(['the', 'a', 'an']);
/** How many subject words a passive passes on to the clauses that continue it ("…has been created and sent"). */
const CARRIED_SUBJECT = 12;
const BLOCK_AFTER = new Set(['nothing', 'none', 'anything', 'yet']);

/**
 * The participle's own act is dated in the few words after it ("was created on 2024-05-01", "submitted
 * to your bank on Nov 4"): before this run. A verb of change takes its new value after "to", and a date
 * after that value is the value's ("changed to the new itinerary on May 24": the flights are then).
 */
function datedAct(words: readonly string[], hit: VerbHit): boolean {
  const at = pastDateAt(words, hit.end, hit.end + 4);
  if (at === -1) return false;
  // "logged as received on May 20": the date belongs to the participle the act gives as its value, not to the act.
  const value = words[at - 1] ?? '';
  if (words[hit.end] === 'as' && at === hit.end + 2 && (isPastVerb(value) || /^[a-z]{2,}ed$/.test(value))) return false;
  return !(words.slice(hit.end, at).includes('to') && verbLexfileShare(hit.lemma, CHANGE_LEXFILE) >= 0.5);
}

/**
 * The head noun of what a clause acted on: the last content word of the subject (a passive's patient) before a
 * preposition that follows one ("a voucher worth $50" → voucher, "the refund for order 42" → refund),
 * else of the first run of content words after the verb ("sent you the refund confirmation for order 42"
 * → confirmation).
 */
export function headNoun(subject: readonly string[], after: readonly string[]): string | undefined {
  const content = (w: string): boolean => /^[a-z][a-z-]*$/.test(w) && !STOPWORDS.has(w) && !isPastVerb(w);
  let last: string | undefined;
  for (const w of subject) {
    if (last !== undefined && PREPOSITIONS.has(w)) break;
    if (content(w)) last = w;
  }
  if (last !== undefined) return last;
  let i = 0;
  while (i < after.length && !content(after[i] ?? '')) {
    // A preposition ends the object: "moved to Friday" names no object.
    if (PREPOSITIONS.has(after[i] ?? '')) return undefined;
    i++;
  }
  let head: string | undefined;
  // A preposition ends the run too: "found several reservations under your user ID" → reservations.
  while (i < after.length && content(after[i] ?? '') && !PREPOSITIONS.has(after[i] ?? '')) head = after[i++];
  return head;
}

/**
 * `text` may hold an offer phrase ({@link OFFER}) once lower-cased, asked of the text as it is: the lower-cased
 * text holds a phrase only where the text holds it in some case of its ASCII letters ({@link OFFER_ANY_CASE}),
 * or where the text holds a character of {@link LOWERS_TO_ASCII}. A text it turns down is not lower-cased.
 */
export function mayHoldOffer(text: string): boolean {
  return OFFER_ANY_CASE.test(text) || LOWERS_TO_ASCII.test(text);
}

/**
 * What the clause reader asks of a clause beyond its verbs, each answered on first use and then kept: most
 * clauses hold no claimed verb, and their reading asks few of these (a clause under a negation or a modal
 * asks none of the text's cues).
 */
class ClauseCues {
  private lowerText: string | undefined = undefined;
  private offered: boolean | undefined = undefined;
  private prefixAnswers: ClausePrefix | undefined = undefined;
  private predicates: number[] | undefined = undefined;
  private outsideRun: boolean | undefined = undefined;
  private failed: boolean | undefined = undefined;

  constructor(
    readonly words: readonly string[],
    readonly text: string,
  ) {}

  /** The clause's text, lower case. */
  get lower(): string {
    return (this.lowerText ??= this.text.toLowerCase());
  }

  /** The clause's lower-cased text holds an offer phrase ("want me to", "I can", {@link OFFER}); most clauses are told apart without lower-casing. */
  get offer(): boolean {
    return (this.offered ??= mayHoldOffer(this.text) && OFFER.test(this.lower));
  }

  /** {@link clausePrefix} of the clause's words. */
  get prefix(): ClausePrefix {
    return (this.prefixAnswers ??= clausePrefix(this.words));
  }

  /** {@link predicatesFrom} of the clause's words. */
  get predicateFrom(): readonly number[] {
    return (this.predicates ??= predicatesFrom(this.words));
  }

  /** The clause dates its act before this run (`pastTime`). */
  get outside(): boolean {
    return (this.outsideRun ??= pastTime(this.words));
  }

  /** A failure word is among the clause's words. */
  get failure(): boolean {
    return (this.failed ??= this.words.some((w) => FAILURE.has(w)));
  }
}

/** What a clause that claims nothing returns: one list, never changed. */
const NO_CLAIMS: readonly ClauseClaim[] = [];
/** The state a sentence's first clause starts from: no subject yet, nothing blocking, no condition. */
const OPENING: ClauseState = { subject: 'none', blocked: false, conditional: false };

/** A date of the past right after a participle: "on May 24", "on 2024-05-01", or with no "on": "May 1", "2024-05-12". */
function datedRightAfter(words: readonly string[], end: number): boolean {
  if (onPastDate(words, end, end)) return true;
  const w = words[end] ?? '';
  return /^\d{4}-\d{2}-\d{2}/.test(w) || ((MONTHS.has(w) || w === 'may') && /^\d{1,2}(?:st|nd|rd|th)?$/.test(words[end + 1] ?? ''));
}

/** Find the claims of one clause and the state it passes on. */
export function readClause(tokens: readonly string[], clause: string, options: ReadOptions): { claims: readonly ClauseClaim[]; state: ClauseState } {
  let start = 0;
  while (start < tokens.length && LEADING_CONJUNCTIONS.has(tokens[start] ?? '')) start++;
  // "Got it, saved", "Done, the newsletter has been archived": an acknowledgement, not a subject.
  if (tokens[start] === 'got' && tokens[start + 1] === 'it') start += 2;
  if (tokens[start] === 'all' && tokens[start + 1] === 'done') start += 1;
  if (tokens[start] === 'done' && start + 1 < tokens.length) start += 1;
  const words = start === 0 ? tokens : tokens.slice(start);
  const cues = new ClauseCues(words, clause);
  const inherited = options.first ? OPENING : options.state;
  // "Please confirm the order has been delivered": what the user is asked to confirm is no claim, nor what continues it.
  if (asksUserToConfirm(words)) return { claims: NO_CLAIMS, state: { subject: 'other', blocked: true, conditional: inherited.conditional } };
  const conditionalAt = conditionalIndex(words);

  let otherActor = false;
  for (let i = 0; i < words.length; i++) {
    const hit = pastVerbAt(words, i, options.toolVerbs);
    if (hit === null) continue;
    if (words[i - 1] === 'to' || words[i - 1] === 'being') continue;
    // "use the flights as booked", "take the flight as planned": a participle after "as" says how, it reports no act.
    if (i > 0 && words[i - 1] === 'as') continue;
    // "I tried to send", "wanted to cancel": an active verb taking an infinitive; the claim, if any, is the
    // verb after "to". A passive "is now set to cool" is not one.
    const active = i === 0 || FIRST_PERSON.has(words[i - 1] ?? '') || OTHER_ACTOR_PRONOUNS.has(words[i - 1] ?? '');
    if (active && words[hit.end] === 'to' && isVerb(words[hit.end + 1] ?? '') && pastVerbAt(words, hit.end + 1) === null && !pastForms.has(words[i] ?? '')) continue;
    // "Given the circumstances", "Based on…": a participle used as a preposition.
    if (i === 0 && (words[i] === 'given' || words[i] === 'based') && ['the', 'that', 'your', 'this', 'these', 'how', 'what', 'on'].includes(words[i + 1] ?? '')) continue;
    const verdict = classify(words, hit, inherited, options, cues);
    if (verdict === null) continue;
    if (verdict.descriptive === true) {
      if (verdict.adjective !== true) otherActor = true;
      continue;
    }
    const pre = words.slice(0, i);
    // "I can confirm that your refund has been issued": the modal governs the telling, not the act told,
    // and a passive's subject starts after the frame.
    const told = assertedFrom(pre);
    const { form, subject } = verdict;
    const subjectTokens = told > 0 && form === 'passive' && verdict.subjectTokens.length > told ? verdict.subjectTokens.slice(told) : verdict.subjectTokens;
    const blocked =
      verdict.blocked ||
      pre.some((_, k) => negationAt(pre, k)) ||
      words.slice(hit.end, hit.end + 2).some((w) => BLOCK_AFTER.has(w)) ||
      pre.some((_, k) => k >= told && notYetAt(pre, k)) ||
      (cues.offer && (told === 0 || OFFER.test(pre.slice(told).join(' '))));
    const nextState: ClauseState = { subject, blocked, conditional: inherited.conditional || conditionalAt !== -1 };
    if (subject === 'passive') nextState.passiveSubject = subjectTokens.length > CARRIED_SUBJECT ? subjectTokens.slice(-CARRIED_SUBJECT) : subjectTokens;
    // "A voucher is issued only when the order is returned": a condition after "only" governs the clause before it too.
    if (blocked || inherited.conditional || (conditionalAt !== -1 && (conditionalAt < i || words[conditionalAt - 1] === 'only'))) return { claims: NO_CLAIMS, state: nextState };
    if (pre.some((w) => REPORTED.has(w)) || failureCue(words, hit) || cues.outside) return { claims: NO_CLAIMS, state: nextState };
    // "What was actually paid": a passive whose subject is "what" is a free relative (a heading), it tells no act.
    if (form === 'passive' && pre[0] === 'what') return { claims: NO_CLAIMS, state: nextState };
    // "… charged when the reservation was created", "since your booking was made": a simple-past passive in a clause of
    // time is the time another statement is told from, not an act told.
    if (form === 'passive' && (pre.includes('when') || tokens.slice(0, start).includes('since')) && pre.some((w) => w === 'was' || w === 'were') && !pre.includes('been')) return { claims: NO_CLAIMS, state: nextState };
    // "It looks like your rent payment is scheduled for April 4": a state inferred from a record, no act of the agent.
    if (form !== 'first_person' && form !== 'head' && evidential(pre)) return { claims: NO_CLAIMS, state: nextState };
    // "…, created on 2024-05-12": a head participle right before a date describes a record.
    if (form === 'head' && !options.first && onPastDate(words, hit.end, hit.end)) return { claims: NO_CLAIMS, state: nextState };
    // "- Booked on 2024-05-11", "- Created May 4": a list item that opens with a participle dated right after it is a field of a record.
    if (form === 'head' && options.first && options.statusLine && hit.index === 0 && datedRightAfter(words, hit.end)) return { claims: NO_CLAIMS, state: nextState };
    if (form !== 'first_person' && form !== 'head' && (byOtherActor(words, hit.end) || datedAct(words, hit))) return { claims: NO_CLAIMS, state: { ...nextState, subject: 'other' } };
    if (hit.ambiguous && form === 'head' && !options.statusLine && options.mentionsYou()) return { claims: NO_CLAIMS, state: nextState };
    if (form === 'passive' || form === 'status') {
      // "was scheduled to depart", "the policy is fixed", "you are currently booked in business": states, not acts.
      if (words[hit.end] === 'to' && /^[a-z]+$/.test(words[hit.end + 1] ?? '') && !['the', 'a', 'an', 'your', 'my', 'our', 'their', 'his', 'her'].includes(words[hit.end + 1] ?? '') && words[hit.end + 2] !== undefined && pastVerbAt(words, hit.end + 1) === null && (isInfinitive(words[hit.end + 1] ?? '') || purposeAt(words, hit.end + 1, pre))) return { claims: NO_CLAIMS, state: nextState };
      if (STATE_PARTICIPLES.has(words[hit.index] ?? '') && options.toolVerbs?.has(hit.lemma) !== true) return { claims: NO_CLAIMS, state: nextState };
      // "is set at $100 per passenger", "priced at": a level, not an act. A time of day is when the act was
      // done ("Email sent at 3:45 PM", "cancelled at 10:02").
      if (words[hit.end] === 'at' && /^[$€£\d]/.test(words[hit.end + 1] ?? '') && !timeOfDay(words, hit.end + 1)) return { claims: NO_CLAIMS, state: nextState };
      // "you are currently booked", "your upcoming flight is booked": a state. "Your existing booking has been
      // cancelled" is an act: adjectives of the subject only mark a state with a simple "is/was".
      if (pre.some((w) => STATE_ADVERBS.has(w)) || words.slice(hit.end).includes('future')) return { claims: NO_CLAIMS, state: nextState };
      const perfect = pre.includes('been');
      if (!perfect && (COMPLETION_VERBS.has(hit.lemma) || !pre.some((w) => w === 'was' || w === 'were')) && subjectTokens.some((w) => STATE_ADJECTIVES.has(w))) {
        return { claims: NO_CLAIMS, state: nextState };
      }
    }
    if (form === 'head' && after0IsLabel(words, hit, options.sentence)) return { claims: NO_CLAIMS, state: nextState };
    // "Checked Bag: 1 bag added": a short label before a colon, a participle and a bare noun, names a
    // field; its participle is a modifier ("Updated 312 invoices:", "Logged WEB-884:" are acts).
    const modified = words[hit.end] ?? '';
    if (form === 'head' && options.first && words.length <= 3 && /^[a-z]+$/.test(modified) && !DETERMINERS.has(modified) && isLabel(clause, options.sentence)) return { claims: NO_CLAIMS, state: nextState };
    // The object ends where an instrument begins: "processed using your gift card", "sent via SMS".
    const window = words.slice(hit.end, hit.end + 10);
    const instrument = window.findIndex((w) => w === 'using' || w === 'via');
    const after = instrument === -1 ? window : window.slice(0, instrument);
    const object = objectWords([...subjectTokens, ...after]);
    const claim: ClauseClaim = { verb: completionVerb(hit.lemma, subjectTokens, after, form), object: object.join(' '), form };
    const head = headNoun(form === 'passive' || form === 'status' ? subjectTokens : [], after);
    if (head !== undefined) claim.head = head;
    const count = countOf(after.length > 0 ? after : subjectTokens);
    if (count !== undefined) claim.count = count;
    // "X is on your calendar, inside the window I found earlier": an outcome before the verb is a claim too.
    const outcome = readOutcome(pre);
    return { claims: outcome !== null && outcome.verb !== claim.verb ? [outcome, claim] : [claim], state: nextState };
  }

  // "(same section, no price difference) and emailed the tickets": an aside in parentheses with no act of its own passes
  // on the state it was given; its "no" negates none of the acts around it.
  if (clause.startsWith('(') && clause.endsWith(')')) return { claims: NO_CLAIMS, state: inherited };
  const subjectHere = ownSubject(words);
  // A subject-less clause under a blocking cue or after another actor's act stays blocked; else its own cues decide.
  const blocked = (subjectHere === null && (inherited.blocked || otherActor)) || anyAt(words, blockingAt) || cues.offer;
  const state: ClauseState = {
    subject: subjectHere ?? (otherActor ? 'other' : inherited.subject),
    blocked,
    conditional: inherited.conditional || conditionalAt !== -1,
  };
  if (state.blocked || state.conditional) return { claims: NO_CLAIMS, state };
  const outcome = readOutcome(words);
  if (outcome === null || cues.failure || cues.outside) return { claims: NO_CLAIMS, state };
  if (words.some((w) => REPORTED.has(w)) || byOtherActor(words, 0) || onPastDate(words) || evidential(words)) return { claims: NO_CLAIMS, state };
  return { claims: [outcome], state };
}

/**
 * "The meeting is set to discuss the budget": after a present passive (no "been"), "to" and a verb that takes an object
 * opened by a determiner is an infinitive of purpose or plan, not the value the act set ("is set to private", "has
 * been set to heat the house" is the act).
 */
function purposeAt(words: readonly string[], at: number, pre: readonly string[]): boolean {
  return !pre.includes('been') && DETERMINERS.has(words[at + 1] ?? '') && isVerb(words[at] ?? '');
}

/** An evidential frame among `words`: "it looks like", "it seems (that)", "it appears (that)". */
function evidential(words: readonly string[]): boolean {
  for (let k = 1; k < words.length; k++) {
    const w = words[k] ?? '';
    if ((w === 'looks' && words[k + 1] === 'like') || ((w === 'seems' || w === 'appears') && words[k - 1] === 'it')) return true;
  }
  return false;
}

/** The words {@link blockingAt} looks further at; any other word (not ending in "n't") blocks nothing. */
const BLOCKING_WORDS: ReadonlySet<string> = new Set([...NEGATION, ...NOT_YET, ...INTENT_BEFORE_TO]);

/** A negation ({@link negationAt}) or a future, modal, progress or intention cue ({@link notYetAt}) at `words[k]`. */
function blockingAt(words: readonly string[], k: number): boolean {
  const w = words[k] ?? '';
  if (!BLOCKING_WORDS.has(w) && !w.endsWith("n't")) return false;
  return negationAt(words, k) || notYetAt(words, k);
}

/** `test(words, k)` holds at some index `k` of `words`. */
function anyAt(words: readonly string[], test: (words: readonly string[], k: number) => boolean): boolean {
  for (let k = 0; k < words.length; k++) if (test(words, k)) return true;
  return false;
}

/** Finite forms of "be" and "have" that make a clause's predicate. */
const FINITE: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had']);
/** Words that open a relative clause: a finite verb after them is the relative clause's, not the predicate. */
const RELATIVES: ReadonlySet<string> = new Set(['who', 'which', 'that', 'whose', 'whom', 'where', 'when']);

/** A finite "be" or "have" at or after `from`, before any relative pronoun: the clause's predicate is there. O(1) per call. */
function finiteAfter(words: readonly string[], from: number, cues: ClauseCues): boolean {
  return FINITE.has(words[cues.predicateFrom[from] ?? words.length] ?? '');
}

/**
 * For each position `i` of the clause (and `words.length`), the index of the first finite "be"/"have" or
 * relative pronoun at or after `i` (`words.length` when none), in one pass from the end: {@link finiteAfter}
 * answers for every participle of a clause in linear time.
 */
function predicatesFrom(words: readonly string[]): number[] {
  const from: number[] = new Array<number>(words.length + 1);
  from[words.length] = words.length;
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i] ?? '';
    from[i] = FINITE.has(w) || RELATIVES.has(w) ? i : (from[i + 1] ?? words.length);
  }
  return from;
}

/** Words that open the new value of an act ("moved the request **to** Denied", "marked it **as** failed"). */
const VALUE_OPENERS: ReadonlySet<string> = new Set(['to', 'as', 'into']);

/**
 * A failure word of the clause that reports the act failing ("the refund failed", "I processed it with an
 * error"), not one that is a value: right after "to", "as" or "into" ("marked as failed", "moved the
 * request to Denied"), or after one of them and a determiner ("moved it to the Denied column"), it names a
 * state a record has.
 */
function failureCue(words: readonly string[], hit: VerbHit): boolean {
  for (let j = 0; j < words.length; j++) {
    if (!FAILURE.has(words[j] ?? '')) continue;
    const value = VALUE_OPENERS.has(words[j - 1] ?? '') || (VALUE_OPENERS.has(words[j - 2] ?? '') && DETERMINERS.has(words[j - 1] ?? '') && j - 2 >= hit.end);
    if (!value) return true;
  }
  return false;
}

interface Classified {
  form: ClaimForm;
  subject: ClauseState['subject'];
  subjectTokens: string[];
  blocked: boolean;
  /** Another actor's act or a participle used as an adjective ("one checked bag"): look further along the clause. */
  descriptive?: boolean;
  /** The participle is an adjective ("the updated invoice"), not another actor's act. */
  adjective?: boolean;
}

/**
 * What {@link classify} asks of the words before a participle, answered for every prefix of the clause
 * in one pass, so a clause with many participles ("the sent the sent…") is read in linear time.
 */
interface ClausePrefix {
  /** Index of the first "have", "has" or "had"; `Infinity` when there is none. */
  firstHave: number;
  /** Indices of the words that are not {@link FILLERS}, in order. */
  content: ArrayLike<number>;
  /** `counts[i]`: how many of `words[0..i]` are not fillers. */
  counts: ArrayLike<number>;
  /** Index of the first word (not a filler) that is a personal pronoun; `Infinity` when there is none. */
  firstPronoun: number;
}

/**
 * The number of words from which {@link clausePrefix} writes into typed arrays of the clause's length instead of growing
 * arrays by `push`: past some ten thousand elements each growth of a JavaScript array copies it into a new large
 * object, and a clause of 222,000 words ("the sent " repeated to 1 MB) took 22x the time of one of 22,000. Shorter
 * clauses (nearly all) keep plain arrays, which cost less to make than two typed arrays.
 */
const TYPED_PREFIX_FROM = 4096;

function clausePrefix(words: readonly string[]): ClausePrefix {
  let firstHave = Infinity;
  let firstPronoun = Infinity;
  const long = words.length >= TYPED_PREFIX_FROM;
  const content: number[] | Int32Array = long ? new Int32Array(words.length) : [];
  const counts: number[] | Int32Array = long ? new Int32Array(words.length) : [];
  let n = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (firstHave === Infinity && (w === 'have' || w === 'has' || w === 'had')) firstHave = i;
    if (!FILLERS.has(w)) {
      content[n++] = i;
      if (firstPronoun === Infinity && (OTHER_ACTOR_PRONOUNS.has(w) || FIRST_PERSON.has(w))) firstPronoun = i;
    }
    counts[i] = n;
  }
  return { firstHave, content: long ? (content as Int32Array).subarray(0, n) : content, counts, firstPronoun };
}

/** How many words a noun phrase between "with" and a participle may have ("with the $240 carpet-cleaning deduction"). */
const WITH_PHRASE = 5;

/**
 * `words[j]` ends a noun phrase opened by "with" and a determiner, with no verb, pronoun or conjunction in it: a
 * participle right after it closes an absolute phrase ("with the fee itemised", "with your receipt attached").
 */
function withPhraseBefore(words: readonly string[], j: number): boolean {
  for (let k = j; k >= 0 && k >= j - WITH_PHRASE; k--) {
    const w = words[k] ?? '';
    if (w === 'with') return k < j && DETERMINERS.has(words[k + 1] ?? '');
    if (PASSIVE_AUX.has(w) || FIRST_PERSON.has(w) || OTHER_ACTOR_PRONOUNS.has(w) || w === 'and' || w === 'or' || isPastVerb(w)) return false;
  }
  return false;
}

function classify(words: readonly string[], hit: VerbHit, inherited: ClauseState, options: ReadOptions, cues: ClauseCues): Classified | null {
  let j = hit.index - 1;
  while (j >= 0 && FILLERS.has(words[j] ?? '')) j--;
  if (j < 0) {
    if (!options.first && inherited.subject === 'other') return { form: 'head', subject: 'other', subjectTokens: [], blocked: true };
    // "Invoice INV-0042 has been created and sent to the billing contact": the passive goes on.
    if (!options.first && inherited.subject === 'passive') return { form: 'passive', subject: 'passive', subjectTokens: inherited.passiveSubject ?? [], blocked: inherited.blocked };
    // "Booked seats are shown in grey", "Deleted files are kept for 30 days": a participle before a bare noun,
    // with a finite verb later in the clause, modifies that noun; the finite verb is the predicate.
    const noun = words[hit.end] ?? '';
    if (options.first && /^[a-z][a-z-]*$/.test(noun) && !STOPWORDS.has(noun) && !DETERMINERS.has(noun) && finiteAfter(words, hit.end, cues)) {
      return { form: 'head', subject: 'none', subjectTokens: [], blocked: false, descriptive: true, adjective: true };
    }
    return { form: 'head', subject: options.first ? 'drop' : inherited.subject === 'none' ? 'drop' : inherited.subject, subjectTokens: [], blocked: !options.first && inherited.blocked };
  }
  const before = words[j] ?? '';
  if (FIRST_PERSON.has(before)) return { form: 'first_person', subject: 'self', subjectTokens: [], blocked: false };
  if (PASSIVE_AUX.has(before) || (PASSIVE_FILLERS.has(before) && auxBefore(words, j))) {
    let k = j;
    while (k >= 0 && (PASSIVE_AUX.has(words[k] ?? '') || PASSIVE_FILLERS.has(words[k] ?? '') || words[k] === 'have' || words[k] === 'has' || words[k] === 'had')) k--;
    // "to be transferred", "can be cancelled": a bare "be" never reports a finished act.
    if (words.slice(k + 1, hit.index).includes('be')) return null;
    // "The following files are shared with Ana:": the present state of the records a list gives ("The following changes
    // were made:" reports done work).
    if (words[0] === 'the' && words[1] === 'following' && (before === 'is' || before === 'are')) return { form: 'head', subject: 'none', subjectTokens: [], blocked: false, descriptive: true, adjective: true };
    // The head is read before the subject is copied: a clause may reject many passives ("who was sent…") before one claims.
    const head = words[k];
    if (head !== undefined && FIRST_PERSON.has(head)) return null;
    if (head === 'who' || head === 'that' || head === 'which') return null;
    return { form: 'passive', subject: 'passive', subjectTokens: words.slice(0, k + 1), blocked: false };
  }
  // "…, with the $40 fee itemised on the statement": a participle closing a "with" phrase describes its noun (an
  // absolute phrase); it is no act and no other actor's.
  if (withPhraseBefore(words, j)) return { form: 'head', subject: 'none', subjectTokens: [], blocked: false, descriptive: true, adjective: true };
  // A short noun phrase and the participle: a status line ("Email sent", "Comment posted on #88").
  const prefix = cues.prefix;
  // "These reservations have flights scheduled…": a finite verb before the participle makes it a description.
  if (prefix.firstHave <= j) return { form: 'head', subject: 'other', subjectTokens: [], blocked: true, descriptive: true };
  // "These are the files shared with Ana", "Here are the IDs shared with Ana": the copula is the predicate; the
  // participle modifies the noun after it.
  if (PRESENTING.has(words[0] ?? '') && (words[1] === 'are' || words[1] === 'is') && j > 1) return { form: 'head', subject: 'none', subjectTokens: [], blocked: false, descriptive: true, adjective: true };
  const next = words[hit.end];
  // "the updated invoice", "one checked bag": a participle used as an adjective, no actor at all.
  if (DETERMINERS.has(before)) return { form: 'head', subject: 'none', subjectTokens: [], blocked: false, descriptive: true, adjective: true };
  // "Priya replied to the thread", "Jonas emailed to confirm": a person doing it, not a status line.
  if (ACTIVE_READING.has(hit.lemma) && !options.statusLine) return { form: 'head', subject: 'other', subjectTokens: [], blocked: true, descriptive: true };
  // The noun phrase before the participle (words[0..j] less fillers) is asked about through the clause's
  // prefix answers and copied only when it is the status line's subject: each participle costs O(1).
  const count = prefix.counts[j] ?? 0;
  if ((count <= 5 || options.statusLine) && prefix.firstPronoun > j) {
    // In a list item the participle is the line's predicate when punctuation follows it ("Account created
    // (Engineering)"); a noun right after it makes it a modifier ("airline cancelled flight").
    const punctuated = (): boolean => {
      // What follows the verb's first occurrence in the clause (lower-cased once per clause).
      const lowerClause = cues.lower;
      const at = lowerClause.indexOf(words[hit.index] ?? '\u0000');
      return /^[\s]*[(:,;—–-]/.test(at === -1 ? 'x' : lowerClause.slice(at + (words[hit.index] ?? '').length));
    };
    // "The files shared with Ana are:", "the ticket marked as failed has been reopened": a finite verb later
    // in the clause is its predicate, so the participle only modifies the noun before it (a reduced relative).
    // A form that is also a base form or a noun ("the weather forecast for Paris is…") is left to the reading below.
    if (!hit.ambiguous && finiteAfter(words, hit.end, cues)) return { form: 'head', subject: 'none', subjectTokens: [], blocked: false, descriptive: true, adjective: true };
    const followerOk = next === undefined || hit.end > hit.index + 1 || STATUS_FOLLOWERS.has(next) || /^[#\d$€£]/.test(next) || (options.statusLine && punctuated());
    if (followerOk) {
      const subjectTokens: string[] = [];
      for (let k = 0; k < count; k++) subjectTokens.push(words[prefix.content[k] ?? -1] ?? '');
      return { form: 'status', subject: 'other', subjectTokens, blocked: false };
    }
  }
  return { form: 'head', subject: 'other', subjectTokens: [], blocked: true, descriptive: true };
}

/**
 * Prepositions after which a cue word is part of a noun phrase ("with no fees", "on May 24"), not of the verb group;
 * they end a head noun phrase. "worth" takes an object as they do ("a voucher worth $50"; CGEL counts it a preposition).
 */
const PREPOSITIONS = new Set(['with', 'for', 'of', 'at', 'in', 'on', 'from', 'by', 'to', 'into', 'under', 'over', 'about', 'per', 'via', 'worth']);

/**
 * A negation cue at `words[k]` that governs a predicate: "not", "n't", "never" anywhere in the verb
 * group, or a negative determiner opening a noun phrase ("no email was sent"), but not one inside a
 * prepositional phrase ("the booking with no fees has been completed").
 */
export function negationAt(words: readonly string[], k: number): boolean {
  const w = words[k] ?? '';
  if (w.endsWith("n't")) return true;
  if (!NEGATION.has(w)) return false;
  return !PREPOSITIONS.has(words[k - 1] ?? '');
}

/** The clause is the label of a "Label: value" sentence. */
export function isLabel(clause: string, sentence: string): boolean {
  const at = sentence.indexOf(':');
  return at > 0 && sentence.slice(0, at).trim() === clause.trim().replace(/:$/, '');
}

/** The sentence says "you" or "yourself": an ambiguous head verb may then be the user's act. */
export function mentionsYou(sentence: string): boolean {
  return /\byou\b|\byourself\b/i.test(sentence);
}

/** Subjects whose modal or intention in a list's introduction governs the list: the agent's or the user's. */
const PLANNERS: ReadonlySet<string> = new Set(['i', 'we', 'you']);
const BE_FORMS: ReadonlySet<string> = new Set(['am', 'are', "'re", 'is']);

/**
 * A sentence that introduces a list of what is planned, offered or asked rather than done (the last sentence
 * of the line before the list): it ends with a colon, and the agent or the user is its subject before a modal,
 * future or intention ("To confirm, you would like to:", "Here's what I'll do:", "I'm going to make these
 * changes:"), or it offers ("Would you like me to:"). The list's items complete it, so they claim nothing
 * (corpus README: the future and intentions, questions and offers). Done work is introduced too: "I've made
 * the following changes, which will take effect tomorrow:" (its modal has no such subject), "I can confirm
 * the following changes were made:" (the modal governs a verb of telling, {@link tellsAbout}).
 */
export function introducesPlan(text: string): boolean {
  const trimmed = text.trimEnd();
  if (!trimmed.endsWith(':')) return false;
  const lower = trimmed.toLowerCase();
  const offer = OFFER.exec(lower);
  if (offer !== null && !tellsAbout(tokenize(lower.slice(offer.index + offer[0].length)), 0)) return true;
  const words = tokenize(lower);
  for (let k = 0; k + 1 < words.length; k++) {
    if (!PLANNERS.has(words[k] ?? '')) continue;
    const cue = BE_FORMS.has(words[k + 1] ?? '') ? k + 2 : k + 1;
    if (notYetAt(words, cue) && !tellsAbout(words, cue + 1)) return true;
  }
  return false;
}

/** Words that, last before a list's colon, make its items conditions ("can be cancelled only if:"). */
const CONDITION_BEFORE_LIST: ReadonlySet<string> = new Set(['if', 'unless', 'when', 'whenever']);

/**
 * A sentence that introduces a list of conditions or of what happens in general (the last sentence of the line
 * before the list): it ends with a colon right after a condition word ("This reservation can be cancelled only if:",
 * "The only way it could be cancelled is if:"), or it opens with a condition in the present tense and the agent is
 * not its subject ("When the cabin is downgraded, the system:"). The items complete the condition or say what
 * happens whenever it holds, so they claim nothing (corpus README: conditionals). "When I checked, I found:" and
 * "Once that was done, I:" introduce what was done.
 */
export function introducesCondition(text: string): boolean {
  const trimmed = text.trimEnd();
  if (!trimmed.endsWith(':')) return false;
  const words = tokenize(trimmed.toLowerCase());
  if (CONDITION_BEFORE_LIST.has(words.at(-1) ?? '')) return true;
  if (!CONDITION_BEFORE_LIST.has(words[0] ?? '') || words.some((w) => FIRST_PERSON.has(w) || PAST_BE.has(w))) return false;
  return words.some((w) => w === 'is' || w === 'are');
}
/** Past and perfect auxiliaries: a condition told with them dates an event ("When it was cancelled, …:"). */
const PAST_BE: ReadonlySet<string> = new Set(['was', 'were', 'has', 'have', 'had']);

/** Auxiliaries and "to" between a modal or intention and its verb ("will be making", "going to make"). */
const BEFORE_VERB: ReadonlySet<string> = new Set(['to', 'be', 'have', 'also', 'now', 'just', 'first', 'then', 'quickly', 'happily', 'gladly']);
/** WordNet's lexicographer files of knowing, telling and seeing: verb.cognition, verb.communication, verb.perception. */
const TELLING_LEXFILES = [31, 32, 39];

/**
 * The verb a modal or intention governs (the first word from `from` that is not an auxiliary) is one of
 * knowing, telling or seeing ("I can confirm the following changes were made:", "I will summarize what was
 * done:"): the list after it is what is told, not what is planned. By WordNet's lexicographer files (at
 * least half the verb's sense weight); a verb the families name for an act is no telling ("I can send you
 * the following:", "I'll note these:").
 */
function tellsAbout(words: readonly string[], from: number): boolean {
  return tells(words[governedVerb(words, from)] ?? '');
}

/** Index of the verb a modal or intention governs: the first word from `from` that is not an auxiliary ({@link BEFORE_VERB}). */
function governedVerb(words: readonly string[], from: number): number {
  let j = from;
  while (j < words.length && BEFORE_VERB.has(words[j] ?? '')) j++;
  return j;
}

/** The verb of {@link tellsAbout} is one of knowing, telling or seeing; remembered per word (bounded). */
const tells = memo((verb: string): boolean => {
  if (!isVerb(verb) || familiesOf(verb).some((f) => !READ_FAMILIES.has(f))) return false;
  return TELLING_LEXFILES.reduce((sum, file) => sum + verbLexfileShare(verb, file), 0) >= 0.5;
});

/** Nouns of evidence a reply asks the user for, before a that-clause: what it should show is no claim. */
const ASKED_EVIDENCE: ReadonlySet<string> = new Set(['confirmation', 'verification', 'proof', 'evidence']);
/** Words that open what an instruction's verb of telling asks about: a that-clause, a question, or a determined noun phrase. */
const INSTRUCTION_OBJECT: ReadonlySet<string> = new Set(['that', 'whether', 'if', 'the', 'your', 'my', 'our', 'their', 'all', 'both', 'this', 'these', 'those', 'it', 'what', 'how', 'which', 'a', 'an']);
/** Words that present what follows a copula ("These are the files…", "Here is the list…"). */
const PRESENTING: ReadonlySet<string> = new Set(['here', 'these', 'those', 'this', 'that']);
/** Words before an instruction's verb: "Please confirm…", "Also, kindly verify…". */
const BEFORE_INSTRUCTION: ReadonlySet<string> = new Set(['please', 'kindly', 'also', 'just', 'first', 'to']);

/**
 * The clause is an instruction to the user to confirm, check or tell something ("Confirm the order has been delivered",
 * "Please verify that the refund was received", "Make sure the invoice was sent", "To verify … and confirm that the
 * flight was canceled, could you provide:", a list item "Confirmation that the order has been delivered"): it opens with a verb of knowing,
 * telling or seeing in its base form ({@link tellsAbout}; "make sure"), so what follows is what the user is to
 * confirm (corpus README: instructions to the user are no claims). "Confirmed: …" and "I can confirm that…" are not
 * instructions.
 */
function asksUserToConfirm(words: readonly string[]): boolean {
  let k = 0;
  while (BEFORE_INSTRUCTION.has(words[k] ?? '')) k++;
  const w = words[k] ?? '';
  if (w === 'make' && words[k + 1] === 'sure') return words.length > k + 2;
  // A list item asking for a confirmation: "Confirmation that the order has been delivered", "proof that it was paid".
  if (k === 0 && words[1] === 'that' && ASKED_EVIDENCE.has(w)) return true;
  // The instruction's object or complement follows it: "confirm that…", "verify the refund…" ("Train ticket TK88:" is a label).
  const next = words[k + 1] ?? '';
  return INSTRUCTION_OBJECT.has(next) && isBaseForm(w) && tells(w);
}

/**
 * `word` is mainly a verb (WordNet's first part of speech) in its base form ("confirm", "verify", "check"), not a
 * past form or a third-person one; a word that is mainly a noun ("account", "wave") opens a noun phrase.
 */
const isBaseForm = memo((word: string): boolean => isVerb(word) && partsOfSpeech(word)[0] === 'v' && !isPastVerb(word) && readingsOf(word).some((r) => r.form === 'base' && r.lemma === word));

/** Modals and adjectives of ability or gladness that, before a verb of telling, assert what is told. */
const ASSERTING: ReadonlySet<string> = new Set(['can', 'happy', 'glad', 'pleased', 'able']);
/** Words that make what follows a question or a condition, not a statement: "confirm whether it was sent". */
const OPEN_COMPLEMENT: ReadonlySet<string> = new Set(['whether', 'if', 'when', 'once', 'how', 'what', 'why', 'which', 'who']);
/** A finite verb group in a told clause: its own auxiliary ("your refund has been issued") or the speaker ("that I sent"). */
const TOLD_FINITE: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had', 'been', 'i', 'we']);

/**
 * Where a statement told under an asserting frame starts: "I can confirm that your refund has been issued",
 * "I'm happy to report your account was closed". The frame is a modal of ability or an adjective of
 * gladness ("can", "happy to", "glad to"; not the hypothetical "could") governing a verb of knowing, telling
 * or seeing ({@link tellsAbout}); the told clause has its own finite verb group and is no question or
 * condition ("I can check whether it was sent" tells nothing). The frame's modal and offer cues govern the
 * frame only. Returns the index of the told clause's first word, or 0 when there is no frame.
 */
function assertedFrom(pre: readonly string[]): number {
  for (let k = 0; k < pre.length; k++) {
    const w = pre[k] ?? '';
    if (!ASSERTING.has(w)) continue;
    const cue = w === 'can' ? k + 1 : pre[k + 1] === 'to' ? k + 2 : -1;
    if (cue === -1) continue;
    const j = governedVerb(pre, cue);
    if (j >= pre.length || !tells(pre[j] ?? '')) return 0;
    const told = pre[j + 1] === 'that' ? j + 2 : j + 1;
    const rest = pre.slice(told);
    if (rest.some((x) => OPEN_COMPLEMENT.has(x)) || !rest.some((x) => TOLD_FINITE.has(x))) return 0;
    return told;
  }
  return 0;
}

/**
 * `words[k]` starts a time of day: "3:45" (the words "3", "45": a colon splits words), "10:02 PM", "3pm",
 * "9 am", "11.30".
 */
function timeOfDay(words: readonly string[], k: number): boolean {
  const w = words[k] ?? '';
  const next = words[k + 1] ?? '';
  if (/^\d{1,2}(?:am|pm)$/.test(w) || /^\d{1,2}\.\d{2}$/.test(w)) return true;
  return /^\d{1,2}$/.test(w) && (/^\d{2}$/.test(next) || next === 'am' || next === 'pm' || next === 'a.m' || next === 'p.m');
}

/** A future, modal, progress or intention cue at `words[k]`. */
export function notYetAt(words: readonly string[], k: number): boolean {
  const w = words[k] ?? '';
  // A modal heads a verb group: "may have sent". "on May 24th", "the can of paint" are not modals.
  if (NOT_YET.has(w)) return !(/^\d/.test(words[k + 1] ?? '') || PREPOSITIONS.has(words[k - 1] ?? '') || DETERMINER_BEFORE.has(words[k - 1] ?? ''));
  return INTENT_BEFORE_TO.has(w) && words[k + 1] === 'to';
}

function auxBefore(words: readonly string[], j: number): boolean {
  let k = j;
  while (k >= 0 && PASSIVE_FILLERS.has(words[k] ?? '')) k--;
  return k >= 0 && PASSIVE_AUX.has(words[k] ?? '');
}

function ownSubject(words: readonly string[]): ClauseState['subject'] | null {
  const first = words.find((w) => !FILLERS.has(w));
  if (first === undefined) return null;
  if (FIRST_PERSON.has(first)) return 'self';
  if (OTHER_ACTOR_PRONOUNS.has(first)) return 'other';
  return null;
}
