/**
 * Markdown-aware cleanup of an assistant reply into plain lines the claim extractor can read.
 *
 * Removes what is not the agent's own statement: fenced code blocks, block quotes, quoted text (double
 * or single quotes), and the block that follows a line introducing a draft ("Here's a draft you can paste:").
 * Flattens what is: list bullets, headings, emphasis, links, tables (one line per row, cells joined
 * with " — "), checklists. Every pattern here is linear-time (no nested quantifiers).
 */
import { DRAFT_CUES, STATUS_MARKS } from './lexicon.js';
import { dropEmphasis, firstNonSpace, replaceAllLiteral, isSpace, squeezeSpaces, unlink, unquote, unquoteSingle } from './_scan.js';

/** One cleaned line of the reply. */
export interface ReplyLine {
  text: string;
  /** The line carried a status mark (✅, ☑, [x]) or was a checklist item. */
  status: boolean;
  /** The line is a list item or a table row. */
  item: boolean;
  /** The line is a table row (cells joined with " — "). */
  table: boolean;
}

const FENCE = /^\s*(```|~~~)/;
const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;
const BULLET = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/;
const HEADING = /^\s*#{1,6}\s+/;
const CHECKBOX = /^\[( |x|X)\]\s*/;
const TABLE_SEPARATOR = /^[\s|:-]+$/;
const INLINE_CODE = /`([^`\n]{0,400})`/g;

/** Split a reply into cleaned lines, dropping code, quotes and drafts. */
export function cleanReply(text: string): ReplyLine[] {
  const raw = (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).split('\n');
  const out: ReplyLine[] = [];
  let inFence = false;
  let inDraft = false;
  let draftHasContent = false;
  let draftRuled = false;
  for (const line of raw) {
    const at = firstNonSpace(line);
    // The line's first character that is not a space (char code), -1 on a blank line.
    const first = at === line.length ? -1 : line.charCodeAt(at);
    if ((first === 0x60 || first === 0x7e) && FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (first === -1) {
      // A draft introduced by "...:" runs to the first blank line after some of its content.
      if (inDraft && draftHasContent && !draftRuled) inDraft = false;
      continue;
    }
    // A block quote: "> …".
    if (first === 0x3e) continue;
    if (inDraft) {
      // A draft between horizontal rules runs to the closing rule, blank lines included.
      if (RULE.test(line)) {
        if (draftRuled) inDraft = false;
        else if (!draftHasContent) draftRuled = true;
      } else {
        draftHasContent = true;
      }
      continue;
    }
    const cleaned = cleanLine(line.trim());
    if (cleaned === null) continue;
    out.push(cleaned);
    if (introducesDraft(cleaned.text)) {
      inDraft = true;
      draftHasContent = false;
      draftRuled = false;
    }
  }
  return out;
}

/** Characters that open a block marker (heading, bullet, numbered item, table row, checkbox, definition), by char code. */
const LINE_MARKERS = new Set([...'#-*+•|[:0123456789'].map((c) => c.charCodeAt(0)));
const STATUS_MARK = new RegExp(STATUS_MARKS.map((m) => m.replace(/[[\]]/g, '\\$&')).join('|'));
const STATUS_MARK_ALL = new RegExp(STATUS_MARK.source, 'g');
/** A run of two spaces or a tab: what a line without block markers is squeezed for. */
const LOOSE_SPACE = / {2}|\t/;
/**
 * What {@link cleanLine} may change in a line without block markers: the first character (code unit) of an
 * inline marker or of a status mark, a tab, or two spaces. A line with none of them is its own cleaning.
 */
const CLEANABLE = new RegExp(`${cleanableClass(["'"])}| {2}`);
/** What {@link CLEANABLE} finds but an apostrophe: a line with none of it is cleaned by its single quotes alone. */
const CLEANABLE_BUT_APOSTROPHE = new RegExp(`${cleanableClass([])}| {2}`);
/**
 * What {@link cleanMarkedLine} may change in a line once its block markers are cut: what {@link CLEANABLE} finds, or a
 * space {@link squeezeSpaces} would squeeze (leading, trailing, or any space but " ").
 */
const MARKED_CLEANABLE = new RegExp(`${CLEANABLE.source}|[^\\S ]|^ | $`);

/** A character class of the first characters (code units) of the inline markers, the status marks and `extra`. */
function cleanableClass(extra: readonly string[]): string {
  const chars = ['`', ']', '*', '_', '~', '"', '“', '«', '‘', '\t', ...extra, ...STATUS_MARKS];
  return `[${chars.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}]`;
}

/** One trimmed, non-empty line of the reply, cleaned; `null` when nothing is left of it. */
function cleanLine(line: string): ReplyLine | null {
  // Block markers (headings, bullets, tables, checkboxes) can only open a line.
  if (LINE_MARKERS.has(line.charCodeAt(0))) return cleanMarkedLine(line);
  if (!CLEANABLE.test(line)) return { text: line, status: false, item: false, table: false };
  // Most lines that need cleaning hold only an apostrophe; quotes made "[quote]" leave no mark or run of spaces.
  if (!CLEANABLE_BUT_APOSTROPHE.test(line)) return { text: unquoteSingle(line, '"[quote]"'), status: false, item: false, table: false };
  let text = inline(line);
  let status = false;
  if (STATUS_MARK.test(text)) {
    status = true;
    text = replaceAllLiteral(text, STATUS_MARK_ALL, ' ✅ ');
  }
  if (LOOSE_SPACE.test(text)) text = squeezeSpaces(text);
  if (text === '') return null;
  return { text, status, item: false, table: false };
}

/**
 * Emphasis, links, inline code and quoted text, each only when its marker is present. Each step only drops
 * markers or writes `"[quote]"` in place of single and double quotes, so asking the text as it stands is
 * asking the line. Most lines hold no marker, or only an apostrophe: one native test says so.
 */
function inline(text: string): string {
  if (!INLINE_MARKER.test(text)) return text;
  let t = text;
  if (t.includes('`')) t = t.replace(INLINE_CODE, '$1');
  if (t.includes('](')) t = unlink(t);
  if (t.includes('*') || t.includes('__') || t.includes('~~')) t = dropEmphasis(t);
  if (DOUBLE_QUOTE.test(t)) t = unquote(t, '"[quote]"');
  if (t.includes("'") || t.includes('‘')) t = unquoteSingle(t, '"[quote]"');
  return t;
}

/** A character that may open an inline marker: code, link, emphasis, double or single quote. */
const INLINE_MARKER = /[`\]*_~"“«'‘]/;
const DOUBLE_QUOTE = /["“«]/;

/**
 * A trimmed line that opens with a block marker's character. Each step leaves the text without leading
 * space (cells are trimmed, markers are cut with the spaces after them), so a marker is asked for only
 * when its first character opens the text.
 */
function cleanMarkedLine(line: string): ReplyLine | null {
  let text = line;
  let item = false;
  let status = false;
  let table = false;
  if (text.includes('--') && TABLE_SEPARATOR.test(text)) return null;
  if (text.charCodeAt(0) === 0x7c) {
    item = true;
    table = true;
    text = text
      .split('|')
      .map((c) => c.trim())
      .filter((c) => c !== '')
      .join(' — ');
  }
  if (text.charCodeAt(0) === 0x23) text = cut(HEADING, text)?.rest ?? text;
  if (LINE_MARKERS.has(text.charCodeAt(0))) {
    const bullet = cut(BULLET, text);
    if (bullet !== null) {
      item = true;
      text = bullet.rest;
    }
  }
  if (text.charCodeAt(0) === 0x5b) {
    const box = cut(CHECKBOX, text);
    if (box !== null) {
      status = box.match[1] !== ' ';
      item = true;
      text = box.rest;
    }
  }
  // A line with no inline marker, status mark or space to squeeze is its own cleaning (most list items are).
  if (MARKED_CLEANABLE.test(text)) {
    text = inline(text);
    if (STATUS_MARK.test(text)) {
      status = true;
      text = replaceAllLiteral(text, STATUS_MARK_ALL, ' ✅ ');
    }
    text = squeezeSpaces(text);
  }
  if (text === '') return null;
  return { text, status, item, table };
}

/** The match of an anchored `marker` at the start of `text` and the text after it, or `null`. */
function cut(marker: RegExp, text: string): { match: RegExpExecArray; rest: string } | null {
  const match = marker.exec(text);
  return match === null ? null : { match, rest: text.slice(match[0].length) };
}

/** The line ends with ":" (spaces after it aside) and names a draft. */
function introducesDraft(text: string): boolean {
  let end = text.length - 1;
  while (end >= 0 && isSpace(text.charCodeAt(end))) end--;
  if (text.charCodeAt(end) !== 0x3a) return false;
  return DRAFT_CUE.test(text.trimEnd());
}

/** The draft cues as one alternation of literals (linear time), any case. */
const DRAFT_CUE = new RegExp(DRAFT_CUES.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');
