/**
 * Internal: end a message fragment as a sentence. Error text from elsewhere (Node.js, JSON.parse,
 * Ajv, our own `ClaimcheckError`s) may or may not end with a full stop; messages that quote it and go
 * on say it once: `cannot use --tools x: <cause>. It must be…`, never `<cause>.. It must be…`.
 */

/** Characters that already end a sentence. */
const ENDINGS = new Set(['.', '!', '?', '…']);

/** `text` without trailing whitespace, with a full stop added unless it already ends a sentence. */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  if (trimmed === '') return trimmed;
  return ENDINGS.has(trimmed.slice(-1)) ? trimmed : `${trimmed}.`;
}

/** The message of a thrown value (an `Error`'s `message`, else its string form), ended as a sentence. */
export function causeSentence(cause: unknown): string {
  return endSentence(cause instanceof Error ? cause.message : String(cause));
}
