/**
 * Internal: the `--since` value of `claimcheck stats` and `claimcheck export`: a duration back from now
 * (`30m`, `24h`, `7d`, `2w`, also `45s`) or a date (`2024-05-01`) or date-time (`2024-05-01T09:30`,
 * `2024-05-01 09:30:00Z`, `2024-05-01T09:30:00+02:00`). A date, or a date-time without an offset, is
 * local time, like the times the commands print.
 */
import { ClaimcheckError } from '../errors.js';

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const DURATION = /^(\d{1,9})\s?([smhdw])$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The epoch milliseconds `text` stands for.
 * @param now The time a duration counts back from, epoch milliseconds. Default `Date.now()`.
 * @throws ClaimcheckError `invalid_options` for anything else (a zero duration, an unknown unit, an
 *   impossible date such as `2024-02-30`), with a message listing the accepted forms.
 */
export function parseSince(text: string, now: number = Date.now()): number {
  const value = text.trim();
  const duration = DURATION.exec(value);
  if (duration !== null) {
    const amount = Number(duration[1]);
    if (amount > 0) return now - amount * UNIT_MS[duration[2] as keyof typeof UNIT_MS];
    throw invalid(text, 'a duration must be more than zero');
  }
  const date = DATE.exec(value);
  if (date !== null) {
    const [y, m, d] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const local = new Date(y, m - 1, d);
    if (local.getFullYear() === y && local.getMonth() === m - 1 && local.getDate() === d) return local.getTime();
    throw invalid(text, 'no such date');
  }
  if (DATE_TIME.test(value)) {
    const ms = Date.parse(value.replace(' ', 'T'));
    // Date.parse rolls 2024-02-30 over to March 1st; a round trip of the date part catches it.
    const day = value.slice(0, 10);
    if (Number.isFinite(ms) && validDay(day)) return ms;
    throw invalid(text, 'no such date or time');
  }
  throw invalid(text, 'not a duration or a date');
}

/**
 * The milliseconds of a duration (`12h`, `30d`, `4w`; units s, m, h, d, w), for `--older-than`.
 * @throws ClaimcheckError `invalid_options` for anything else or a zero duration, naming `flag`.
 */
export function parseDuration(text: string, flag: string): number {
  const duration = DURATION.exec(String(text).trim());
  const amount = Number(duration?.[1]);
  if (duration !== null && amount > 0) return amount * UNIT_MS[duration[2] as keyof typeof UNIT_MS];
  throw new ClaimcheckError(
    'invalid_options',
    `${flag} ${JSON.stringify(text)}: ${duration === null ? 'not a duration' : 'a duration must be more than zero'}. Use a whole number and a unit: 12h, 30d, 4w (units s, m, h, d, w).`,
    { data: { flag, value: text } },
  );
}

function validDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(y, m - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
}

function invalid(text: string, why: string): ClaimcheckError {
  return new ClaimcheckError(
    'invalid_options',
    `--since ${JSON.stringify(text)}: ${why}. Use a duration back from now (30m, 24h, 7d, 2w; units s, m, h, d, w) or a local date or date-time (2024-05-01, 2024-05-01T09:30, or with Z or +02:00).`,
    { data: { since: text } },
  );
}
