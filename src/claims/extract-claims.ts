/**
 * The rule-based English claim extractor: reads an assistant reply and returns the statements that
 * the agent has, in this run, done something only a tool could have done.
 *
 * Forms found: first person ("I've sent…"), subject-less heads ("Moved all three…"), passives ("your
 * refund has been issued"), outcomes ("is now cancelled", "is on its way", "is on your calendar"),
 * status lines and checklists ("✅ Email sent", "Refund: $45 ✅"), and terse replies ("Done.") whose
 * object comes from the user's request. Not claims: the list in the corpus README (negation, future,
 * progress, advice, questions and offers, conditionals, quoted or drafted text, other actors, events
 * outside this run, honest failure reports, reported speech).
 */
import { parseReply, type ParsedClause, type ParsedLine, type ParsedReply, type ParsedSentence } from './parse-reply.js';
import { splitClauses, splitSentences, tokenize } from './_tokens.js';
import { baseVerb, contentWords, isPastVerb, objectWords, pastVerbAt, type VerbHit } from './_verbs.js';
import { headNoun, introducesCondition, introducesPlan, isLabel, mentionsYou, notYetAt, readClause, type ClauseClaim, type ClauseState } from './_clause.js';
import { mayClaim } from './_trigger.js';
import { isBare, isPlace, readRecordReport } from './_cues.js';
import { asksHowThingsAre } from './_provenance.js';
import { lastOf } from './_memo.js';
import { replaceAllLiteral } from './_scan.js';
import { FAILURE, FIRST_PERSON, NEGATION, NOT_YET, STATUS_MARKS, STATUS_WORDS, STOPWORDS, TERSE_DONE } from './lexicon.js';
import { findAmounts, findRefs, normalizeRef } from './_values.js';
import { claimSpecifics } from './_specifics.js';
import { findDates, findTimes } from './_typed-values.js';
import { readingsOf } from './_open-verbs.js';
import { hostError } from '../_host-input.js';

/** How a claim is phrased. */
export type ClaimForm = 'first_person' | 'head' | 'passive' | 'status' | 'outcome' | 'terse';

/** A claim as the extractor finds it, before it is matched to a tool. */
export interface ExtractedClaim {
  /** The sentence that makes the claim, as written (markdown removed). */
  text: string;
  /** The clause that holds the claim; amounts and references are read from it. */
  clause: string;
  /** Lemma of the claimed verb (`send`, `cancel`, `lookup`, …). */
  verb: string;
  /** Content words naming what was acted on, space-separated; `''` when the reply names nothing. */
  object: string;
  /** The head noun of what was acted on ("refund" in "your refund is on its way"), when the clause names one. */
  head?: string;
  form: ClaimForm;
  /** A quantity the claim states ("moved all three" → 3), when it states one. */
  count?: number;
  /** The object was taken from the conversation (terse replies such as "Done.", or "I've moved it"). */
  fromContext?: boolean;
  /**
   * The list that the claim's sentence introduces with a colon ("updated with the following details:"),
   * its lines joined: values stated there are the claim's own. Absent when the claim introduces none.
   */
  details?: string;
  /** The user's request asked for this very verb ("cancel the 9am" → "Cancelled"), so the action is pinned down. */
  requested?: boolean;
}

/** Options of {@link extractClaims}. */
export interface ExtractOptions {
  /** The user's latest message before the reply; terse replies ("Done — sent.") take their object from it. */
  request?: string;
  /**
   * The assistant's previous reply in the conversation. A claim about "it" ("I've moved it to 8:30")
   * takes its object from the request or, failing that, from what the previous reply acted on.
   */
  previous?: string;
  /** Lemmas the listed tools are named after ("decide" for `decide_appeal`): their past forms claim an action whatever WordNet's class. */
  toolVerbs?: ReadonlySet<string>;
}

/**
 * Extract the action claims of one assistant reply. Deterministic, no I/O; linear in the reply length.
 * @throws ClaimcheckError `invalid_input` for a reply that is not a string or options that cannot be read.
 */
export function extractClaims(reply: string, options: ExtractOptions = {}): ExtractedClaim[] {
  try {
    return readClaims(parseReply(reply), options);
  } catch (error) {
    throw hostError('extractClaims', error); // a reply that is not a string, options that cannot be read: invalid_input
  }
}

/** Add `text` to the values a claim states beyond its clause (`details`). */
function addDetails(claim: ExtractedClaim, text: string): void {
  claim.details = claim.details === undefined ? text : `${claim.details}\n${text}`;
}

/** Nouns that name an identifier: "reference", "confirmation number", "ID". */
const IDENTIFIER_NOUNS: ReadonlySet<string> = new Set(['reference', 'ref', 'confirmation', 'number', 'id', 'code', 'locator', 'pnr']);
/** How many words the identifier's noun phrase may have ("the reference number for your refund"). */
const IDENTIFIER_PHRASE = 7;

/**
 * A sentence that only gives the identifier of what a claim before it made or acted on: a noun phrase naming an
 * identifier, "is", "was" or a colon, and a reference ("Your refund reference is RF-7718.", "Confirmation number:
 * CX-4410"). Its reference is the earlier claim's to be judged by (the record a call made or acted on), as a list's
 * lines are the claim's that introduces them.
 */
function reportsIdentifier(text: string): boolean {
  // Every reference holds a digit; most sentences hold none.
  if (!/\d/.test(text)) return false;
  const refs = findRefs(text);
  if (refs.length === 0) return false;
  const words = tokenize(text);
  const ref = words.findIndex((w) => refs.includes(normalizeRef(w)));
  if (ref < 1 || ref > IDENTIFIER_PHRASE + 1) return false;
  const copula = words[ref - 1] === 'is' || words[ref - 1] === 'was';
  const subject = words.slice(0, copula ? ref - 1 : ref);
  // Without a copula the identifier's name is a label: "Confirmation number: CX-4410".
  if (!copula && !text.slice(0, text.toLowerCase().indexOf(words[ref] ?? '')).trimEnd().endsWith(':')) return false;
  return subject.length > 0 && subject.length <= IDENTIFIER_PHRASE && subject.some((w) => IDENTIFIER_NOUNS.has(w)) && !subject.some((w) => NEGATION.has(w) || FIRST_PERSON.has(w));
}

/** A list item that is a field: a short label, a colon, a value ("Amount: $1,240.00", "Due: July 4"). */
const FIELD = /^[^:]{1,40}:\s*\S/;

/**
 * A sentence of a claim's line that carries the claim's values (corpus README: values placed after a claim, after
 * ✅ or a dash, are the claim's): it opens with a dash ("Released ✅ — $2,315.40 by ACH"), or a status mark ends
 * the text before it ("Moved ✅ Thursday, June 12 at 3:30 PM").
 */
function followsMark(line: string, sentence: string): boolean {
  if (/^[—–-]/.test(sentence)) return true;
  const at = line.indexOf(sentence);
  if (at <= 0) return false;
  const before = line.slice(0, at).trimEnd();
  return STATUS_MARKS.some((m) => before.endsWith(m));
}

/**
 * The claim, of those just before it, that a sentence claiming nothing restates with a value (corpus README: a
 * separate sentence that restates the act with a value is a claim of its own): the sentence's subject, up to
 * {@link IDENTIFIER_PHRASE} words before "is" or "was", names the claim's act by a past form of its verb or what it
 * acted on by its head noun ("Refund processed for order 4821. The amount refunded was $168.00"), and the sentence
 * states an amount, a date or a time.
 */
function restatedBy(text: string, claims: readonly ExtractedClaim[]): ExtractedClaim | undefined {
  if (!/\d/.test(text)) return undefined;
  const words = tokenize(text);
  const copula = words.findIndex((w) => w === 'is' || w === 'was');
  if (copula < 1 || copula > IDENTIFIER_PHRASE) return undefined;
  const subject = words.slice(0, copula);
  if (subject.some((w) => NEGATION.has(w) || FIRST_PERSON.has(w))) return undefined;
  if (findAmounts(text).length === 0 && findDates(text).length === 0 && findTimes(text).length === 0) return undefined;
  return claims.find((c) => subject.some((w) => c.head === w || readingsOf(w).some((r) => r.form !== 'base' && r.lemma === c.verb)));
}

/** Words of a "which" clause that put what it says ahead or in doubt ("which should arrive by May 5"). */
const NOT_STATED: ReadonlySet<string> = new Set(['will', 'would', 'should', 'may', 'might', 'can', 'could', 'usually', 'typically', 'normally']);

/**
 * A ", which …" clause that claims nothing and states a value restates the act of the claim before it (corpus README:
 * "…, which charged $1,240" is a claim of its own): "Moved 12 units out of B-07-02, which now sit in bin A-10-05" is
 * the move again, judged on A-10-05. Pushed to `claims` as that claim on the clause; not a clause that puts its
 * words ahead or in doubt ({@link NOT_STATED}).
 */
function restatedInWhich(sentence: ParsedSentence, made: readonly ExtractedClaim[], claims: ExtractedClaim[]): void {
  if (!sentence.text.includes('which')) return;
  let last: ExtractedClaim | undefined;
  for (const { text, words } of sentence.clauses) {
    const own = made.find((c) => c.clause === text);
    if (own !== undefined) {
      last = own;
      continue;
    }
    if (last === undefined || words[0] !== 'which' || !statesJudgedValue(text) || words.some((w) => NOT_STATED.has(w))) continue;
    claims.push({ ...withoutDetails(last), clause: text });
  }
}

/** A money amount, a reference or code, or a date: a value a claim is judged on (not a duration: "which is more than 24 hours ago"). */
function statesJudgedValue(text: string): boolean {
  return /\d/.test(text) && (findAmounts(text).length > 0 || claimSpecifics(text).size > 0);
}

/** A claim without the values listed after it (`details`): those are the claim's, not a restatement's. */
function withoutDetails(claim: ExtractedClaim): ExtractedClaim {
  const { details: _details, ...rest } = claim;
  return rest;
}

/** {@link extractClaims} of a reply already parsed (stage 2 of the pipeline, see `parse-reply.ts`). */
export function readClaims(reply: ParsedReply, options: ExtractOptions = {}): ExtractedClaim[] {
  const claims: ExtractedClaim[] = [];
  let terse: string | null = null;
  // Claims whose sentence ends with a colon, and the list lines after them that claim nothing themselves.
  let introducing: ExtractedClaim[] = [];
  let details: string[] = [];
  const closeList = (): void => {
    if (details.length > 0) {
      for (const c of introducing) addDetails(c, details.join('\n'));
      details = [];
    }
    if (introducing.length > 0) introducing = [];
  };
  // The items of a list whose introduction plans, offers, asks or sets a condition claim nothing.
  let planned = false;
  // The claims of the latest sentence that made any: a later sentence that only gives an identifier is theirs.
  let latest: ExtractedClaim[] = [];
  // The line of those claims: a sentence after a status mark or opening with a dash on that line gives their values.
  let latestLine: ParsedLine | undefined;
  // The list after the introducing claims is read only while its items are "Label: value" fields (no colon introduced it).
  let fieldsOnly = false;
  for (const line of reply.lines) {
    const before = claims.length;
    if (!line.item) {
      const intro = line.sentences.at(-1)?.text ?? line.text;
      planned = introducesPlan(intro) || introducesCondition(intro);
    } else if (planned) continue;
    // A table row is data ("Issued — March 3"): it has no sentences; only a status-marked row claims, through its label.
    for (const sentence of line.sentences) {
      if (sentence.question) continue;
      const made = claims.length;
      if (mayClaim(sentence.text, options.toolVerbs) && readSentence(sentence, line.status || line.item, options.toolVerbs, claims)) terse ??= sentence.text;
      if (claims.length > made) {
        latest = claims.slice(made);
        latestLine = line;
        restatedInWhich(sentence, latest, claims);
      } else if (latest.length > 0 && (reportsIdentifier(sentence.text) || (latestLine === line && followsMark(line.text, sentence.text)))) {
        for (const c of latest) addDetails(c, sentence.text);
      } else if (latest.length > 0) {
        // "The amount refunded was $168.00" after "Refund processed for order 4821": a claim of its own, on its value.
        const restated = restatedBy(sentence.text, latest);
        if (restated !== undefined) claims.push({ ...withoutDetails(restated), text: sentence.text, clause: sentence.text });
      }
    }
    if ((line.status || line.item) && claims.length === before) {
      const label = labelClaim(line.text, line.status);
      if (label !== null) claims.push(label);
      // "Refund ✅ Email ✅", "✅ Confirmation email": each marked phrase names a step done.
      else if (line.status) for (const sentence of line.sentences) pushDefined(claims, markedPhrase(sentence.text));
    }
    if (introducing.length > 0 && line.item && claims.length === before && (!fieldsOnly || FIELD.test(line.text))) {
      details.push(line.text);
    } else {
      closeList();
      // A claim line ending in a colon introduces the list after it; a claim line that is no list item, the list
      // of "Label: value" fields right after it ("Invoice sent 📨\n- Amount: $1,240").
      const colon = line.text.trimEnd().endsWith(':');
      if (claims.length > before && (colon || !line.item)) {
        introducing = claims.slice(before);
        fieldsOnly = !colon;
      }
    }
  }
  closeList();
  // "Updated flight segments:", "(same flights, upgraded cabin)" in a summary the reply asks the user to approve: the
  // participle names the state a change would bring, not a change made.
  if (claims.some(attributive) && asksGoAhead(reply)) {
    const kept = claims.filter((c) => !attributive(c));
    claims.length = 0;
    claims.push(...kept);
  }
  // An outcome read without "now" is a claim only when tied to the request (`tiedToRequest`).
  if (claims.some((c) => BARE.has(c))) {
    const kept = claims.filter((c) => !BARE.has(c) || tiedToRequest(c, options.request));
    claims.length = 0;
    claims.push(...kept);
  }
  // Reading is no action: a lookup claim or a record's report leaves a terse word to the request.
  // An outcome without "now" does not either: it may state what the terse word did ("Done! The credit is on your account").
  const actionClaims = claims.filter((c) => c.verb !== 'check' && c.verb !== 'show' && !BARE.has(c));
  if (terse !== null && actionClaims.length === 0 && options.request !== undefined && !saysAhead(reply, terse)) {
    claims.push(...fromRequest(terse, options.request));
  }
  // "Did you add it?" → "Yes — status.larkspur.io is a CNAME to …": the answer claims the asked act.
  if (options.request !== undefined) {
    const yes = yesClaims(reply, options.request, claims);
    if (yes.length > 0) {
      // The state the yes sentence reports is the asked act's outcome, not another claim ("Yes — the exports are in the archive bucket").
      const kept = claims.filter((c) => !(BARE.has(c) && c.text === yes[0]?.text));
      claims.length = 0;
      claims.push(...kept, ...yes);
    }
  }
  // Verb-only claims ("Rolled back ✅", "I've moved it") take their object from the request, else from
  // what the request names, else from what the previous reply acted on.
  const objectless = claims.filter((c) => c.object === '' && c.form !== 'terse');
  if (objectless.length > 0) {
    // The first object the request gives each verb; one shared fallback string for the rest.
    const requested = new Map<string, string>();
    for (const r of options.request === undefined ? [] : requestVerbs(options.request)) if (!requested.has(r.lemma)) requested.set(r.lemma, r.object);
    const named = options.request === undefined ? '' : namedIn(options.request);
    const before = options.previous === undefined ? '' : objectsOf(options.previous);
    const fallback = [named, before].filter((o) => o !== '').join(' ');
    for (const c of objectless) {
      const asked = requested.get(c.verb);
      const object = asked ?? fallback;
      if (asked !== undefined) c.requested = true;
      if (object !== '') {
        c.object = object;
        c.fromContext = true;
      }
    }
  }
  return claims;
}

/**
 * A clause's claim with its sentence and clause. Its fields keep the order a spread of the clause's claim
 * gave (verb, object, form, head, count, then text and clause); built as literals, the claims of a reply
 * share four shapes, where a spread of claims of several shapes takes the engine's slow path.
 */
function placed(c: ClauseClaim, text: string, clause: string): ExtractedClaim {
  const { verb, object, form, head, count } = c;
  if (head === undefined) return count === undefined ? { verb, object, form, text, clause } : { verb, object, form, count, text, clause };
  return count === undefined ? { verb, object, form, head, text, clause } : { verb, object, form, head, count, text, clause };
}

const TERSE_LEAD = new Set(['consider', 'ok', 'okay', 'great', 'perfect', 'alright', 'yes', 'yep', 'sure', 'and', 'that', 'is', 'it', 'all', 'both', 'everything', 'you', 'are']);

/**
 * Read the claims of one sentence, clause by clause, into `claims` (each clause passes on its state: a subject,
 * a negation, a condition). For a sentence the gate (`mayClaim`) lets through; it asks no gate itself.
 * @param statusLine The sentence is on a status line or a list item.
 * @returns true when a clause is a terse completion word ("Done.", "All set!"), whose object the request gives.
 */
export function readSentence(sentence: ParsedSentence, statusLine: boolean, toolVerbs: ReadonlySet<string> | undefined, claims: ExtractedClaim[]): boolean {
  let terse = false;
  let state: ClauseState = { subject: 'none', blocked: false, conditional: false };
  let saysYou: boolean | undefined;
  const you = (): boolean => (saysYou ??= mentionsYou(sentence.text));
  const clauses = sentence.clauses;
  // "Car rental: cancelled, no charge": a label that claims nothing names what the participles of its value acted on.
  let label: { object: string; head: string } | undefined;
  for (let i = 0; i < clauses.length; i++) {
    const { text: clause, words: tokens } = clauses[i] as ParsedClause;
    if (tokens.length === 0) continue;
    if (isTerse(tokens)) {
      terse = true;
      continue;
    }
    const read = readClause(tokens, clause, { first: i === 0, state, statusLine, sentence: sentence.text, mentionsYou: you, toolVerbs });
    state = read.state;
    if (i === 0 && read.claims.length === 0 && isLabel(clause, sentence.text)) label = labelObject(tokens);
    for (const c of read.claims) {
      const claim = placed(label !== undefined && i > 0 && c.form === 'head' ? { ...c, object: label.object, head: label.head } : c, sentence.text, clause);
      if (isBare(c)) BARE.add(claim);
      if (isPlace(c)) PLACES.add(claim);
      claims.push(claim);
    }
    // "Your reservation shows two passengers": a mention of the lookup that read the record, beside any claim.
    const report = state.conditional ? null : readRecordReport(tokens, clause);
    if (report !== null) claims.push(placed(report, sentence.text, clause));
  }
  return terse;
}

/**
 * What a "Label: value" sentence's label names, as the object of its value's participles ("Train ticket TK88: cancelled,
 * $40 returned as store credit" cancelled the ticket, not the credit); `undefined` when it has no content word.
 */
function labelObject(tokens: readonly string[]): { object: string; head: string } | undefined {
  const words = objectWords(tokens);
  const head = headNoun(tokens, []);
  return words.length === 0 || head === undefined ? undefined : { object: words.join(' '), head };
}

/** Claims read from outcomes without "now" (`isBare`): kept only when {@link tiedToRequest}. */
const BARE = new WeakSet<ExtractedClaim>();
/** Claims whose object is the place their subject is in (`isPlace`: "Ito is on the waitlist"). */
const PLACES = new WeakSet<ExtractedClaim>();

/** The claim's object is the place its subject is in, not the subject ("Ito is on the waitlist" → "waitlist"). */
export function namesPlace(claim: ExtractedClaim): boolean {
  return PLACES.has(claim);
}

/**
 * An outcome without "now" ("etl-worker-3 is up and running", "Ito is on the waitlist") presents a state as this
 * run's work when the request asks for an act (it is no question about how things are: "Is my request still open?",
 * corpus README) on what the outcome names ("Spin up etl-worker-3" → "etl-worker-3 is up and running"): a content word of the request is in the claim's clause.
 */
function tiedToRequest(claim: ExtractedClaim, request: string | undefined): boolean {
  if (request === undefined || asksHowThingsAre(request)) return false;
  const asked = requestWords(request);
  return objectWords(tokenize(claim.clause)).some((w) => asked.has(w));
}

/** The words of a request that may name what it asks to act on (`objectWords`: nouns that are also verbs stay, "credit"), read once per request. */
const requestWords = lastOf((request: string): ReadonlySet<string> => new Set(objectWords(tokenize(request))));

/** "Done.", "All set!", "Both done:", "All sorted, Jonah!": a completion word with at most a name after it. */
function isTerse(tokens: readonly string[]): boolean {
  if (tokens.length > 6) return false;
  let i = 0;
  while (i < tokens.length - 1 && TERSE_LEAD.has(tokens[i] ?? '')) i++;
  const lead = tokens.slice(Math.max(0, i - 1), i + 1).join('_');
  const word = tokens[i] ?? '';
  if (!TERSE_DONE.has(word) && !TERSE_DONE.has(lead) && !(word === 'set' && tokens[i - 1] === 'all')) return false;
  return tokens.slice(i + 1).every((t) => !STOPWORDS.has(t) || t === 'for' || t === 'the');
}

interface RequestedVerb {
  lemma: string;
  object: string;
}

/**
 * What a request or an earlier reply gives the verb-only claims of a reply, read once per text (the turns
 * after one user message share its request, and each reply is the next one's previous reply).
 */
const namedIn = lastOf((request: string): string => contentWords(tokenize(request)).join(' '));
const objectsOf = lastOf((previous: string): string =>
  extractClaims(previous)
    .map((c) => c.object)
    .filter((o) => o !== '')
    .join(' '),
);

/** Base-form action verbs of a request ("cancel tomorrow's 9am and let them know") with their objects. */
const requestVerbs = lastOf(readRequestVerbs);

function readRequestVerbs(request: string): readonly RequestedVerb[] {
  const out: RequestedVerb[] = [];
  for (const sentence of splitSentences(request.replace(/\n+/g, '. '))) {
    clauses: for (const clause of splitClauses(sentence.text)) {
      // A comma parts an address or a greeting from the instruction ("Hi Sam, cancel my order").
      for (const part of clause.split(',')) {
        const tokens = tokenize(part);
        for (let i = 0; i < tokens.length; i++) {
          const w = tokens[i] ?? '';
          let hit: VerbHit | null = null;
          if (w === 'let' && tokens.slice(i + 1, i + 6).includes('know')) hit = { lemma: 'notify', index: i, end: i + 1, ambiguous: false };
          else {
            const lemma = baseVerb(w);
            if (lemma !== null && lemma === w) hit = { lemma, index: i, end: i + 1, ambiguous: false };
          }
          if (hit === null) continue;
          const prev = tokens[i - 1];
          // "I want to cancel", "use the scheduler to push it out": the verb after "to" is the instruction; after other
          // words "to" opens a purpose or a place ("a reminder to call").
          if (prev === 'to' && i > 1 && !['want', 'like', 'need', 'please'].includes(tokens[i - 2] ?? '') && !instrumentFirst(tokens)) continue;
          // A verb after a noun tells what its subject does ("my neighbours keep parking in front of it"): no instruction.
          if (prev !== undefined && contentWords([prev]).length > 0) continue;
          const object = contentWords(tokens.slice(hit.end, hit.end + 8));
          out.push({ lemma: hit.lemma, object: object.join(' ') });
          continue clauses;
        }
      }
    }
  }
  return out;
}

/** An instruction that opens by naming the means: "use the scheduler to push it out", "please use Sendgrove to send it". */
function instrumentFirst(tokens: readonly string[]): boolean {
  return tokens[0] === 'use' || (tokens[0] === 'please' && tokens[1] === 'use');
}

/**
 * Whether a sentence of the reply other than the terse one says the work is still ahead: the speaker needs to
 * do something first ("I'll need to authenticate", "we have to verify your identity") or asks leave to
 * proceed ("Shall I go ahead and…?", "Should I proceed?"). The terse word then reports a step, not the
 * request ("Completed. I'll need to authenticate. Shall I go ahead…?").
 */
function saysAhead(reply: ParsedReply, terse: string): boolean {
  for (const line of reply.lines) {
    for (const sentence of line.sentences) {
      if (sentence.text === terse) continue;
      const words = tokenize(sentence.text, 40);
      for (let i = 0; i < words.length; i++) {
        const w = words[i] ?? '';
        if (sentence.question && ((w === 'go' && words[i + 1] === 'ahead') || w === 'proceed')) return true;
        if (!FIRST_PERSON.has(w)) continue;
        let k = i + 1;
        while (k < i + 3 && BEFORE_NEED.has(words[k] ?? '')) k++;
        if (NEED.has(words[k] ?? '') && words[k + 1] === 'to') return true;
      }
    }
  }
  return false;
}

/**
 * A subject-less participle right before a bare noun, with no determiner between ("Updated flight segments:",
 * "upgraded cabin"): it modifies the noun.
 */
function attributive(c: ExtractedClaim): boolean {
  if (c.form !== 'head') return false;
  const words = tokenize(c.clause, 40);
  for (let i = 0; i + 1 < words.length; i++) {
    const hit = pastVerbAt(words, i);
    if (hit === null || hit.lemma !== c.verb) continue;
    const participle = words[hit.index] ?? '';
    const next = words[hit.end] ?? '';
    if (hit.end !== hit.index + 1 || !/^[a-z]+$/.test(participle) || !/^[a-z]+$/.test(next) || STOPWORDS.has(next) || pastVerbAt(words, hit.end) !== null) return false;
    // Next to each other in the text, not across a bracket or a comma ("created (ID 41)").
    return c.clause.toLowerCase().includes(`${participle} ${next}`);
  }
  return false;
}

/**
 * The reply's last line asks the user's leave to act: a question, or a sentence opened by "please" or "reply", that
 * names confirming, proceeding or going ahead ("Do you confirm these changes?", "Please confirm that you would like
 * us to proceed").
 */
function asksGoAhead(reply: ParsedReply): boolean {
  const last = reply.lines.findLast((line) => line.sentences.length > 0);
  for (const sentence of last?.sentences ?? []) {
    const words = tokenize(sentence.text, 40);
    if (!sentence.question && words[0] !== 'please' && words[0] !== 'reply') continue;
    if (words.some((w, i) => GO_AHEAD.has(w) || (w === 'go' && words[i + 1] === 'ahead'))) return true;
  }
  return false;
}
const GO_AHEAD: ReadonlySet<string> = new Set(['confirm', 'proceed', 'authorize', 'approve']);

/** Verbs of necessity that put an infinitive ahead of the speaker ("I need to", "we have to"). */
const NEED: ReadonlySet<string> = new Set(['need', 'needs', 'have', 'has']);
/** Words between the subject and {@link NEED}: "I'll still need to", "we would first have to". */
const BEFORE_NEED: ReadonlySet<string> = new Set(['will', 'would', 'still', 'first', 'just', 'also']);

function fromRequest(text: string, request: string): ExtractedClaim[] {
  return requestVerbs(request).map((r) => ({ text, clause: text, verb: r.lemma, object: r.object, form: 'terse' as const, fromContext: true, requested: true }));
}

/** Words that answer a question yes. */
const YES: ReadonlySet<string> = new Set(['yes', 'yep', 'yeah', 'yup']);
/** Adverbs between "did you" and the asked verb: "did you already move…", "have you also sent…". */
const ASKED_ADVERBS: ReadonlySet<string> = new Set(['already', 'also', 'actually', 'ever', 'really', 'just', 'definitely']);
/** Question words before "did you" that ask about the act rather than whether it was done ("Why did you cancel it?"). */
const WH_WORDS: ReadonlySet<string> = new Set(['why', 'how', 'when', 'where', 'what', 'which', 'who']);
/** Auxiliaries after which "not" negates the verb group ("it's not done"); "(not proxied)" describes a value. */
const NEGATED_AUX: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had', 'do', 'does', 'did', 'be', 'been']);

/**
 * The acts a request asks the agent whether it did: "did you add it?", "have you sent the invoice yet?" (the verb
 * after "did you" in its base form, or after "have you" as a participle), with the request's words after it as
 * the object. Not one a question word opens ("why did you cancel it?"). Read once per request.
 */
const askedActs = lastOf((request: string): readonly RequestedVerb[] => {
  const out: RequestedVerb[] = [];
  for (const sentence of splitSentences(request.replace(/\n+/g, '. '))) {
    const tokens = tokenize(sentence.text);
    for (let i = 0; i + 1 < tokens.length; i++) {
      const aux = tokens[i] ?? '';
      if ((aux !== 'did' && aux !== 'have') || tokens[i + 1] !== 'you' || WH_WORDS.has(tokens[i - 1] ?? '')) continue;
      let k = i + 2;
      while (ASKED_ADVERBS.has(tokens[k] ?? '')) k++;
      const w = tokens[k] ?? '';
      const lemma = aux === 'did' ? (baseVerb(w) === w ? w : null) : (pastVerbAt(tokens, k)?.lemma ?? null);
      if (lemma === null) continue;
      out.push({ lemma, object: contentWords(tokens.slice(k + 1, k + 9)).join(' ') });
    }
  }
  return out;
});

/**
 * "Yes — …" (or "Yep, …") opening a reply to a request that asks whether the agent did something ("did you move the
 * exports?"): the answer claims each asked act, with the yes sentence as its clause (the values it states are the
 * claim's: "Yes — tiramisu is $12 on the menu") and the asked object and the sentence's words as its object. Not
 * when the reply already claims that verb, nor when the yes sentence turns back ("Yes, but…"), negates a verb
 * ("Yes, it isn't live", "not done"), reports a failure or speaks of what is still ahead.
 */
function yesClaims(reply: ParsedReply, request: string, claims: readonly ExtractedClaim[]): ExtractedClaim[] {
  const sentence = reply.lines[0]?.sentences[0];
  if (sentence === undefined || sentence.question) return [];
  const words = tokenize(sentence.text, 60);
  if (!YES.has(words[0] ?? '')) return [];
  const asked = askedActs(request);
  if (asked.length === 0) return [];
  for (let k = 1; k < words.length; k++) {
    const w = words[k] ?? '';
    if (w === 'but' || w.endsWith("n't") || FAILURE.has(w) || NOT_YET.has(w) || w === 'never' || w === 'unable' || w === 'yet' || w === 'cannot') return [];
    if (w === 'not' && NEGATED_AUX.has(words[k - 1] ?? '')) return [];
  }
  const said = objectWords(words.slice(1));
  const out: ExtractedClaim[] = [];
  for (const act of asked) {
    if (claims.some((c) => c.verb === act.lemma) || out.some((c) => c.verb === act.lemma)) continue;
    const object = [...new Set([...act.object.split(' '), ...said].filter((w) => w !== ''))].join(' ');
    out.push({ text: sentence.text, clause: sentence.text, verb: act.lemma, object, form: 'terse', fromContext: true, requested: true });
  }
  return out;
}

/** What ends a checklist line's label: "Refund: $45", "Email — sent". */
const LABEL_MARKS = [':', '—', '–'];
/** Every status mark of a cleaned line (`cleanReply` writes each as "✅"). */
const STATUS_MARK_ALL = /✅/g;

/**
 * A checklist line whose label names the action: "Refund: $45.00 on pi_3PxB ✅", "Credit note: CN-2210 ✅".
 * The verb is the label's verb when it has one ("refund"), else any action (`*`) matched by the label's nouns.
 */
function labelClaim(text: string, marked: boolean): ExtractedClaim | null {
  const line = (text.includes('✅') ? replaceAllLiteral(text, STATUS_MARK_ALL, '') : text).trim();
  // The first label mark within the line's first 60 characters.
  let cut = -1;
  for (const c of LABEL_MARKS) {
    const at = line.indexOf(c);
    if (at > 0 && at <= 60 && (cut === -1 || at < cut)) cut = at;
  }
  if (cut === -1) return null;
  // Without a ✅ the line must say it is done in one word ("- Refund: done", "- Email to the landlord:
  // sent"): a longer value is told by its spaces, and a value with no letter ("Seats: 12", "Price: $121") by
  // its characters, without reading its words. The value is read first: most list items give a longer one
  // or a number, and their labels need not be read.
  if (!marked && (twoWords(line, cut + 1) || !hasLetter(line, cut + 1))) return null;
  const rest = tokenize(line.slice(cut + 1), marked ? Infinity : 2);
  if (rest.some((w) => NEGATION.has(w) || w.endsWith("n't") || w === 'by')) return null;
  // A status word says the label's act was done ("- Refund: done" is a refund, not an act of doing); a past form names its own ("- Email: sent").
  const said = rest.length === 1 ? (STATUS_WORDS.has(rest[0] ?? '') ? '' : (pastVerbAt(rest, 0)?.lemma ?? null)) : null;
  if (!marked && said === null) return null;
  const label = tokenize(line.slice(0, cut), 5);
  if (label.length === 0 || label.length > 4) return null;
  if (label.some((w, k) => NEGATION.has(w) || w.endsWith("n't") || notYetAt(label, k))) return null;
  const verb = (said !== null && said !== '' ? said : null) ?? label.map((w) => baseVerb(w)).find((v) => v !== null) ?? '*';
  const object = [...label, ...rest].filter((w) => !STOPWORDS.has(w));
  return { text: line, clause: line, verb, object: object.join(' '), form: 'status' };
}

/** How many words a marked phrase may have ("Confirmation email to Priya ✅"). */
const MARKED_PHRASE = 4;

/**
 * A phrase of a status-marked line that is only a short noun phrase ("Refund ✅ Email ✅", "✅ Confirmation email"):
 * the mark says its step was done. The act is the one a word of the phrase names as a verb ("refund", "email"), else
 * any act its nouns name (`*`). `null` for a phrase of more than {@link MARKED_PHRASE} words or one holding a
 * function word, a number, a past form (a sentence the clause reader reads: "Email not sent", "Booked Tuesday"), or
 * a word of what is still ahead or failed ("Email pending", "Email failed").
 */
function markedPhrase(text: string): ExtractedClaim | null {
  const words = tokenize(text, MARKED_PHRASE + 1);
  if (words.length === 0 || words.length > MARKED_PHRASE) return null;
  if (words.some((w) => !/^[a-z][a-z-]*$/.test(w) || STOPWORDS.has(w) || NEGATION.has(w) || NOT_YET.has(w) || FAILURE.has(w) || isPastVerb(w))) return null;
  const verb = words.map((w) => baseVerb(w)).find((v) => v !== null) ?? '*';
  return { text, clause: text, verb, object: words.join(' '), form: 'status' };
}

function pushDefined<T>(list: T[], item: T | null): void {
  if (item !== null) list.push(item);
}

/**
 * `text.slice(from)` holds two words or more (`tokenize`), told without reading them: two chunks between spaces
 * that each hold an ASCII letter or digit (a word never spans a space, and such a character always starts or
 * continues one).
 */
function twoWords(text: string, from: number): boolean {
  let chunks = 0;
  let wordy = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      if (wordy) chunks++;
      wordy = false;
    } else if (!wordy && ((c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122))) {
      if (chunks === 1) return true;
      wordy = true;
    }
  }
  return false;
}

/**
 * `text.slice(from)` holds a character that is, or lower-cases to, an ASCII letter (A-Z, a-z, "İ", the Kelvin
 * sign). A value without one has no word that is a verb form or a status word (`pastVerbAt`, `STATUS_WORDS`).
 */
function hasLetter(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (((c | 32) >= 97 && (c | 32) <= 122) || c === 0x130 || c === 0x212a) return true;
  }
  return false;
}

/** Re-exported for the clause reader's tests. */
export { pastVerbAt };
