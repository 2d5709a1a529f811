/**
 * Internal: the quoted names and titles a claim states, and whether a text a call recorded agrees with one (corpus
 * README, values a claim states: "a quoted name or title ('Buy white wine' is now a subtask)"; "names and titles
 * compared loosely: case, punctuation and an added or dropped word aside").
 */
import type { ParsedReply } from './parse-reply.js';
import { quotedTexts } from './_call-evidence.js';
import { looseWords } from './_typed-values.js';
import { STOPWORDS } from './lexicon.js';

/** What the reply's cleaning writes in place of a quoted span (`_markdown.ts`). */
const PLACEHOLDER = '"[quote]"';

/** How many times `part` occurs in `text`, without overlaps. */
function occurrences(text: string, part: string): number {
  let n = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) n++;
  return n;
}

/**
 * The quoted text of each clause of a reply: the texts the cleaning replaced by a placeholder (quoted spans that are
 * still in the cleaned text, such as back-quoted paths, are not), handed out in reply order to the placeholders of the
 * sentences; a clause has the quote of a sentence that holds one and only one, or the quote it opens with. Answers nothing (`[]`) when the
 * placeholders and the quoted texts cannot be paired one to one.
 */
export function claimQuotes(parsed: ParsedReply): (sentence: string, clause: string) => readonly QuotedTitle[] {
  if (!parsed.text.includes('"') && !parsed.text.includes("'") && !parsed.text.includes('“') && !parsed.text.includes('‘')) return NONE;
  const cleaned = parsed.lines.map((l) => l.text).join('\n');
  const placeholders = occurrences(cleaned, PLACEHOLDER);
  if (placeholders === 0) return NONE;
  const lower = cleaned.toLowerCase();
  const quotes = quotedTexts(parsed.text).filter((q) => !lower.includes(q));
  if (quotes.length !== placeholders) return NONE;
  const bySentence = new Map<string, string[]>();
  let next = 0;
  for (const line of parsed.lines) {
    for (const sentence of line.sentences) {
      const n = occurrences(sentence.text, PLACEHOLDER);
      if (n > 0 && !bySentence.has(sentence.text)) bySentence.set(sentence.text, quotes.slice(next, next + n));
      next += n;
    }
  }
  return (sentence, clause) => {
    const own = bySentence.get(sentence);
    if (own === undefined || !clause.includes(PLACEHOLDER)) return [];
    // A sentence that quotes two texts may name other records by the others ("scheduled 'Follow-up' with the
    // participants of 'Kickoff'"): only a sentence's one quote is judged, as only its one amount is, or the quote
    // that opens its clause as the subject ("'Buy white wine' is now a subtask of 'Bring wine to happy hour'").
    let quote: string;
    if (own.length === 1) quote = own[0] as string;
    else if (clause.trimStart().startsWith(PLACEHOLDER)) {
      const at = sentence.indexOf(clause);
      if (at === -1) return [];
      quote = own[occurrences(sentence.slice(0, at), PLACEHOLDER)] ?? '';
      if (quote === '') return [];
      return [{ quote }];
    } else return [];
    const noun = lastWord(clause.slice(0, clause.indexOf(PLACEHOLDER)));
    return [noun === undefined || STOPWORDS.has(noun) || NAMING.has(noun) ? { quote } : { quote, noun }];
  };
}
const NONE = (): readonly QuotedTitle[] => [];

/** The word of letters that ends a text, lower case, past spaces and punctuation ("the document (" → "document"; "WEB-2291, " → none). */
function lastWord(text: string): string | undefined {
  const letter = (i: number): boolean => /[a-z]/i.test(text[i] ?? '');
  let end = text.length;
  while (end > 0 && /[\s,:;(*_—–-]/.test(text[end - 1] ?? '')) end--;
  let start = end;
  while (start > 0 && letter(start - 1)) start--;
  return start === end ? undefined : text.slice(start, end).toLowerCase();
}

/** A quoted text a clause states, and the noun right before it that says what it names ("the document 'Q3 plan'"). */
export interface QuotedTitle {
  /** Lower case, spaces squeezed. */
  quote: string;
  /** The content word right before the quote, lower case, when one is there (not "the", "for", "titled"). */
  noun?: string;
}

/** Words that introduce a name without saying what it names ("titled 'Q3'", "called 'Q3'"). */
const NAMING: ReadonlySet<string> = new Set(['titled', 'entitled', 'called', 'named', 'labelled', 'labeled', 'reading', 'saying', 'says', 'said']);

/** Key words of a field that holds a name or title (`title`, `event_name`, `subject`). */
const TITLE_WORDS: ReadonlySet<string> = new Set(['title', 'name', 'subject', 'summary', 'label', 'heading', 'headline', 'caption']);

/** A key names a title field: one of its words (snake or camel case) is a {@link TITLE_WORDS} word. */
export function titleKey(key: string): boolean {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((w) => TITLE_WORDS.has(w));
}

/**
 * A quoted text agrees with a recorded text, both compared as loose words (case and punctuation aside): the same words;
 * one word added or dropped; the quote a run of the text's words ("Lantern Sessions" of "The Lantern Sessions: Late
 * Show"), or a text of two words or more a run of the quote's that holds at least half its words.
 */
export function titleAgrees(quote: string, recorded: string): boolean {
  const q = looseWords(quote);
  const r = looseWords(recorded);
  if (q === '' || r === '') return false;
  if (q === r || ` ${r} `.includes(` ${q} `)) return true;
  const qw = q.split(' ');
  const rw = r.split(' ');
  if (rw.length >= 2 && rw.length * 2 >= qw.length && ` ${q} `.includes(` ${r} `)) return true;
  return oneWordApart(qw, rw);
}

/** The longer list is the shorter with one word added. */
function oneWordApart(a: readonly string[], b: readonly string[]): boolean {
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1) return false;
  let i = 0;
  while (i < short.length && long[i] === short[i]) i++;
  for (let j = i; j < short.length; j++) if (long[j + 1] !== short[j]) return false;
  return true;
}
