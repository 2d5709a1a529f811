/**
 * What the successful calls of one tool used as arguments, folded so that a claim's amount,
 * reference or email is checked against every call in constant time.
 */
import type { LedgerEntry } from '../ledger.js';
import { eachLeaf, eachWord, findEmails, leaves, normalizeRef } from './_values.js';
import { claimSpecifics, dateKeys } from './_specifics.js';
import { looseWords, recordedTimes } from './_typed-values.js';
import { memo } from './_memo.js';

/** Argument names that hold money. */
export const MONEY_KEY = /amount|price|total|cents|cost|fee|credit|sum|value|charge|payment|refund|balance|usd|eur|gbp/i;
const ID_KEY = /id$|_id|number|num$|^no$|ref|key|code|^pr$|^issue$|^order$|^ticket$|^build$|^deal$|^invoice$|^account$|locator|pnr/i;
/** Argument names that select the record acted on ("reservation_id", "userId", "id"). */
const RECORD_KEY = /(?:^|_)id$|[a-z]Id$|^id$/;
/** Key tests remembered per key: results repeat a handful of keys thousands of times. */
const moneyKey = memo((key: string) => MONEY_KEY.test(key));
const recordKey = memo((key: string) => RECORD_KEY.test(key));
const resultMoneyKey = memo((key: string) => MONEY_KEY.test(key) && !RECORD_KEY.test(key));
const idKey = memo((key: string) => ID_KEY.test(key));
const KEEP_RECENT = 5;

/** `prefix:digits` of an identifier: "inv-0042" → "inv:4", "4821" → ":4". */
export function refShape(ref: string): string {
  const { prefix, digits } = refParts(ref);
  return `${prefix}:${digits}`;
}

/** The parts of {@link refShape}: the leading lower-case letters and the number of digits. */
function refParts(ref: string): { prefix: string; digits: number } {
  let letters = 0;
  while (letters < ref.length && ref.charCodeAt(letters) >= 97 && ref.charCodeAt(letters) <= 122) letters++;
  let digits = 0;
  for (let i = letters; i < ref.length; i++) if (ref.charCodeAt(i) >= 48 && ref.charCodeAt(i) <= 57) digits++;
  return { prefix: ref.slice(0, letters), digits };
}

/**
 * "inv-0042" → "inv-42": leading zeros do not distinguish references. The zeros after the leading lower-case
 * letters and an optional "-" go when a digit follows them ("000" → "0"); what `s.replace(/^([a-z]*-?)0+(\d)/, '$1$2')`
 * does, in one scan without a copy for the usual word that has none.
 */
export function stripZeros(s: string): string {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) >= 97 && s.charCodeAt(i) <= 122) i++;
  if (s.charCodeAt(i) === 45) i++;
  let end = i;
  while (s.charCodeAt(end) === 48) end++;
  // The last zero stays when no other digit follows the run.
  const next = s.charCodeAt(end);
  if (!(next >= 48 && next <= 57)) end--;
  return end > i ? s.slice(0, i) + s.slice(end) : s;
}

/** A money amount in whole cents. */
export const cents = (v: number): number => Math.round(v * 100);

function numeric(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}(?:\.\d{1,4})?$/.test(value.trim())) return Number(value);
  return null;
}

/** A leaf that looks like an identifier: digits, no spaces or @, a short letter prefix or an id-like key. */
function idLike(key: string, text: string): boolean {
  return /\d/.test(text) && !/[\s@]/.test(text) && (idKey(key) || /^[a-z]{0,6}-?\d+$/.test(text));
}

/** The times of day and the "MM-DD" dates a value records, read once per distinct value (results repeat them). */
const DIGIT = /\d/;
const timesAndDates = memo((value: string) => ({ times: recordedTimes(value), dates: dateKeys(value).filter((d) => d.length === 5) }));
/** {@link claimSpecifics} of an argument value, read once per distinct value. */
const specificsOf = memo(claimSpecifics);
/** {@link looseWords} of an argument value, read once per distinct short value. */
const looseOf = memo(looseWords);
const loose = (value: string): string => (value.length <= 64 ? looseOf(value) : looseWords(value));

/** A result as data: a JSON object or array written as text is parsed; anything else is returned as is. */
export function structured(result: unknown): unknown {
  if (typeof result !== 'string') return result;
  const t = result.trim();
  if (t[0] !== '{' && t[0] !== '[') return result;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return result;
  }
}

/** The times and dates one argument value records, as {@link timesAndDates} reads them. */
type Recorded = { times: readonly number[]; dates: readonly string[] };

/**
 * The folded arguments of the successful calls of one tool. The calls' own results are read only when
 * {@link ArgsDigest.times}, {@link ArgsDigest.dates} or the result amounts are first asked for (most claims
 * are judged on the arguments alone), in call order, so every set lists its values as if read call by call.
 */
export class ArgsDigest {
  calls = 0;
  /** Every word of every argument value, normalized, also without leading zeros. */
  readonly words = new Set<string>();
  /** Money-keyed values in cents. */
  readonly money = new Set<number>();
  moneyCalls = 0;
  /** Each call's money values added up, in cents: a total split over payment methods in one call. */
  readonly callSums = new Set<number>();
  /** Sum of each call's first money value (a total split across calls). */
  moneySum = 0;
  readonly emails = new Set<string>();
  callsWithEmail = 0;
  /** Identifier shape → calls holding an identifier within one digit of that shape. */
  readonly shapes = new Map<string, number>();
  /**
   * Dates and codes of the arguments that do not name the record acted on (not id fields): what the
   * call did, as opposed to which record it did it to. Lower case; dates as "MM-DD" and "YYYY-MM-DD".
   */
  readonly specifics = new Set<string>();
  /** Argument values by leaf key, loosely written ("closed_won" → "closed won"): the enum check reads them. */
  readonly keyed = new Map<string, Set<string>>();
  /** Calls whose arguments hold a time of day. */
  callsWithTime = 0;
  /** Calls whose arguments hold a date. */
  callsWithDate = 0;
  /** Leaves of the last few calls, to report what they used. */
  readonly recent: Array<Array<{ key: string; value: unknown }>> = [];
  readonly #resultMoney = new Set<number>();
  #resultMoneyCalls = 0;
  readonly #times = new Set<number>();
  readonly #dates = new Set<string>();
  /** Calls whose results are not read yet, each with the times and dates of its arguments, in call order. */
  #unread: Array<{ result: unknown; recorded: Recorded[] }> = [];

  /**
   * Money-keyed values of the calls' own results, and their totals per key, in cents, signed (a refund
   * recorded as -11400).
   */
  get resultMoney(): ReadonlySet<number> {
    this.#readResults();
    return this.#resultMoney;
  }

  /** Calls whose own result records an amount. */
  get resultMoneyCalls(): number {
    this.#readResults();
    return this.#resultMoneyCalls;
  }

  /** Times of day in the calls' arguments or own results, in minutes after midnight. */
  get times(): ReadonlySet<number> {
    this.#readResults();
    return this.#times;
  }

  /** Dates in the calls' arguments or own results, as "MM-DD". */
  get dates(): ReadonlySet<string> {
    this.#readResults();
    return this.#dates;
  }

  add(entry: LedgerEntry): void {
    this.calls++;
    const ls = leaves(entry.args);
    let firstMoney: number | null = null;
    let callSum = 0;
    let hasEmail = false;
    // A call records a time or a date when its arguments hold one; its own result may then agree too
    // (a result's timestamps, such as when the record was created, never make a call judgeable).
    let hasTime = false;
    let hasDate = false;
    const recorded: Recorded[] = [];
    const addWord = (word: string): void => {
      this.words.add(word);
      const bare = stripZeros(word);
      if (bare !== word) this.words.add(bare);
    };
    const callShapes = new Set<string>();
    for (const { key, value } of ls) {
      const raw = String(value);
      const text = normalizeRef(raw);
      addWord(text);
      eachWord(raw.toLowerCase(), addWord);
      const n = moneyKey(key) ? numeric(value) : null;
      if (n !== null) {
        this.money.add(cents(n));
        firstMoney ??= n;
        callSum += n;
      }
      if (idLike(key, text)) {
        const { prefix, digits } = refParts(text);
        for (const d of [digits - 1, digits, digits + 1]) callShapes.add(`${prefix}:${d}`);
      }
      if (typeof value !== 'string') continue;
      if (!recordKey(key)) for (const x of specificsOf(value)) this.specifics.add(x);
      for (const e of findEmails(value)) {
        this.emails.add(e);
        hasEmail = true;
      }
      let keyed = this.keyed.get(key);
      if (keyed === undefined) {
        keyed = new Set<string>();
        this.keyed.set(key, keyed);
      }
      keyed.add(loose(value));
      const found = recordedIn(value);
      if (found === null) continue;
      recorded.push(found);
      if (found.times.length > 0) hasTime = true;
      if (found.dates.length > 0) hasDate = true;
    }
    this.#unread.push({ result: entry.result, recorded });
    if (hasTime) this.callsWithTime++;
    if (hasDate) this.callsWithDate++;
    if (firstMoney !== null) this.callSums.add(cents(callSum));
    if (firstMoney !== null) {
      this.moneyCalls++;
      this.moneySum += firstMoney;
    }
    if (hasEmail) this.callsWithEmail++;
    for (const s of callShapes) this.shapes.set(s, (this.shapes.get(s) ?? 0) + 1);
    this.recent.push(ls);
    if (this.recent.length > KEEP_RECENT) this.recent.shift();
  }

  /** Fold in the unread calls: each call's argument times and dates, then what its own result records. */
  #readResults(): void {
    if (this.#unread.length === 0) return;
    for (const { result, recorded } of this.#unread) {
      for (const found of recorded) this.#record(found);
      let resultMoney = false;
      let byKey: Map<string, number> | undefined;
      eachLeaf(structured(result), (key, value) => {
        if (typeof value === 'string') {
          const found = recordedIn(value);
          if (found !== null) this.#record(found);
        } else if (typeof value !== 'number') return;
        if (!resultMoneyKey(key)) return;
        const n = numeric(value);
        if (n === null) return;
        this.#resultMoney.add(cents(n));
        byKey ??= new Map<string, number>();
        byKey.set(key, (byKey.get(key) ?? 0) + n);
        resultMoney = true;
      });
      // A total of one kind of amount in the result ("price" of each flight booked) is recorded too.
      if (byKey !== undefined) for (const sum of byKey.values()) this.#resultMoney.add(cents(sum));
      if (resultMoney) this.#resultMoneyCalls++;
    }
    this.#unread = [];
  }

  #record(found: Recorded): void {
    for (const t of found.times) this.#times.add(t);
    for (const d of found.dates) this.#dates.add(d);
  }
}

/** {@link timesAndDates} of a value that may record a time or a date (every one is written with a digit); else `null`. */
function recordedIn(value: string): Recorded | null {
  if (value.length > 200 || !DIGIT.test(value)) return null;
  return timesAndDates(value);
}
