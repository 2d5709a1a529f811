/**
 * The input limit of the claim checker: the longest reply, request or message text it reads. Reading is
 * linear in the text's length (`npm run bench`, "claim pipeline scaling"), so the limit bounds the time
 * and memory one call may take; beyond it the call throws instead of working for seconds on one reply.
 */
import { ClaimcheckError } from './errors.js';

/**
 * 8,388,608 characters (UTF-16 code units, as `string.length` counts them): 8 MiB of ASCII text, above the
 * 5 MB reply that test/fuzz-check.test.ts checks.
 */
export const MAX_TEXT_LENGTH = 8 * 1024 * 1024;

/**
 * Throws when `text` is longer than {@link MAX_TEXT_LENGTH}.
 * @param what Names the text in the message ("The reply", "Message 3's text").
 * @throws ClaimcheckError `input_too_large` with `data: { length, limit }`.
 */
export function assertTextLength(text: string, what: string): void {
  if (text.length <= MAX_TEXT_LENGTH) return;
  const n = (x: number): string => x.toLocaleString('en-US');
  throw new ClaimcheckError<{ length: number; limit: number }>(
    'input_too_large',
    `${what} is ${n(text.length)} characters long; claimcheck reads at most ${n(MAX_TEXT_LENGTH)} (8 MiB) per reply, request or message. Check a longer text in parts, e.g. one section at a time.`,
    { data: { length: text.length, limit: MAX_TEXT_LENGTH } },
  );
}
