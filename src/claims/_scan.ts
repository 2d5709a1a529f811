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

/** Markdown links `[text](url)` → `text`. */
export function unlink(text: string): string {
  let out = '';
  let i = 0;
  for (let mid = text.indexOf('](', i); mid !== -1; mid = text.indexOf('](', i)) {
    const open = text.lastIndexOf('[', mid);
    const close = text.indexOf(')', mid + 2);
    if (open < i || close === -1 || text.slice(open + 1, mid).includes('\n')) {
      out += text.slice(i, mid + 2);
      i = mid + 2;
      continue;
    }
    out += text.slice(i, open) + text.slice(open + 1, mid);
    i = close + 1;
  }
  return out + text.slice(i);
}

const QUOTE_PAIRS: ReadonlyMap<string, string> = new Map([
  ['"', '"'],
  ['“', '”'],
  ['«', '»'],
]);

/** Replace each double-quoted span (on one line) with `replacement`: quoted text is not the agent's statement. */
export function unquote(text: string, replacement: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    const closer = QUOTE_PAIRS.get(ch);
    if (closer !== undefined) {
      const end = text.indexOf(closer, i + 1);
      const newline = text.indexOf('\n', i + 1);
      if (end !== -1 && (newline === -1 || end < newline)) {
        out += replacement;
        i = end + 1;
        continue;
      }
    }
    out += ch;
    i++;
  }
  return out;
}
