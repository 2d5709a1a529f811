/**
 * Hand-written linear scans for the few jobs whose regular expressions would backtrack
 * (trailing runs, bounded spans, emails). Each function visits every character a bounded number of times.
 */

/** `s` without trailing characters from `chars`. */
export function trimEnd(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1] ?? '')) end--;
  return end === s.length ? s : s.slice(0, end);
}

const LOCAL = /[A-Za-z0-9._%+-]/;
const DOMAIN = /[A-Za-z0-9.-]/;

/** Email addresses in `text`, lower case, each once: expands left and right from every "@". */
export function scanEmails(text: string): string[] {
  const out = new Set<string>();
  let lastEnd = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > lastEnd && at - start < 64 && LOCAL.test(text[start - 1] ?? '')) start--;
    let end = at + 1;
    while (end < text.length && end - at < 254 && DOMAIN.test(text[end] ?? '')) end++;
    const domain = trimEnd(text.slice(at + 1, end), '.-');
    if (start === at || !/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(domain.length <= 253 ? domain : '')) continue;
    out.add(`${text.slice(start, at)}@${domain}`.toLowerCase());
    lastEnd = at + 1 + domain.length;
  }
  return [...out];
}

/**
 * `text.indexOf(search, from)` for calls whose `from` never decreases: each answer is kept until the
 * scan passes it, so a run of openers without a closer searches the rest of the text once, not once per opener.
 */
function forwardSearch(text: string): (search: string, from: number) => number {
  const known = new Map<string, number>();
  return (search, from) => {
    const at = known.get(search);
    if (at !== undefined && (at === -1 || at >= from)) return at;
    const found = text.indexOf(search, from);
    known.set(search, found);
    return found;
  };
}

/** Markdown links `[text](url)` → `text`. */
export function unlink(text: string): string {
  const out: string[] = [];
  let copied = 0;
  let i = 0;
  const next = forwardSearch(text);
  for (let mid = text.indexOf('](', i); mid !== -1; mid = text.indexOf('](', i)) {
    // The last "[" between the previous link (or skipped "](") and this one: the spans searched never overlap.
    const back = text.slice(i, mid).lastIndexOf('[');
    const open = back === -1 ? -1 : i + back;
    const close = next(')', mid + 2);
    if (open < i || close === -1 || text.slice(open + 1, mid).includes('\n')) {
      i = mid + 2;
      continue;
    }
    out.push(text.slice(copied, open), text.slice(open + 1, mid));
    copied = i = close + 1;
  }
  out.push(text.slice(copied));
  return out.join('');
}

/** Opening double quote (char code) → its closing quote. */
const QUOTE_PAIRS: ReadonlyMap<number, string> = new Map([
  [0x22, '"'], // "…"
  [0x201c, '”'], // “…”
  [0xab, '»'], // «…»
]);

/** Replace each double-quoted span (on one line) with `replacement`: quoted text is not the agent's statement. */
export function unquote(text: string, replacement: string): string {
  const out: string[] = [];
  let copied = 0;
  // Spans that follow each other with nothing between are replaced in one piece ("""" → two replacements):
  // the pieces a crafted run of quotes would leave stay few.
  let run = 0;
  const next = forwardSearch(text);
  for (let i = 0; i < text.length; i++) {
    const closer = QUOTE_PAIRS.get(text.charCodeAt(i));
    if (closer === undefined) continue;
    const end = next(closer, i + 1);
    const newline = next('\n', i + 1);
    if (end !== -1 && (newline === -1 || end < newline)) {
      if (i > copied) {
        if (run > 0) out.push(replacement.repeat(run));
        run = 0;
        out.push(text.slice(copied, i));
      }
      run++;
      copied = end + 1;
      i = end;
    }
  }
  if (run > 0) out.push(replacement.repeat(run));
  out.push(text.slice(copied));
  return out.join('');
}

/**
 * Replace each single-quoted span (on one line) with `replacement`, as {@link unquote} does for double
 * quotes. A single quote is also an apostrophe ("I'm", "the customers' orders"), so a quote opens only at
 * the start of a word (after a space, the line's start, or one of `:([—`) before a non-space, and closes
 * only after a non-space where no letter or digit follows: "How about: 'Hi team, I'm late.'" quotes one
 * span, "the users' data" none. `'…'` and `‘…’` pair with themselves.
 */
export function unquoteSingle(text: string, replacement: string): string {
  // Most single quotes are apostrophes ("I'm"): a text where none opens a quote is left as it is.
  if (!opensAnyQuote(text, "'") && !opensAnyQuote(text, '‘')) return text;
  const out: string[] = [];
  let copied = 0;
  const next = forwardSearch(text);
  // The next closing quote at or after a position, per kind: positions only grow, so each scan resumes
  // where the last stopped and every character is visited once per kind.
  const closers = new Map<number, { at: number; found: number }>();
  const closerFrom = (quote: number, from: number): number => {
    let known = closers.get(quote);
    if (known === undefined) closers.set(quote, (known = { at: 0, found: -1 }));
    if (known.found >= from) return known.found;
    let j = Math.max(from, known.at);
    while (j < text.length && !(text.charCodeAt(j) === quote && !isSpace(text.charCodeAt(j - 1)) && !isWordChar(text.charCodeAt(j + 1)))) j++;
    known.at = j;
    known.found = j < text.length ? j : -1;
    return known.found;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const closer = c === 0x27 ? 0x27 : c === 0x2018 ? 0x2019 : -1;
    if (closer === -1 || !opensQuote(text, i)) continue;
    const end = closerFrom(closer, i + 2);
    if (end === -1) continue;
    const newline = next('\n', i + 1);
    if (newline !== -1 && newline < end) continue;
    out.push(text.slice(copied, i), replacement);
    copied = end + 1;
    i = end;
  }
  out.push(text.slice(copied));
  return out.join('');
}

/** Some `quote` in `text` opens a quoted span ({@link opensQuote}); found with `indexOf`, quote by quote. */
function opensAnyQuote(text: string, quote: string): boolean {
  for (let i = text.indexOf(quote); i !== -1; i = text.indexOf(quote, i + 1)) if (opensQuote(text, i)) return true;
  return false;
}

/** A quote at `i` starts a word: the line's start, a space or an opening mark before it, a non-space after it. */
function opensQuote(text: string, i: number): boolean {
  const after = text.charCodeAt(i + 1);
  if (Number.isNaN(after) || isSpace(after)) return false;
  if (i === 0) return true;
  const before = text.charCodeAt(i - 1);
  return isSpace(before) || before === 0x3a || before === 0x28 || before === 0x5b || before === 0x2014;
}

/** A letter or digit of any script (an apostrophe between two of them is inside a word). */
function isWordChar(c: number): boolean {
  if (Number.isNaN(c)) return false;
  if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return true;
  return c > 127 && /[\p{L}\p{N}]/u.test(String.fromCharCode(c));
}

/** The characters of `\s` (and of `String.prototype.trim`), by char code. */
export function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Index of the first character of `text` that is not a space ({@link isSpace}); `text.length` when there is none. */
export function firstNonSpace(text: string): number {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * `text.replace(/\s+/g, ' ').trim()` in one pass into one {@link UnitWriter}: the regular expression allocates per
 * run, which on a line of a million short runs ("✅ ✅ ✅…") costs far more than the characters.
 */
export function squeezeSpaces(text: string): string {
  if (squeezed(text)) return text;
  const out = new UnitWriter();
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      space = out.length > 0;
      continue;
    }
    if (space) {
      out.write(32);
      space = false;
    }
    out.write(c);
  }
  return out.text();
}

/** Emphasis markers: "**", "__", "~~", "*". */
const EMPHASIS = /(\*\*|__|~~|\*)/g;
/**
 * The length from which {@link dropEmphasis} and {@link replaceAllLiteral} write through a {@link UnitWriter}: below it
 * a native `replace` is faster (on the lines with emphasis of the tau, API-Bank and ToolTalk replies, 42 characters on
 * average, about 120-200 ns a line against the scan's 340-550) and the chain it builds is at most a few hundred KB.
 */
const BUFFERED_FROM = 8192;

/**
 * `text.replace(/(\*\*|__|~~|\*)/g, '')`: emphasis markers dropped, leftmost first (every "*", and "_" and "~"
 * in pairs). A long text is scanned in one pass into one {@link UnitWriter} instead: V8 builds the result of a
 * global `replace` with a string one match at a time, as a chain of cons strings (32 bytes a match) all alive
 * until the replace returns: a line of half a million markers ("*_*_…") left 16 MB of young objects for every
 * young-generation collection to copy, and check() of it took 20 to 120 ms, by the heap it met more than by its length.
 */
export function dropEmphasis(text: string): string {
  if (text.length < BUFFERED_FROM) return text.replace(EMPHASIS, '');
  const out = new UnitWriter();
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // "*" (and "**"): gone. "__", "~~": gone in pairs, a lone "_" or "~" stays.
    if (c === 0x2a) {
      if (text.charCodeAt(i + 1) === 0x2a) i++;
      continue;
    }
    if ((c === 0x5f || c === 0x7e) && text.charCodeAt(i + 1) === c) {
      i++;
      continue;
    }
    out.write(c);
  }
  return out.text();
}

/**
 * `text.replace(pattern, replacement)` for a global `pattern` and a `replacement` written as it is (no `$`
 * patterns). From {@link BUFFERED_FROM} characters the result is written through one {@link UnitWriter}: a
 * native global `replace` holds a cons string per match until it returns (see {@link dropEmphasis}), and a line of
 * half a million status marks ("✅ ✅ …") left 64 MB of them. A match of the empty string falls back to `replace`.
 * @throws TypeError when `pattern` is not global, or `replacement` holds a `$`.
 */
export function replaceAllLiteral(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.global) throw new TypeError(`replaceAllLiteral needs a global regular expression, got ${String(pattern)}`);
  if (replacement.includes('$')) throw new TypeError(`replaceAllLiteral writes its replacement as it is: "${replacement}" holds a "$"`);
  if (text.length < BUFFERED_FROM) return text.replace(pattern, replacement);
  const out = new UnitWriter();
  let from = 0;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (m[0] === '') {
      pattern.lastIndex = 0;
      return text.replace(pattern, replacement);
    }
    for (let i = from; i < m.index; i++) out.write(text.charCodeAt(i));
    for (let i = 0; i < replacement.length; i++) out.write(replacement.charCodeAt(i));
    from = m.index + m[0].length;
  }
  pattern.lastIndex = 0;
  for (let i = from; i < text.length; i++) out.write(text.charCodeAt(i));
  return out.text();
}

/** The most code units a {@link UnitWriter} buffers, and the arguments one `String.fromCharCode` call can safely take. */
const UNITS_PER_PIECE = 8192;
/** The buffer every {@link UnitWriter} writes to: one writes at a time (its text is read before the next starts). */
const UNITS = new Uint16Array(UNITS_PER_PIECE);

/**
 * A string written one code unit at a time, through one shared buffer of {@link UNITS_PER_PIECE} units that becomes a
 * piece of the string each time it fills. A buffer as long as a million-character line would be a large object, its
 * pages faulted in and zeroed on every call (1 to 5 ms for 2 MB on the bench machine, where one pass over the line's
 * characters takes about 4); one per short line costs more than the line (about half a microsecond to allocate). The
 * buffer is passed to `String.fromCharCode` with `Reflect.apply`, not spread: spreading a typed array walks its
 * iterator, one result object per code unit.
 */
class UnitWriter {
  private readonly pieces: string[] = [];
  private filled = 0;
  private written = 0;

  /** Units written so far. */
  get length(): number {
    return this.written;
  }

  /** Append one code unit. */
  write(code: number): void {
    if (this.filled === UNITS_PER_PIECE) {
      this.pieces.push(Reflect.apply(String.fromCharCode, null, UNITS) as string);
      this.filled = 0;
    }
    UNITS[this.filled++] = code;
    this.written++;
  }

  /** The text written. */
  text(): string {
    const last = Reflect.apply(String.fromCharCode, null, UNITS.subarray(0, this.filled)) as string;
    if (this.pieces.length === 0) return last;
    this.pieces.push(last);
    return this.pieces.join('');
  }
}

/** True when `text` has no space to squeeze: no leading, trailing or repeated space, no space but ' '. */
function squeezed(text: string): boolean {
  return !LOOSE.test(text);
}
/** A leading, trailing or repeated space, or a space that is not ' ' (`\s`: the characters of {@link isSpace}). */
const LOOSE = /^ | $| {2}|[^\S ]/;

/**
 * The texts quoted on one line of `text`, in order: `"…"`, `“…”`, `` `…` `` and `'…'` whose quotes are not inside a
 * word (no letter before the opening one, none after the closing one: "the user's 'Q3 plan'" quotes one span). A pair
 * of quotes is read as a pair whatever it holds, and kept when it holds 3 to `max` characters; a quote without a
 * closing one on its line opens nothing. Linear: the next closing quote of each kind is searched once per position
 * the scan passes.
 */
export function quotedSpans(text: string, max = 400): string[] {
  const out: string[] = [];
  const next = forwardSearch(text);
  // Straight single quotes close only where no ASCII letter follows: the search resumes where it stopped.
  let singleAt = 0;
  let singleFound = -1;
  const singleFrom = (from: number): number => {
    if (singleFound >= from) return singleFound;
    let j = Math.max(from, singleAt);
    while (j < text.length && !(text.charCodeAt(j) === 0x27 && !isAsciiLetter(text.charCodeAt(j + 1)))) j++;
    singleAt = j;
    singleFound = j < text.length ? j : -1;
    return singleFound;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let end: number;
    if (c === 0x22) end = next('"', i + 1);
    else if (c === 0x201c) end = next('”', i + 1);
    else if (c === 0x60) end = next('`', i + 1);
    else if (c === 0x27 && !isAsciiLetter(text.charCodeAt(i - 1))) end = singleFrom(i + 1);
    else continue;
    if (end === -1) continue;
    const newline = next('\n', i + 1);
    if (newline !== -1 && newline < end) continue;
    const length = end - i - 1;
    if (length >= 3 && length <= max) out.push(text.slice(i + 1, end));
    i = end;
  }
  return out;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
