/**
 * What the successful calls of one tool used as arguments, folded so that a claim's amount,
 * reference or email is checked against every call in constant time.
 */
import type { LedgerEntry } from '../ledger.js';
import { eachLeaf, eachWord, findEmails, leaves, normalizeRef } from './_values.js';
import { claimSpecifics, dateKeys } from './_specifics.js';
import { looseWords, recordedTimes } from './_typed-values.js';
import { memo } from './_memo.js';
import { splitIdentifier } from './_tokens.js';
import { cents, refParts, stripZeros, structured } from './_ref-values.js';
import { extensionOf, recordedPaths } from './_paths.js';
import { titleKey } from './_titles.js';

/** Argument names that hold money. */
export const MONEY_KEY = /amount|price|total|cents|cost|fee|credit|sum|value|charge|payment|refund|balance|usd|eur|gbp/i;
const ID_KEY = /id$|_id|number|num$|^no$|ref|key|code|^pr$|^issue$|^order$|^ticket$|^build$|^deal$|^invoice$|^account$|locator|pnr/i;
/** Argument names that select the record acted on ("reservation_id", "userId", "id"). */
const RECORD_KEY = /(?:^|_)id$|[a-z]Id$|^id$/;
/** Words that open a key for a quantity of what follows ("total_baggages", "sum_items"): money only when that names money too. */
const QUANTITY_OPENERS: ReadonlySet<string> = new Set(['total', 'sum', 'value']);

/**
 * An argument name that holds money: {@link MONEY_KEY}, except a quantity of things ("total_baggages", "total_items":
 * a count, never compared with an amount); "total", "order_total" and "total_price" hold money.
 */
export const isMoneyKey = memo((key: string): boolean => {
  if (!MONEY_KEY.test(key)) return false;
  const [first = '', ...rest] = splitIdentifier(key);
  return !QUANTITY_OPENERS.has(first.toLowerCase()) || rest.length === 0 || MONEY_KEY.test(rest.join('_'));
});
/** Key tests remembered per key: results repeat a handful of keys thousands of times. */
const moneyKey = isMoneyKey;
const recordKey = memo((key: string) => RECORD_KEY.test(key));
/** Whether an argument name selects the record acted on (`reservation_id`, `userId`, `id`). */
export const isRecordKey = (key: string): boolean => recordKey(key);
const resultMoneyKey = memo((key: string) => isMoneyKey(key) && !RECORD_KEY.test(key));
/** Argument names that say their amount is in the currency's minor unit ("amount_cents", "priceInPence", "total_minor"). */
const MINOR_UNIT_KEY = /cents|pence|minor/i;
const minorUnitKey = memo((key: string) => MINOR_UNIT_KEY.test(key));
const idKey = memo((key: string) => ID_KEY.test(key));
const KEEP_RECENT = 5;

function numeric(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}(?:\.\d{1,4})?$/.test(value.trim())) return Number(value);
  return null;
}

/**
 * A money-keyed value in the currency's unit: one whose name says it is in the minor unit (`amount_cents`
 * 4950) is divided by 100, so that it agrees with $49.50 and not with $4,950. A name that does not say
 * (`amount` 4950) keeps both readings: the check also accepts the claimed amount written in cents.
 */
function moneyValue(key: string, value: unknown): number | null {
  const n = numeric(value);
  return n !== null && minorUnitKey(key) ? n / 100 : n;
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

/** The times and dates one argument value records, as {@link timesAndDates} reads them. */
type Recorded = { times: readonly number[]; dates: readonly string[] };

/** A leaf of a call's arguments with its key (see `leaves`). */
type Leaf = { key: string; value: unknown };

/** One call as a digest keeps it until its facets are read. */
interface Call {
  args: unknown;
  result: unknown;
  /** The leaves of `args`, listed when a facet first reads them. */
  leaves?: Leaf[];
  /** The times and dates of its argument values, once the `recorded` facet has read it. */
  recorded?: Recorded[];
}

/**
 * The parts of a digest, each read from the calls on its own when first asked for: a claim that states
 * only a reference never reads the calls' money, emails or dates.
 */
type Facet = 'words' | 'money' | 'emails' | 'shapes' | 'resultShapes' | 'specifics' | 'keyed' | 'recorded' | 'resultMoney' | 'resultTimes' | 'paths' | 'texts';

/**
 * The folded arguments of the successful calls of one tool. Adding a call only keeps it: each facet (the
 * arguments' words, money, emails, identifier shapes, specifics, keyed values, times and dates; the identifier
 * shapes, amounts, times and dates the calls' own results record) is read from the calls when first asked for (most claims
 * are judged on one or two of them), in call order, so every set lists its values as if read call by call.
 * Calls added after a facet was read are read by it when it is next asked for.
 */
export class ArgsDigest {
  readonly #calls: Call[] = [];
  /** How many of the calls each facet has read. */
  readonly #read: Record<Facet, number> = { words: 0, money: 0, emails: 0, shapes: 0, resultShapes: 0, specifics: 0, keyed: 0, recorded: 0, resultMoney: 0, resultTimes: 0, paths: 0, texts: 0 };
  readonly #words = new Set<string>();
  readonly #money = new Set<number>();
  #moneyCalls = 0;
  readonly #callSums = new Set<number>();
  #moneySum = 0;
  readonly #emails = new Set<string>();
  #callsWithEmail = 0;
  readonly #shapes = new Map<string, number>();
  readonly #resultShapes = new Map<string, number>();
  readonly #specifics = new Set<string>();
  readonly #keyed = new Map<string, Set<string>>();
  #callsWithTime = 0;
  #callsWithDate = 0;
  readonly #argTimes = new Set<number>();
  readonly #argDates = new Set<string>();
  readonly #resultMoney = new Set<number>();
  #resultMoneyCalls = 0;
  readonly #times = new Set<number>();
  readonly #dates = new Set<string>();
  readonly #texts: string[] = [];
  #callsWithTitle = 0;
  readonly #paths: string[] = [];
  #callsWithPath = 0;
  readonly #callsWithExt = new Map<string, number>();

  /** The successful calls folded. */
  get calls(): number {
    return this.#calls.length;
  }

  /** Every word of every argument value, normalized, also without leading zeros. */
  get words(): ReadonlySet<string> {
    this.#fold('words');
    return this.#words;
  }

  /** Money-keyed values in cents (one named in the minor unit, `amount_cents`, as it is). */
  get money(): ReadonlySet<number> {
    this.#fold('money');
    return this.#money;
  }

  /** Calls whose arguments hold a money-keyed value. */
  get moneyCalls(): number {
    this.#fold('money');
    return this.#moneyCalls;
  }

  /** Each call's money values added up, in cents: a total split over payment methods in one call. */
  get callSums(): ReadonlySet<number> {
    this.#fold('money');
    return this.#callSums;
  }

  /** Sum of each call's first money value (a total split across calls). */
  get moneySum(): number {
    this.#fold('money');
    return this.#moneySum;
  }

  /** Email addresses in the arguments, lower case. */
  get emails(): ReadonlySet<string> {
    this.#fold('emails');
    return this.#emails;
  }

  /** Calls whose arguments hold an email address. */
  get callsWithEmail(): number {
    this.#fold('emails');
    return this.#callsWithEmail;
  }

  /** Identifier shape → calls holding an identifier within one digit of that shape. */
  get shapes(): ReadonlyMap<string, number> {
    this.#fold('shapes');
    return this.#shapes;
  }

  /**
   * Identifier shape → calls whose own result holds an identifier (a value of an id-like key: `ticket_id`,
   * `key`, `reservation_number`) within one digit of that shape: the records the calls made.
   */
  get resultShapes(): ReadonlyMap<string, number> {
    this.#fold('resultShapes');
    return this.#resultShapes;
  }

  /** The identifiers of the last few calls' own results (values of id-like keys), as written, oldest first. */
  get recentResultIds(): readonly string[] {
    const out: string[] = [];
    for (const call of this.#calls.slice(-KEEP_RECENT)) resultIds(call, (text) => out.push(text));
    return out;
  }

  /**
   * Dates and codes of the arguments that do not name the record acted on (not id fields): what the
   * call did, as opposed to which record it did it to. Lower case; dates as "MM-DD" and "YYYY-MM-DD".
   */
  get specifics(): ReadonlySet<string> {
    this.#fold('specifics');
    return this.#specifics;
  }

  /** Argument values by leaf key, loosely written ("closed_won" → "closed won"): the enum check reads them. */
  get keyed(): ReadonlyMap<string, ReadonlySet<string>> {
    this.#fold('keyed');
    return this.#keyed;
  }

  /** Calls whose arguments hold a time of day. */
  get callsWithTime(): number {
    this.#fold('recorded');
    return this.#callsWithTime;
  }

  /** Calls whose arguments hold a date. */
  get callsWithDate(): number {
    this.#fold('recorded');
    return this.#callsWithDate;
  }

  /** Leaves of the last few calls, to report what they used. */
  get recent(): ReadonlyArray<readonly Leaf[]> {
    return this.#calls.slice(-KEEP_RECENT).map(leavesOf);
  }

  /**
   * Money-keyed values of the calls' own results, and their totals per key, in cents, signed (a refund
   * recorded as -11400).
   */
  get resultMoney(): ReadonlySet<number> {
    this.#fold('resultMoney');
    return this.#resultMoney;
  }

  /** Calls whose own result records an amount. */
  get resultMoneyCalls(): number {
    this.#fold('resultMoney');
    return this.#resultMoneyCalls;
  }

  /** Times of day in the calls' arguments or own results, in minutes after midnight. */
  get times(): ReadonlySet<number> {
    this.#fold('resultTimes');
    return this.#times;
  }

  /** Whether a call's arguments or own result records this time of day ({@link times}); the results are read only when no arguments do. */
  recordsTime(minutes: number): boolean {
    this.#fold('recorded');
    return this.#argTimes.has(minutes) || this.times.has(minutes);
  }

  /** Dates in the calls' arguments or own results, as "MM-DD". */
  get dates(): ReadonlySet<string> {
    this.#fold('resultTimes');
    return this.#dates;
  }

  /** Whether a call's arguments or own result records this date ({@link dates}); the results are read only when no arguments do. */
  recordsDate(date: string): boolean {
    this.#fold('recorded');
    return this.#argDates.has(date) || this.dates.has(date);
  }

  /** The texts of the calls' arguments and own results (strings of up to 2,000 characters), in call order. */
  get texts(): readonly string[] {
    this.#fold('texts');
    return this.#texts;
  }

  /** Calls whose arguments or own result hold a name or title field (`title`, `event_name`: `titleKey`). */
  get callsWithTitle(): number {
    this.#fold('texts');
    return this.#callsWithTitle;
  }

  /** The paths and file names the calls' arguments and own results record (`recordedPaths`), lower case, in call order. */
  get paths(): readonly string[] {
    this.#fold('paths');
    return this.#paths;
  }

  /** Calls whose arguments or own result record a folder: a path with a folder separator and no file extension. */
  get callsWithPath(): number {
    this.#fold('paths');
    return this.#callsWithPath;
  }

  /** File extension → calls whose arguments or own result record a file of that extension. */
  get callsWithExt(): ReadonlyMap<string, number> {
    this.#fold('paths');
    return this.#callsWithExt;
  }

  /**
   * The numbers that the calls' arguments and own results hold under a key naming `noun` (a word of the key,
   * singular or plural: "difference" names `difference` and `cash_difference`), in the currency's unit as
   * {@link money} reads them; each call's values of that name added up are among them (the prices of the flights one
   * booking holds). Read on each ask: only an amount its clause names by a noun asks it.
   */
  named(noun: string): number[] {
    const values: number[] = [];
    for (const call of this.#calls) {
      let held = 0;
      let sum = 0;
      const visit = (key: string, value: unknown): void => {
        if (key === '' || !keyNames(key, noun)) return;
        const n = moneyValue(key, value);
        if (n === null) return;
        values.push(n);
        held++;
        sum += n;
      };
      for (const { key, value } of leavesOf(call)) visit(key, value);
      eachLeaf(structured(call.result), visit);
      if (held > 1) values.push(sum);
    }
    return values;
  }

  /**
   * The texts that the calls' arguments and own results hold under a key naming `noun` (as {@link named} reads keys),
   * and how many calls hold one. Read on each ask: only a reference its clause names by a noun asks it.
   */
  namedTexts(noun: string): { texts: string[]; calls: number } {
    const texts: string[] = [];
    let calls = 0;
    for (const call of this.#calls) {
      let held = false;
      const visit = (key: string, value: unknown): void => {
        if (key === '' || (typeof value !== 'string' && typeof value !== 'number') || !keyNames(key, noun)) return;
        texts.push(String(value));
        held = true;
      };
      for (const { key, value } of leavesOf(call)) visit(key, value);
      eachLeaf(structured(call.result), visit);
      if (held) calls++;
    }
    return { texts, calls };
  }

  /** Whether a call's arguments or own result have a key naming `noun` (a word of the key, singular or plural). */
  hasKeyNamed(noun: string): boolean {
    for (const call of this.#calls) {
      let found = false;
      const visit = (key: string): void => {
        if (!found && key !== '' && keyNames(key, noun)) found = true;
      };
      for (const { key } of leavesOf(call)) visit(key);
      if (!found) eachLeaf(structured(call.result), visit);
      if (found) return true;
    }
    return false;
  }

  /** Fold in a successful call (its arguments and result are read when a facet is asked for). */
  add(entry: LedgerEntry): void {
    this.#calls.push({ args: entry.args, result: entry.result });
  }

  /** Read the calls a facet has not read yet, in call order. */
  #fold(facet: Facet): void {
    const calls = this.#calls;
    const from = this.#read[facet];
    if (from === calls.length) return;
    // The results' times and dates come after those of each call's arguments.
    if (facet === 'resultTimes') this.#fold('recorded');
    for (let i = from; i < calls.length; i++) this.#readCall(facet, calls[i] as Call);
    this.#read[facet] = calls.length;
  }

  #readCall(facet: Facet, call: Call): void {
    switch (facet) {
      case 'words':
        return this.#readWords(call);
      case 'money':
        return this.#readMoney(call);
      case 'emails':
        return this.#readEmails(call);
      case 'shapes':
        return this.#readShapes(call);
      case 'resultShapes':
        return this.#readResultShapes(call);
      case 'specifics':
        return this.#readSpecifics(call);
      case 'keyed':
        return this.#readKeyed(call);
      case 'recorded':
        return this.#readRecorded(call);
      case 'resultMoney':
        return this.#readResultMoney(call);
      case 'resultTimes':
        return this.#readResultTimes(call);
      case 'paths':
        return this.#readPaths(call);
      case 'texts':
        return this.#readTexts(call);
    }
  }

  #readWords(call: Call): void {
    const addWord = (word: string): void => {
      this.#words.add(word);
      const bare = stripZeros(word);
      if (bare !== word) this.#words.add(bare);
    };
    for (const { value } of leavesOf(call)) {
      const raw = String(value);
      addWord(normalizeRef(raw));
      eachWord(raw.toLowerCase(), addWord);
    }
  }

  #readMoney(call: Call): void {
    let firstMoney: number | null = null;
    let callSum = 0;
    for (const { key, value } of leavesOf(call)) {
      const n = moneyKey(key) ? moneyValue(key, value) : null;
      if (n === null) continue;
      this.#money.add(cents(n));
      firstMoney ??= n;
      callSum += n;
    }
    if (firstMoney === null) return;
    this.#callSums.add(cents(callSum));
    this.#moneyCalls++;
    this.#moneySum += firstMoney;
  }

  #readEmails(call: Call): void {
    let hasEmail = false;
    for (const { value } of leavesOf(call)) {
      if (typeof value !== 'string') continue;
      for (const e of findEmails(value)) {
        this.#emails.add(e);
        hasEmail = true;
      }
    }
    if (hasEmail) this.#callsWithEmail++;
  }

  #readShapes(call: Call): void {
    const callShapes = new Set<string>();
    for (const { key, value } of leavesOf(call)) {
      const text = normalizeRef(String(value));
      if (!idLike(key, text)) continue;
      const { prefix, digits } = refParts(text);
      for (const d of [digits - 1, digits, digits + 1]) callShapes.add(`${prefix}:${d}`);
    }
    for (const s of callShapes) this.#shapes.set(s, (this.#shapes.get(s) ?? 0) + 1);
  }

  #readResultShapes(call: Call): void {
    const callShapes = new Set<string>();
    resultIds(call, (text) => {
      const { prefix, digits } = refParts(normalizeRef(text));
      for (const d of [digits - 1, digits, digits + 1]) callShapes.add(`${prefix}:${d}`);
    });
    for (const s of callShapes) this.#resultShapes.set(s, (this.#resultShapes.get(s) ?? 0) + 1);
  }

  #readSpecifics(call: Call): void {
    for (const { key, value } of leavesOf(call)) {
      if (typeof value === 'string' && !recordKey(key)) for (const x of specificsOf(value)) this.#specifics.add(x);
    }
  }

  #readKeyed(call: Call): void {
    for (const { key, value } of leavesOf(call)) {
      if (typeof value !== 'string') continue;
      let keyed = this.#keyed.get(key);
      if (keyed === undefined) {
        keyed = new Set<string>();
        this.#keyed.set(key, keyed);
      }
      keyed.add(loose(value));
    }
  }

  /**
   * The times and dates of a call's argument values. A call records a time or a date when its arguments
   * hold one; its own result may then agree too (a result's timestamps, such as when the record was
   * created, never make a call judgeable).
   */
  #readRecorded(call: Call): void {
    const recorded: Recorded[] = [];
    for (const { value } of leavesOf(call)) {
      const found = typeof value === 'string' ? recordedIn(value) : null;
      if (found !== null) recorded.push(found);
    }
    call.recorded = recorded;
    for (const found of recorded) {
      for (const t of found.times) this.#argTimes.add(t);
      for (const d of found.dates) this.#argDates.add(d);
    }
    if (recorded.some((found) => found.times.length > 0)) this.#callsWithTime++;
    if (recorded.some((found) => found.dates.length > 0)) this.#callsWithDate++;
  }

  /** The amounts a call's own result records. */
  #readResultMoney(call: Call): void {
    let resultMoney = false;
    let byKey: Map<string, number> | undefined;
    eachLeaf(structured(call.result), (key, value) => {
      if ((typeof value !== 'string' && typeof value !== 'number') || !resultMoneyKey(key)) return;
      const n = moneyValue(key, value);
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

  /** A call's argument times and dates, then those its own result records. */
  #readResultTimes(call: Call): void {
    for (const found of call.recorded ?? []) this.#record(found);
    eachLeaf(structured(call.result), (_, value) => {
      const found = typeof value === 'string' ? recordedIn(value) : null;
      if (found !== null) this.#record(found);
    });
  }

  /** The texts of a call's arguments and own result, and whether one is a name or title. */
  #readTexts(call: Call): void {
    let titled = false;
    const visit = (key: string, value: unknown): void => {
      if (typeof value !== 'string' || value.length > 2000) return;
      this.#texts.push(value);
      if (!titled && titleKey(key)) titled = true;
    };
    for (const { key, value } of leavesOf(call)) visit(key, value);
    eachLeaf(structured(call.result), visit);
    if (titled) this.#callsWithTitle++;
  }

  /** The paths of a call's arguments and own result. */
  #readPaths(call: Call): void {
    let folders = false;
    const exts = new Set<string>();
    const visit = (_: string, value: unknown): void => {
      for (const path of recordedPaths(value)) {
        this.#paths.push(path);
        const ext = extensionOf(path);
        if (ext !== '') exts.add(ext);
        else if (path.includes('/')) folders = true;
      }
    };
    for (const { key, value } of leavesOf(call)) visit(key, value);
    eachLeaf(structured(call.result), visit);
    if (folders) this.#callsWithPath++;
    for (const ext of exts) this.#callsWithExt.set(ext, (this.#callsWithExt.get(ext) ?? 0) + 1);
  }

  #record(found: Recorded): void {
    for (const t of found.times) this.#times.add(t);
    for (const d of found.dates) this.#dates.add(d);
  }
}

/** Visit each identifier of a call's own result: a value of an id-like key that {@link idLike} takes, as written. */
function resultIds(call: Call, visit: (text: string) => void): void {
  eachLeaf(structured(call.result), (key, value) => {
    if ((typeof value !== 'string' && typeof value !== 'number') || !idKey(key)) return;
    const text = String(value);
    if (idLike(key, normalizeRef(text))) visit(text);
  });
}

/** A key's words (`cash_difference` → cash, difference), read once per key. */
const keyWords = memo((key: string) => splitIdentifier(key));
/** The key has `noun` for a word, singular or plural. */
function keyNames(key: string, noun: string): boolean {
  return keyWords(key).some((w) => w === noun || w === `${noun}s` || `${w}s` === noun);
}

/** The leaves of a call's arguments, listed once. */
function leavesOf(call: Call): Leaf[] {
  return (call.leaves ??= leaves(call.args));
}

/** {@link timesAndDates} of a value that may record a time or a date (every one is written with a digit); else `null`. */
function recordedIn(value: string): Recorded | null {
  if (value.length > 200 || !DIGIT.test(value)) return null;
  return timesAndDates(value);
}
