/**
 * The specifics of a claim that can tie it to the call that did the work: dates and codes
 * ("the nonstop flight HAT041 on May 21, 2024"). A sibling tool's successful call whose arguments hold
 * one of them is the tool that did the work (corpus README: "several listed tools fit the claim").
 * Linear-time patterns only.
 */
import { matchesOf } from './_matches.js';

const MONTHS: ReadonlyMap<string, number> = new Map(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((m, i) => [m, i + 1]),
);

const pad = (n: number): string => String(n).padStart(2, '0');

/** "May 21, 2024", "May 21st", "21 May 2024", "2024-05-21" → "05-21" (and "2024-05-21" when a year is given). */
const MONTH_FIRST = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?\s(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s(\d{4})\b)?/gi;
/** {@link MONTH_FIRST} that also reads the end of a range of days ("May 13-14", "May 18–21, 2024"), in group 4. */
const MONTH_FIRST_RANGE = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?\s(\d{1,2})(?:st|nd|rd|th)?\b(?:-(\d{1,2})(?:st|nd|rd|th)?\b)?(?:,?\s(\d{4})\b)?/gi;
const DAY_FIRST = /\b(\d{1,2})(?:st|nd|rd|th)?\s(?:of\s)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?(?:,?\s(\d{4})\b)?/gi;
const ISO = /\b(\d{4})-(\d{2})-(\d{2})/g;
const WORD = /[A-Za-z0-9][A-Za-z0-9-]*/g;

/**
 * A code mixing letters and digits ("HAT041", "A-1042", "XEHM4B", seat "14C"), or a bare number of at least
 * {@link ID_DIGITS} digits ("conf 48213907"), longer than a year or a postcode.
 * A number with a lower-case unit or ordinal ("48h", "10am", "2nd", "3.5kg") is a measure, not a code.
 */
function isCode(word: string): boolean {
  if (word.length > 24) return false;
  if (ID_NUMBER.test(word)) return true;
  return word.length >= 3 && /\d/.test(word) && /[A-Za-z]/.test(word) && !MEASURE.test(word);
}
const ID_DIGITS = 6;
const ID_NUMBER = new RegExp(`^\\d{${ID_DIGITS},}$`);
const MEASURE = /^\d+(?:[.,]\d+)?[a-z]{1,3}$/;

/** Unicode hyphens (U+2010 to U+2013: "2024‑05‑12" as some models write it) as "-", one for one. */
function withAsciiHyphens(text: string): string {
  return HYPHENS.test(text) ? text.replace(HYPHENS_ALL, '-') : text;
}
const HYPHENS = /[\u2010-\u2013]/;
const HYPHENS_ALL = /[\u2010-\u2013]/g;

/**
 * Date keys of a text: "05-21" for every date, plus "2024-05-21" when the year is given. With `ranges`, a range of
 * days after a month ("May 13-14") gives a key for each of its two days.
 */
export function dateKeys(text: string, ranges = false): string[] {
  text = withAsciiHyphens(text);
  const out: string[] = [];
  const add = (month: number | undefined, day: number, year?: string): void => {
    if (month === undefined || day < 1 || day > 31) return;
    out.push(`${pad(month)}-${pad(day)}`);
    if (year !== undefined) out.push(`${year}-${pad(month)}-${pad(day)}`);
  };
  if (ranges) {
    // "May 13-14, 2024": both days, each of the month and the year the range states.
    for (const m of matchesOf(MONTH_FIRST_RANGE, text)) {
      const month = MONTHS.get((m[1] ?? '').toLowerCase());
      add(month, Number(m[2]), m[4]);
      if (m[3] !== undefined) add(month, Number(m[3]), m[4]);
    }
  } else {
    for (const m of matchesOf(MONTH_FIRST, text)) add(MONTHS.get((m[1] ?? '').toLowerCase()), Number(m[2]), m[3]);
  }
  for (const m of matchesOf(DAY_FIRST, text)) add(MONTHS.get((m[2] ?? '').toLowerCase()), Number(m[1]), m[3]);
  // A "-" joins every ISO date: most texts have none.
  if (text.includes('-')) for (const m of matchesOf(ISO, text)) add(Number(m[2]), Number(m[3]), m[1]);
  return out;
}

/** `text` with every date {@link dateKeys} reads (with `ranges`, every range of days too) blanked out, each replaced by one space. */
export function withoutDates(text: string, ranges = false): string {
  let out = withAsciiHyphens(text).replace(ranges ? MONTH_FIRST_RANGE : MONTH_FIRST, ' ').replace(DAY_FIRST, ' ');
  if (out.includes('-')) out = out.replace(ISO, ' ');
  return out;
}

/** The specifics of a claim's text, lower case: its date keys and its codes. */
export function claimSpecifics(text: string): Set<string> {
  const out = new Set<string>(dateKeys(text));
  for (const m of matchesOf(WORD, text)) if (isCode(m[0])) out.add(m[0].toLowerCase());
  return out;
}
