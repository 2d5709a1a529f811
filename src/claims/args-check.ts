/**
 * The argument check: does every call of a claim's tool contradict a specific value the claim
 * states? Values judged: one money amount, cued reference numbers, references by their last digits
 * ("card ending in 7334"), email addresses, a time of day, a date, and a word that is an allowed value (`enum`) of one of the tool's parameters.
 *
 * A value the agent read from a tool result (or a display number that a lookup mapped to the id)
 * agrees. Ambiguous sentences (two amounts, qualified amounts such as "each", "around", "half of")
 * are not judged. Constant time per claim: the calls are folded into {@link ArgsDigest}s.
 */
import { isMoneyKey, type ArgsDigest } from './args-digest.js';
import { cents, refParts, refShape, stripZeros } from './_ref-values.js';
import { findAmounts, findEmails, findMaskedRefs, findRefs, normalizeRef, qualifiedAmount, type Amount } from './_values.js';
import { findBareHours, findDates, findTimes, qualifiedTime, statedEnums, type EnumParameter, type StatedEnum } from './_typed-values.js';
import { moneyDirection, moneyMismatchMessage, resultMoneyMismatchMessage, resultValueMismatchMessage, valueMismatchMessage } from './_mismatch-message.js';
import { trimEnd } from './_scan.js';
import { STOPWORDS } from './lexicon.js';
import { extensionOf, findPaths, pathAgrees, type StatedPath } from './_paths.js';
import { titleAgrees, type QuotedTitle } from './_titles.js';

/** A contradiction: the values the calls used instead of the claimed one. */
export interface ArgsMismatch {
  /** What the claim states, as written. */
  claimed: string;
  /** The contradicting values of the most recent calls (at most five). */
  observed: unknown[];
  /** Both in one sentence: what the reply says (for money, refund or charge) and what the calls did. */
  message: string;
}

/**
 * Check a claim's clause against the successful calls that back it.
 * @param clause The clause that makes the claim.
 * @param fold Folds the successful calls of the claimed tool in the claim's window (one or two parts); called only when the clause states a value.
 * @param seen Whether a value (lower case) appears in a tool result the agent had seen; such a reference or email agrees (an amount agrees only through the call's own arguments or result).
 * @param sentence The whole sentence; an amount is judged only when the sentence states one.
 * @param enums The tool's string parameters with allowed values (from its JSON Schema).
 * @param quotes The names and titles the clause quotes (lower case), judged against calls that hold a title field.
 * @returns the mismatch, or `null` when the calls agree or nothing can be judged.
 */
export function checkClaimArgs(
  clause: string,
  fold: () => readonly ArgsDigest[],
  seen: (value: string) => boolean,
  sentence = clause,
  enums: readonly EnumParameter[] = [],
  quotes: readonly QuotedTitle[] = [],
): ArgsMismatch | null {
  // Most claims state no amount, reference, email, time or date, nor an allowed value: then the calls are never folded.
  const stated = statedEnums(clause, enums);
  const paths = findPaths(clause);
  if (!/\d/.test(clause) && !clause.includes('@') && stated.length === 0 && paths.length === 0 && quotes.length === 0) return null;
  const digests = fold();
  const calls = digests.reduce((n, d) => n + d.calls, 0);
  if (calls === 0) return null;
  return (
    checkAmount(clause, sentence, digests, calls) ??
    checkRefs(clause, digests, calls, seen) ??
    checkMaskedRefs(clause, digests, seen) ??
    checkEmails(clause, digests, calls, seen) ??
    checkTimes(clause, sentence, digests, calls) ??
    checkDates(clause, sentence, digests, calls) ??
    checkPaths(paths, digests, calls) ??
    checkTitles(quotes, digests, calls) ??
    checkEnums(stated, digests)
  );
}

/** What the finders read: amounts, times of day (minutes after midnight), dates ("MM-DD"). */
interface Found {
  amounts: Amount[];
  times: number[];
  dates: string[];
}
const FINDERS: { readonly [K in keyof Found]: (text: string) => Found[K] } = { amounts: findAmounts, times: findTimes, dates: findDates };
let counted: { sentence: string; found: Partial<Found> } | null = null;

/**
 * The values of a kind the whole sentence states, remembered for the last sentence asked: the claims of
 * a sentence share its string, so a long sentence of many claims is read once per kind, not once per
 * claim (which was quadratic). Shared: callers must not change the list.
 */
function inSentence<K extends keyof Found>(kind: K, sentence: string): Found[K] {
  if (counted === null || counted.sentence !== sentence) counted = { sentence, found: {} };
  const found = counted.found;
  const known = found[kind];
  if (known !== undefined) return known as Found[K];
  const values = FINDERS[kind](sentence);
  found[kind] = values;
  return values;
}

/** How many values of a kind the whole sentence states. */
const sentenceCount = (kind: keyof Found, sentence: string): number => inSentence(kind, sentence).length;

/** The values of a kind the clause states; a clause that is its whole sentence is read once for both. */
function inClause<K extends keyof Found>(kind: K, clause: string, sentence: string): Found[K] {
  return clause === sentence ? inSentence(kind, sentence) : FINDERS[kind](clause);
}

/** A time of day, judged when the sentence states one time and every call records one. */
function checkTimes(clause: string, sentence: string, digests: readonly ArgsDigest[], calls: number): ArgsMismatch | null {
  const times = inClause('times', clause, sentence);
  if (times.length === 0 && sentenceCount('times', sentence) === 0) return checkBareHour(clause, sentence, digests, calls);
  if (times.length !== 1 || sentenceCount('times', sentence) !== 1 || qualifiedTime(clause)) return null;
  if (digests.reduce((n, d) => n + d.callsWithTime, 0) < calls) return null;
  const [claimed] = times;
  if (claimed === undefined || digests.some((d) => d.recordsTime(claimed))) return null;
  const clock = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return valueMismatch(clock(claimed), digests.flatMap((d) => [...d.times].map(clock)).slice(-5));
}

/**
 * A bare hour ("you're all set for Sunday at 8"), judged when the sentence states no other time and every call records
 * one: it agrees when its am or its pm reading does (8 with 08:00 or 20:00, not 18:00).
 */
function checkBareHour(clause: string, sentence: string, digests: readonly ArgsDigest[], calls: number): ArgsMismatch | null {
  if (!/\bat \d/i.test(clause)) return null;
  const hours = findBareHours(clause);
  if (hours.length !== 1 || findBareHours(sentence).length !== 1 || qualifiedTime(clause)) return null;
  if (digests.reduce((n, d) => n + d.callsWithTime, 0) < calls) return null;
  const hour = (hours[0] ?? 0) % 12;
  if (digests.some((d) => d.recordsTime(hour * 60) || d.recordsTime((hour + 12) * 60))) return null;
  const clock = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return valueMismatch(`at ${hours[0] ?? hour}`, digests.flatMap((d) => [...d.times].map(clock)).slice(-5));
}

/** A date, judged when the sentence states one date and every call records one. */
function checkDates(clause: string, sentence: string, digests: readonly ArgsDigest[], calls: number): ArgsMismatch | null {
  const dates = inClause('dates', clause, sentence);
  if (dates.length !== 1 || sentenceCount('dates', sentence) !== 1) return null;
  if (digests.reduce((n, d) => n + d.callsWithDate, 0) < calls) return null;
  const [claimed] = dates;
  if (claimed === undefined || digests.some((d) => d.recordsDate(claimed))) return null;
  return valueMismatch(claimed, digests.flatMap((d) => [...d.dates]).slice(-5));
}

/**
 * A file path or name, judged against calls that all record one of its kind in their arguments or own result (a file
 * of its extension; for a folder, a folder): it agrees when one of them does (`pathAgrees`). A
 * name the agent read in another result does not agree: the call's own values say which file it acted on.
 */
function checkPaths(paths: readonly StatedPath[], digests: readonly ArgsDigest[], calls: number): ArgsMismatch | null {
  for (const stated of paths) {
    const recording = stated.ext === '' ? digests.reduce((n, d) => n + d.callsWithPath, 0) : digests.reduce((n, d) => n + (d.callsWithExt.get(stated.ext) ?? 0), 0);
    if (recording < calls) continue;
    const recorded = digests.flatMap((d) => d.paths);
    if (recorded.some((r) => pathAgrees(stated, r))) continue;
    const kind = recorded.filter((r) => (stated.ext === '' ? r.includes('/') && extensionOf(r) === '' : extensionOf(r) === stated.ext));
    return valueMismatch(stated.path, [...new Set(kind)].slice(-5));
  }
  return null;
}

/**
 * A quoted name or title, judged against calls that all hold a name or title field in their arguments or own result
 * (and, when a noun says what the quote names, a field named for it): it agrees when any text of theirs does, loosely
 * (`titleAgrees`).
 */
function checkTitles(quotes: readonly QuotedTitle[], digests: readonly ArgsDigest[], calls: number): ArgsMismatch | null {
  if (quotes.length === 0 || digests.reduce((n, d) => n + d.callsWithTitle, 0) < calls) return null;
  for (const { quote, noun } of quotes) {
    // "the document 'Q3 plan'" names a document: judged only by calls with a field named for documents.
    if (noun !== undefined && !digests.some((d) => d.hasKeyNamed(noun))) continue;
    const texts = digests.flatMap((d) => d.texts);
    if (texts.some((t) => titleAgrees(quote, t))) continue;
    return valueMismatch(quote, texts.slice(-5), `"${quote}"`);
  }
  return null;
}

/** An allowed value of a parameter, judged against the calls that record that parameter. */
function checkEnums(stated: readonly StatedEnum[], digests: readonly ArgsDigest[]): ArgsMismatch | null {
  for (const { key, value, allowed } of stated) {
    const used = digests.flatMap((d) => [...(d.keyed.get(key) ?? [])]);
    if (used.length === 0 || used.includes(value)) continue;
    // Calls that used values outside the schema's list show the list does not describe the data.
    if (used.some((u) => !allowed.includes(u))) continue;
    return valueMismatch(value, used.slice(-5));
  }
  return null;
}

/** A mismatch of a value that is not money; the message shows `said` and `used`, by default the values themselves. */
const valueMismatch = (claimed: string, observed: unknown[], said = claimed, used: readonly unknown[] = observed): ArgsMismatch => ({ claimed, observed, message: valueMismatchMessage(said, used) });

/** `ref` (lower case, see `normalizeRef`) as the clause writes it ("A-2002"), or `ref` when the clause writes it otherwise. */
function asWritten(clause: string, ref: string): string {
  const at = clause.toLowerCase().indexOf(ref);
  return at === -1 ? ref : clause.slice(at, at + ref.length);
}

/** The first leaf `pick` takes of each of the last calls, at most five, oldest first. */
const recentLeaves = (digests: readonly ArgsDigest[], pick: (leaf: { key: string; value: unknown }) => boolean): Array<{ key: string; value: unknown }> =>
  digests.flatMap((d) => d.recent.flatMap((ls) => ls.find(pick) ?? [])).slice(-5);
const recentValues = (digests: readonly ArgsDigest[], pick: (leaf: { key: string; value: unknown }) => boolean): unknown[] => recentLeaves(digests, pick).map((l) => l.value);

function checkAmount(clause: string, sentence: string, digests: readonly ArgsDigest[], calls: number): ArgsMismatch | null {
  const amounts = inClause('amounts', clause, sentence);
  // A sentence with two amounts ("$30 and $40") is ambiguous even when each clause holds one.
  if (amounts.length !== 1 || sentenceCount('amounts', sentence) > 1 || qualifiedAmount(clause)) return null;
  const claimed = amounts[0];
  if (claimed === undefined) return null;
  const a = cents(claimed.value);
  // An amount its clause names by a noun ("$0.00 difference", "Balance: $120") agrees with a field of that name, of
  // the arguments or the call's own result, whatever other amounts the call holds: the statement balance a
  // reconciliation took says nothing of the difference it found. A field of that name that differs does not flag it
  // (per-passenger prices add up to a "Total Price" only times the passengers): the amounts are judged as before.
  const noun = amountNoun(clause, claimed.text);
  if (noun !== null && digests.some((d) => d.named(noun).some((v) => Math.abs(cents(v) - a) <= 1 || Math.abs(cents(v) - a * 100) <= 100))) return null;
  if (digests.every((d) => d.moneyCalls === 0)) return checkResultAmount(clause, claimed, digests, calls);
  const has = (c: number): boolean => digests.some((d) => d.money.has(c));
  // Equal within a cent, or the same amount written in cents (6400 for $64).
  if ([a - 1, a, a + 1, a * 100 - 100, a * 100, a * 100 + 100].some(has)) return null;
  // A stated total of what one call split ("Total: $340" paid $280 + $60).
  if (digests.some((d) => d.callSums.has(a) || d.callSums.has(a * 100))) return null;
  const sum = cents(digests.reduce((s, d) => s + d.moneySum, 0));
  if (calls > 1 && (Math.abs(sum - a) <= 1 || Math.abs(sum - a * 100) <= 100)) return null;
  // The call's own result may hold it; a value seen in some other result does not make it this call's.
  if (digests.some((d) => d.resultMoney.has(a) || d.resultMoney.has(-a))) return null;
  const used = recentLeaves(digests, (l) => isMoneyKey(l.key));
  return { claimed: claimed.text, observed: used.map((l) => l.value), message: moneyMismatchMessage(clause, claimed.text, used) };
}

/** Words between a noun and the amount it names ("difference of $0", "balance is $120", "Total: $340"). */
const NAMING_LINKS: ReadonlySet<string> = new Set(['of', 'is', 'was', 'the', 'a', 'an', 'at', 'now', 'still']);

/**
 * The noun that names an amount in its clause: the last of the words right after it on its line, before punctuation
 * or a function word ("$0.00 difference", "the $2,580 price difference has been refunded" → difference), or else the
 * first word before it past {@link NAMING_LINKS} and a colon ("difference of $0.00", "Total Price: $325"): a content
 * word of three letters or more. A past verb so read ("refunded $40") names a key only when a key is named so.
 */
function amountNoun(clause: string, text: string): string | null {
  const at = clause.indexOf(text);
  if (at === -1) return null;
  const run = clause.slice(at + text.length, at + text.length + 40).split('\n')[0] ?? '';
  let after: string | undefined;
  for (const w of run.startsWith(' ') ? run.split(' ').slice(1, 4) : []) {
    const word = w.toLowerCase();
    if (!/^[a-z]{3,}$/.test(word) || STOPWORDS.has(word)) {
      if (/^[a-z]{3,}[.,;:!?)]$/.test(word) && !STOPWORDS.has(word.slice(0, -1))) after = word.slice(0, -1);
      break;
    }
    after = word;
  }
  if (after !== undefined) return after;
  const before = (clause.slice(Math.max(0, at - 60), at).split('\n').at(-1) ?? '').toLowerCase().split(/[^a-z:]+/).filter((w) => w !== '');
  for (let i = before.length - 1; i >= 0; i--) {
    const w = trimEnd(before[i] ?? '', ':');
    if (w === '' || NAMING_LINKS.has(w)) continue;
    return w.length >= 3 && !w.includes(':') && !STOPWORDS.has(w) ? w : null;
  }
  return null;
}

/**
 * An amount judged against what the calls' own results record, when their arguments hold none (the
 * payment a booking's result lists). Direction counts: "charged $114" agrees only with an amount the
 * user pays, not with a refund of 114 recorded as -114. Judged only when every call's result records one.
 */
function checkResultAmount(clause: string, claimed: { value: number; text: string }, digests: readonly ArgsDigest[], calls: number): ArgsMismatch | null {
  if (digests.reduce((n, d) => n + d.resultMoneyCalls, 0) < calls) return null;
  const a = cents(claimed.value);
  const recorded = digests.flatMap((d) => [...d.resultMoney]);
  // The same amount, or it written in cents (18900 for $189.00); a refund recorded negative agrees unless the clause says it charged.
  if (recorded.some((r) => r === a || r === a * 100)) return null;
  if (recorded.some((r) => -r === a || -r === a * 100) && moneyDirection(clause) !== 'charge') return null;
  const observed = recorded.slice(-5).map((c) => c / 100);
  return { claimed: claimed.text, observed, message: resultMoneyMismatchMessage(clause, claimed.text, observed) };
}

/**
 * References the clause states, judged against calls that all hold one of its shape: in their arguments (the
 * record acted on), or, when no argument does, among the identifiers of their own results (the record a call
 * made: "opened ticket T-5512" when the ticket it created is T-5521). A reference that some result of the
 * window holds was read there and agrees.
 */
function checkRefs(clause: string, digests: readonly ArgsDigest[], calls: number, seen: (v: string) => boolean): ArgsMismatch | null {
  const refs = findRefs(clause);
  if (refs.length === 0) return null;
  for (const ref of refs) {
    const bare = stripZeros(ref);
    if (digests.some((d) => d.words.has(ref) || d.words.has(bare))) continue;
    const shape = refShape(ref);
    const [prefix] = shape.split(':');
    const sameKind = (text: string): boolean => {
      const t = normalizeRef(text);
      return /\d/.test(t) && refShape(t).startsWith(`${prefix ?? ''}:`);
    };
    const inArgs = digests.reduce((n, d) => n + (d.shapes.get(shape) ?? 0), 0) >= calls;
    if (!inArgs && digests.reduce((n, d) => n + (d.resultShapes.get(shape) ?? 0), 0) < calls) {
      const named = namedRefMismatch(clause, ref, digests, calls, seen);
      if (named !== null) return named;
      continue;
    }
    if (seen(ref) || seen(bare)) continue;
    const observed = inArgs ? recentValues(digests, (l) => sameKind(String(l.value))) : digests.flatMap((d) => d.recentResultIds.filter(sameKind)).slice(-5);
    // The message shows both as written ("A-2002", "A-2001"); `claimed` and `observed` stay normalized.
    const written = observed.map((v) => trimEnd(String(v), '.,;:'));
    const said = asWritten(clause, ref);
    return { claimed: ref, observed: observed.map((v) => normalizeRef(String(v))), message: inArgs ? valueMismatchMessage(said, written) : resultValueMismatchMessage(said, written) };
  }
  return null;
}

/**
 * A reference its clause names by the noun right before it ("in bin A-10-05"), judged against the fields of the calls
 * named for that noun (`to_bin`, `from_bin`) when every call holds one, whatever shape their values have beyond the
 * letter prefix (one of them must share it): it agrees with one of them, or with a value some result the agent read holds.
 */
function namedRefMismatch(clause: string, ref: string, digests: readonly ArgsDigest[], calls: number, seen: (v: string) => boolean): ArgsMismatch | null {
  const at = clause.toLowerCase().indexOf(ref);
  const noun = at === -1 ? undefined : nounBefore(clause.slice(0, at));
  if (noun === undefined || STOPWORDS.has(noun)) return null;
  const named = digests.map((d) => d.namedTexts(noun));
  if (named.reduce((n, x) => n + x.calls, 0) < calls) return null;
  // Of the reference's kind: a value with its letter prefix ("A-01-05" for "A-10-05"; a bare number 88 is no "T-5512").
  const prefix = refParts(ref).prefix;
  const texts = named.flatMap((x) => x.texts).filter((t) => /\d/.test(t) && refParts(normalizeRef(t)).prefix === prefix);
  if (texts.length === 0) return null;
  if (texts.some((t) => normalizeRef(t) === ref || stripZeros(normalizeRef(t)) === stripZeros(ref)) || seen(ref)) return null;
  return { claimed: ref, observed: texts.slice(-5).map((t) => normalizeRef(t)), message: valueMismatchMessage(asWritten(clause, ref), texts.slice(-5)) };
}

/** The word of letters right before a text's end, past spaces and punctuation, lower case ("in bin " → "bin"). */
function nounBefore(text: string): string | undefined {
  const letter = (i: number): boolean => /[a-z]/i.test(text[i] ?? '');
  let end = text.length;
  while (end > 0 && !letter(end - 1) && end > text.length - 3) end--;
  let start = end;
  while (start > 0 && letter(start - 1)) start--;
  return start === end || end < text.length - 3 ? undefined : text.slice(start, end).toLowerCase();
}

/**
 * A reference by its last digits ("charged to your card ending in 7334"), judged against the arguments
 * that carry its noun (`payment_id: "credit_card_4959530"`): it agrees when one of them ends in those
 * digits or a result the agent read shows them; it is not judged when no argument of the recent calls
 * carries the noun.
 */
function checkMaskedRefs(clause: string, digests: readonly ArgsDigest[], seen: (v: string) => boolean): ArgsMismatch | null {
  for (const { noun, digits } of findMaskedRefs(clause)) {
    const carried = digests.flatMap((d) => d.recent.flatMap((ls) => ls.filter((l) => typeof l.value === 'string' && (l.key.toLowerCase().includes(noun) || l.value.toLowerCase().includes(noun)))));
    if (carried.length === 0 || carried.some((l) => String(l.value).replace(/\D+/g, '').endsWith(digits))) continue;
    if (seen(digits)) continue;
    return valueMismatch(`${noun} ending in ${digits}`, carried.map((l) => l.value).slice(-5));
  }
  return null;
}

function checkEmails(clause: string, digests: readonly ArgsDigest[], calls: number, seen: (v: string) => boolean): ArgsMismatch | null {
  const emails = findEmails(clause);
  // An email is judged only when every call holds one.
  if (emails.length === 0 || digests.reduce((n, d) => n + d.callsWithEmail, 0) < calls) return null;
  for (const email of emails) {
    if (digests.some((d) => d.emails.has(email))) continue;
    if (seen(email)) continue;
    return valueMismatch(email, recentValues(digests, (l) => typeof l.value === 'string' && findEmails(l.value).length > 0));
  }
  return null;
}
