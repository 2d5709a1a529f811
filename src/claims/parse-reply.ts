/**
 * Stage 1 of reading a reply: the parse. Markdown is cleaned into lines (code, quotes and drafts dropped,
 * `_markdown.ts`), lines are cut into sentences, sentences into clauses, clauses into lower-case words
 * (`_tokens.ts`). Every later stage reads this one parse and never goes back to the text: the claims
 * (`extract-claims.ts`), the denials (`read-denials.ts`), and through them matching and judging
 * (`match-tool.ts`, `judge-reply.ts`).
 *
 *     reply ─ parseReply ─▶ ParsedReply ─┬─ readClaims ──▶ claims ─ matchTool ─ judgeReply ─▶ receipt
 *                                        └─ readDenials ─▶ denials ─ deniedButRan ─────────┘
 *
 * Clauses are cut on first use, once per sentence: the claim reader cuts only the sentences its trigger
 * lets through, the denial reader every sentence that is not a question, and neither cuts one twice.
 */
import { cleanReply, type ReplyLine } from './_markdown.js';
import { lineSentences, splitClauses, tokenize, type Sentence } from './_tokens.js';

/** A clause of a sentence: its text and its lower-case words (contractions expanded, see `tokenize`). */
export interface ParsedClause {
  readonly text: string;
  readonly words: readonly string[];
}

/** A sentence of a reply line, with its clauses. */
export interface ParsedSentence extends Sentence {
  /** The sentence's clauses in order (cut at conjunctions, dashes, colons, semicolons and verb lists), cut on first read. */
  readonly clauses: readonly ParsedClause[];
}

/** A cleaned line of a reply and its sentences. A table row has none: it is data, read through its status label only. */
export interface ParsedLine extends ReplyLine {
  readonly sentences: readonly ParsedSentence[];
}

/** One reply, parsed. */
export interface ParsedReply {
  /** The reply as given. */
  readonly text: string;
  readonly lines: readonly ParsedLine[];
}

class LazySentence implements ParsedSentence {
  private cut: ParsedClause[] | undefined = undefined;
  constructor(
    readonly text: string,
    readonly question: boolean,
  ) {}
  get clauses(): readonly ParsedClause[] {
    return (this.cut ??= splitClauses(this.text).map((text) => ({ text, words: tokenize(text) })));
  }
}

/** Parse one reply. Deterministic, no I/O; linear in the reply length (each step is). */
export function parseReply(text: string): ParsedReply {
  const lines = cleanReply(text).map((line): ParsedLine => ({ text: line.text, status: line.status, item: line.item, table: line.table, sentences: line.table ? [] : sentencesOf(line) }));
  return { text, lines };
}

/** The sentences of a cleaned line, as `splitSentences` cuts them: `cleanReply` leaves no run of two spaces in a line. */
function sentencesOf(line: ReplyLine): ParsedSentence[] {
  return lineSentences(line.text, false, makeSentence);
}

function makeSentence(text: string, question: boolean): ParsedSentence {
  return new LazySentence(text, question);
}
