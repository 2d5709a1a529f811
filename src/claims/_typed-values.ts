/**
 * Typed values a claim states beyond amounts, references and emails (corpus README, "Values a claim
 * states"): times of day, dates, and words that are allowed values (`enum`) of the tool's parameters.
 * Each kind is judged only against calls that record a value of that kind. Linear-time patterns only.
 */
import { dateKeys } from './_specifics.js';
import { matchesOf } from './_matches.js';

/** "3pm", "3:00 PM", "15:00", "7.30 a.m." → minutes after midnight. */
const TWELVE_HOUR = /\b(\d{1,2})(?:[:.](\d{2}))?\s?(a\.?m\.?|p\.?m\.?)(?![a-z])/gi;
const TWENTY_FOUR_HOUR = /\b([01]?\d|2[0-3]):([0-5]\d)\b/g;
/** A time inside an ISO date-time ("2025-04-15T16:00:00Z"). */
const ISO_TIME = /T([01]\d|2[0-3]):([0-5]\d)/g;
/** A time that its neighbours qualify ("around 3pm", "by 5pm", "before 9:00", "between 2 and 4pm"). */
const QUALIFIED_TIME = /\b(?:around|about|approximately|roughly|by|before|after|until|till|between|from|within|every|each|or)\s+(?:\d{1,2}(?:[:.]\d{2})?\s?(?:a\.?m\.?|p\.?m\.?)?)/i;

/** Times of day a text states, as minutes after midnight. */
export function findTimes(text: string): number[] {
  const out: number[] = [];
  for (const m of matchesOf(TWELVE_HOUR, text)) {
    const h = Number(m[1]);
    if (h < 1 || h > 12) continue;
    const pm = (m[3] ?? '').toLowerCase().startsWith('p');
    out.push(((h % 12) + (pm ? 12 : 0)) * 60 + Number(m[2] ?? 0));
  }
  // A ":" is in every "15:00": most texts have none.
  const clock = text.includes(':') ? matchesOf(TWENTY_FOUR_HOUR, text) : [];
  for (const m of clock) {
    const end = (m.index ?? 0) + m[0].length;
    // "3:00 PM" was read above; "15:00" stands alone.
    if (/^\s?[ap]\.?m/i.test(text.slice(end, end + 5))) continue;
    out.push(Number(m[1]) * 60 + Number(m[2]));
  }
  return [...new Set(out)];
}

/** Times recorded in a value from a tool call (ISO date-times and "HH:MM"). */
export function recordedTimes(value: string): number[] {
  const out: number[] = [];
  for (const m of matchesOf(ISO_TIME, value)) out.push(Number(m[1]) * 60 + Number(m[2]));
  if (out.length === 0 && value.length <= 40) out.push(...findTimes(value));
  return out;
}

/** "at 8", "at 11": an hour after "at", its reading decided by what follows ({@link findBareHours}). */
const AT_HOUR = /\bat (1[0-2]|[1-9])\b/gi;
/** Words after a bare hour that keep it a time of day ("at 8 tonight", "at 3 on Friday", "at 7 sharp"). */
const AFTER_HOUR: ReadonlySet<string> = new Set(["o'clock", 'oclock', 'tonight', 'tomorrow', 'today', 'this', 'on', 'in', 'sharp']);

/**
 * Bare hours a text states ("all set for Sunday at 8", "at 3 on Friday"), 1–12: an hour after "at" that ends the
 * sentence or clause, or that a word of time follows ({@link AFTER_HOUR}). Not "at 3 Main Street", "at 8%", "at 5:30"
 * (a time `findTimes` reads) nor "at 3pm". Its am and its pm reading are both the hour's (corpus README).
 */
export function findBareHours(text: string): number[] {
  if (!/\bat \d/i.test(text)) return [];
  const out: number[] = [];
  for (const m of matchesOf(AT_HOUR, text)) {
    const rest = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 12);
    const next = /^\s*(\S?)/.exec(rest)?.[1] ?? '';
    const word = /^\s+([a-z']+)/i.exec(rest)?.[1]?.toLowerCase() ?? '';
    if (next === '' || '.,;!?)—–'.includes(next) || (/^\s/.test(rest) && AFTER_HOUR.has(word))) out.push(Number(m[1]));
  }
  return out;
}

/** The time stated in a text is qualified ("around 3pm") and cannot be judged. */
export function qualifiedTime(text: string): boolean {
  return QUALIFIED_TIME.test(text);
}

/** Dates a text states, as "MM-DD" keys. */
export function findDates(text: string): string[] {
  return [...new Set(dateKeys(text).filter((k) => k.length === 5))];
}

/** Lower case, separators ("_", "-", ".") and punctuation as single spaces: "Closed_Won" → "closed won". */
export function looseWords(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** A string parameter's allowed values, loosely written. */
export interface EnumParameter {
  /** The parameter's name (the leaf key the calls record it under). */
  key: string;
  /** Allowed values, loosely written ("closed won"). */
  values: readonly string[];
}

/** Words too common to be read as an allowed value when they stand alone in a sentence. */
const MIN_ENUM_LENGTH = 3;

/**
 * The string `enum` parameters of a tool's JSON Schema (top level and nested objects), loosely written.
 * Values shorter than three characters are left out ("on", "x"): they occur in any sentence.
 */
export function enumParameters(schema: unknown, out: EnumParameter[] = [], depth = 0): EnumParameter[] {
  if (depth > 8 || schema === null || typeof schema !== 'object') return out;
  const properties = (schema as { properties?: unknown }).properties;
  if (properties !== null && typeof properties === 'object') {
    for (const [key, sub] of Object.entries(properties as Record<string, unknown>)) {
      if (sub === null || typeof sub !== 'object') continue;
      const values = (sub as { enum?: unknown }).enum;
      if (Array.isArray(values)) {
        const loose = values.filter((v): v is string => typeof v === 'string').map(looseWords).filter((v) => v.length >= MIN_ENUM_LENGTH);
        if (loose.length > 1) out.push({ key, values: loose });
      }
      enumParameters(sub, out, depth + 1);
      enumParameters((sub as { items?: unknown }).items, out, depth + 1);
    }
  }
  return out;
}

/** An allowed value a text names: the parameter's key, the value, and the parameter's allowed values. */
export interface StatedEnum {
  key: string;
  value: string;
  allowed: readonly string[];
}

/**
 * `text` without what a change arrow leaves behind: in "Cabin: Basic Economy → Economy" the value before `→` (or
 * `->`), back to the last `:`, `(`, `,`, `;`, line break or arrow, is the old one, not what the act set.
 */
function beforeArrowsDropped(text: string): string {
  if (!text.includes('→') && !text.includes('->')) return text;
  let out = '';
  let start = 0; // where the text not yet copied starts
  let segment = 0; // where the current segment (after the last delimiter) starts
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const arrow = c === '→' ? 1 : c === '-' && text[i + 1] === '>' ? 2 : 0;
    if (arrow > 0) {
      out += `${text.slice(start, segment)} `;
      start = segment = i + arrow;
      i += arrow - 1;
    } else if (c === ':' || c === '(' || c === ',' || c === ';' || c === '\n') segment = i + 1;
  }
  return out + text.slice(start);
}

/**
 * `words` (space-padded loose words) name `value` somewhere not as a measure's unit qualifier: "5-7 business days"
 * names no `business` cabin.
 */
function namesValue(words: string, value: string): boolean {
  const phrase = ` ${value} `;
  for (let at = words.indexOf(phrase); at !== -1; at = words.indexOf(phrase, at + 1)) {
    const after = words.slice(at + phrase.length, words.indexOf(' ', at + phrase.length));
    if (!TIME_UNITS.has(after)) return true;
  }
  return false;
}
const TIME_UNITS: ReadonlySet<string> = new Set(['second', 'seconds', 'minute', 'minutes', 'hour', 'hours', 'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years']);

/**
 * For each parameter, the allowed value that a text names as a whole phrase, when it names exactly one of
 * that parameter's values ("moved to Closed Won" → `closed won`); parameters that it names none or several
 * of are left out. The text's words are read once for all parameters.
 */
export function statedEnums(text: string, parameters: readonly EnumParameter[]): StatedEnum[] {
  if (parameters.length === 0) return [];
  const words = ` ${looseWords(beforeArrowsDropped(text))} `;
  const out: StatedEnum[] = [];
  for (const { key, values } of parameters) {
    const named = values.filter((v) => namesValue(words, v));
    // "Closed Won" names `closed won`, not also `closed`.
    const longest = named.filter((v) => !named.some((w) => w !== v && ` ${w} `.includes(` ${v} `)));
    const value = longest.length === 1 ? longest[0] : undefined;
    if (value !== undefined) out.push({ key, value, allowed: values });
  }
  return out;
}
