/**
 * Internal: text of content parts, and removal of thinking spans from what the assistant said.
 */

/**
 * Join the text of consecutive text parts. Parts that already meet at whitespace, or that carry
 * citations (Anthropic splits one sentence into cited pieces), are concatenated as they are; other
 * neighbours are separated by a newline so words of separate parts never run together.
 */
export function joinTextParts(parts: readonly { text: string; cited: boolean }[]): string {
  let out = '';
  let prevCited = false;
  for (const part of parts) {
    const glue = out === '' || prevCited || part.cited || /\s$/.test(out) || /^\s/.test(part.text);
    out += glue ? part.text : `\n${part.text}`;
    prevCited = part.cited;
  }
  return out;
}

const openTag = /<(think|thinking)(?:\s[^<>]*)?>/gi;

/**
 * Remove `<thinking>…</thinking>` (and `<think>…</think>`) spans, case-insensitive. An opening tag
 * never closed hides the rest of the text; a closing tag never opened hides everything before it
 * (models whose template opens the thinking span in the prompt). Returns the trimmed remainder.
 */
export function stripThinking(text: string): string {
  let out = dropBeforeStrayClose(text);
  let from = 0;
  for (;;) {
    openTag.lastIndex = from;
    const open = openTag.exec(out);
    if (open === null) break;
    const close = new RegExp(`</${open[1] ?? 'thinking'}\\s*>`, 'gi');
    close.lastIndex = open.index + open[0].length;
    const end = close.exec(out);
    const stop = end === null ? out.length : end.index + end[0].length;
    out = out.slice(0, open.index) + out.slice(stop);
    from = open.index;
  }
  return out.trim();
}

/** When the first thinking tag in the text is a closing one, drop everything up to and including it. */
function dropBeforeStrayClose(text: string): string {
  const firstTag = /<\/?(?:think|thinking)(?:\s[^<>]*)?>/i.exec(text);
  if (firstTag === null || !firstTag[0].startsWith('</')) return text;
  return text.slice(firstTag.index + firstTag[0].length);
}
