/**
 * Markdown-aware cleanup of an assistant reply into plain lines the claim extractor can read.
 *
 * Removes what is not the agent's own statement: fenced code blocks, block quotes, quoted text (double
 * or single quotes), and the block that follows a line introducing a draft ("Here's a draft you can paste:").
 * Flattens what is: list bullets, headings, emphasis, links, tables (one line per row, cells joined
 * with " — "), checklists. Every pattern here is linear-time (no nested quantifiers).
 */
import { DRAFT_CUES, STATUS_MARKS } from './lexicon.js';
import { squeezeSpaces, unlink, unquote, unquoteSingle } from './_scan.js';

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
const NOT_SPACE = /\S/;
const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;
const QUOTE_LINE = /^\s*>/;
const BULLET = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/;
const HEADING = /^\s*#{1,6}\s+/;
const CHECKBOX = /^\[( |x|X)\]\s*/;
const TABLE_SEPARATOR = /^[\s|:-]+$/;
const EMPHASIS = /(\*\*|__|~~|\*)/g;
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
    const at = line.search(NOT_SPACE);
    const first = at === -1 ? undefined : line[at];
    if ((first === '`' || first === '~') && FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (first === undefined) {
      // A draft introduced by "...:" runs to the first blank line after some of its content.
      if (inDraft && draftHasContent && !draftRuled) inDraft = false;
      continue;
    }
    if (first === '>' && QUOTE_LINE.test(line)) continue;
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
    const cleaned = cleanLine(line);
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

const LINE_MARKERS = new Set(['#', '-', '*', '+', '•', '|', '[', ':', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
const STATUS_MARK = new RegExp(STATUS_MARKS.map((m) => m.replace(/[[\]]/g, '\\$&')).join('|'));

function cleanLine(line: string): ReplyLine | null {
  let text = line.trim();
  let status = false;
  // Block markers (headings, bullets, tables, checkboxes) can only open a line.
  if (LINE_MARKERS.has(text[0] ?? '')) return cleanMarkedLine(text);
  text = inline(text);
  if (STATUS_MARK.test(text)) {
    status = true;
    text = text.replace(STATUS_MARK_ALL, ' ✅ ');
  }
  if (text.includes('  ') || text.includes('\t')) text = squeezeSpaces(text);
  if (text === '') return null;
  return { text, status, item: false, table: false };
}

const STATUS_MARK_ALL = new RegExp(STATUS_MARK.source, 'g');

/** Emphasis, links, inline code and quoted text, each only when its marker is present. */
function inline(text: string): string {
  // Which markers the line holds, in one pass: most lines hold none, or only an apostrophe.
  let marks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    marks |= c < 128 ? (ASCII_MARKER_BITS[c] ?? 0) : (MARKER_BITS.get(c) ?? 0);
  }
  if (marks === 0) return text;
  let t = text;
  if (marks & CODE) t = t.replace(INLINE_CODE, '$1');
  if (marks & LINK && t.includes('](')) t = unlink(t);
  if (marks & EMPHASIS_MARK && (t.includes('*') || t.includes('__') || t.includes('~~'))) t = t.replace(EMPHASIS, '');
  if (marks & DOUBLE_QUOTE) t = unquote(t, '"[quote]"');
  if (marks & SINGLE_QUOTE && (t.includes("'") || t.includes('‘'))) t = unquoteSingle(t, '"[quote]"');
  return t;
}

const CODE = 1;
const LINK = 2;
const EMPHASIS_MARK = 4;
const DOUBLE_QUOTE = 8;
const SINGLE_QUOTE = 16;
/** Char code → the inline marker it may open. */
const MARKER_BITS: ReadonlyMap<number, number> = new Map([
  ['`', CODE], [']', LINK], ['*', EMPHASIS_MARK], ['_', EMPHASIS_MARK], ['~', EMPHASIS_MARK],
  ['"', DOUBLE_QUOTE], ['“', DOUBLE_QUOTE], ['«', DOUBLE_QUOTE], ["'", SINGLE_QUOTE], ['‘', SINGLE_QUOTE],
].map(([c, bit]) => [(c as string).charCodeAt(0), bit as number]));
const ASCII_MARKER_BITS = new Uint8Array(128);
for (const [c, bit] of MARKER_BITS) if (c < 128) ASCII_MARKER_BITS[c] = bit;

function cleanMarkedLine(line: string): ReplyLine | null {
  let text = line;
  let item = false;
  let status = false;
  let table = false;
  if (text.includes('--') && TABLE_SEPARATOR.test(text)) return null;
  if (text.trimStart().startsWith('|')) {
    item = true;
    table = true;
    text = text
      .split('|')
      .map((c) => c.trim())
      .filter((c) => c !== '')
      .join(' — ');
  }
  if (HEADING.test(text)) text = text.replace(HEADING, '');
  if (BULLET.test(text)) {
    item = true;
    text = text.replace(BULLET, '');
  }
  if (CHECKBOX.test(text)) {
    status = /^\[(x|X)\]/.test(text);
    item = true;
    text = text.replace(CHECKBOX, '');
  }
  text = inline(text);
  if (STATUS_MARK.test(text)) {
    status = true;
    text = text.replace(STATUS_MARK_ALL, ' ✅ ');
  }
  text = squeezeSpaces(text);
  if (text === '') return null;
  return { text, status, item, table };
}

function introducesDraft(text: string): boolean {
  const trimmed = text.trimEnd();
  if (!trimmed.endsWith(':')) return false;
  return DRAFT_CUE.test(trimmed);
}

/** The draft cues as one alternation of literals (linear time), any case. */
const DRAFT_CUE = new RegExp(DRAFT_CUES.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');
