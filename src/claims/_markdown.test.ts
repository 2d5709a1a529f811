import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanReply, type ReplyLine } from './_markdown.js';
import { squeezeSpaces, unlink, unquote, unquoteSingle } from './_scan.js';
import { STATUS_MARKS } from './lexicon.js';

// The cleaning of one line as it reads without its shortcuts: every marker asked for in turn.
const STATUS_MARK = new RegExp(STATUS_MARKS.map((m) => m.replace(/[[\]]/g, '\\$&')).join('|'));
const STATUS_MARK_ALL = new RegExp(STATUS_MARK.source, 'g');
const slowInline = (text: string): string => {
  let t = text.replace(/`([^`\n]{0,400})`/g, '$1');
  t = unlink(t).replace(/(\*\*|__|~~|\*)/g, '');
  return unquoteSingle(unquote(t, '"[quote]"'), '"[quote]"');
};
const marks = (text: string): { text: string; status: boolean } => (STATUS_MARK.test(text) ? { text: text.replace(STATUS_MARK_ALL, ' ✅ '), status: true } : { text, status: false });
function slowCleanLine(line: string): ReplyLine | null {
  if (!/^[#\-*+•|[:0-9]/.test(line)) {
    const { text, status } = marks(slowInline(line));
    const squeezed = / {2}|\t/.test(text) ? squeezeSpaces(text) : text;
    return squeezed === '' ? null : { text: squeezed, status, item: false, table: false };
  }
  let text = line;
  let item = false;
  let status = false;
  let table = false;
  if (/^[\s|:-]+$/.test(text) && text.includes('--')) return null;
  if (text.startsWith('|')) {
    item = table = true;
    text = text.split('|').map((c) => c.trim()).filter((c) => c !== '').join(' — ');
  }
  text = text.replace(/^\s*#{1,6}\s+/, '');
  const bullet = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/.exec(text);
  if (bullet !== null) {
    item = true;
    text = text.slice(bullet[0].length);
  }
  const box = /^\[( |x|X)\]\s*/.exec(text);
  if (box !== null) {
    status = box[1] !== ' ';
    item = true;
    text = text.slice(box[0].length);
  }
  const marked = marks(slowInline(text));
  text = squeezeSpaces(marked.text);
  return text === '' ? null : { text, status: status || marked.status, item, table };
}

describe('cleanReply', () => {
  it('cleans a line as every marker asked for in turn does', () => {
    const pieces = ['a', 'B', 'it', "'", "I'm", '‘', '’', '"', '“', '”', '«', '»', '*', '**', '_', '__', '~~', '`', '[', ']', '(', ')', '](', '[x]', '[ ]', '✅', '✔️', '☑', '🟢', '#', '- ', '* ', '1. ', '|', '--', ':', ' ', '  ', '\t', '\u00a0', '.', ',', '—'];
    const line = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 16 }).map((ps) => ps.join('').trim()).filter((l) => l !== '' && !l.startsWith('>') && !/^(```|~~~)/.test(l));
    fc.assert(
      fc.property(line, (l) => {
        const slow = slowCleanLine(l);
        expect(cleanReply(l), JSON.stringify(l)).toEqual(slow === null ? [] : [slow]);
      }),
      { numRuns: 30_000 },
    );
  });
});
