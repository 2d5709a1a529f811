/**
 * Internal: text of content parts, and removal of thinking spans from what the assistant said.
 */

/**
 * Join the text of consecutive text parts. Parts that already meet at whitespace, or that carry
 * citations (Anthropic splits one sentence into cited pieces), are concatenated as they are; other
 * neighbours are separated by a newline so words of separate parts never run together.
 */
export function joinTextParts(parts: readonly { text: string; cited: boolean }[]): string {
  // Pieces joined once at the end, and the trailing whitespace tracked per piece: testing the growing
  // text itself would read it once per part (quadratic in the number of parts).
  const pieces: string[] = [];
  let endsInSpace = false;
  let prevCited = false;
  for (const part of parts) {
    const glue = pieces.length === 0 || prevCited || part.cited || endsInSpace || /^\s/.test(part.text);
    const piece = glue ? part.text : `\n${part.text}`;
    if (piece !== '') {
      pieces.push(piece);
      endsInSpace = /\s$/.test(piece);
    }
    prevCited = part.cited;
  }
  return pieces.join('');
}

const openTag = /<(think|thinking)(?:\s[^<>]*)?>/gi;

/**
 * Remove `<thinking>…</thinking>` (and `<think>…</think>`) spans, case-insensitive. An opening tag
 * never closed hides the rest of the text; a closing tag never opened hides everything before it
 * (models whose template opens the thinking span in the prompt). Returns the trimmed remainder.
 */
export function stripThinking(text: string): string {
  // Every tag starts with "<": most replies have none, and one search finds that.
  if (!text.includes('<')) return text.trim();
  const source = dropBeforeStrayClose(text);
  // The kept stretches between spans, joined once: cutting each span out of the whole text would copy it once per span.
  const kept: string[] = [];
  let from = 0;
  for (;;) {
    openTag.lastIndex = from;
    const open = openTag.exec(source);
    if (open === null) break;
    const close = new RegExp(`</${open[1] ?? 'thinking'}\\s*>`, 'gi');
    close.lastIndex = open.index + open[0].length;
    const end = close.exec(source);
    const stop = end === null ? source.length : end.index + end[0].length;
    kept.push(source.slice(from, open.index));
    from = stop;
  }
  kept.push(source.slice(from));
  return kept.join('').trim();
}

/** When the first thinking tag in the text is a closing one, drop everything up to and including it. */
function dropBeforeStrayClose(text: string): string {
  const firstTag = /<\/?(?:think|thinking)(?:\s[^<>]*)?>/i.exec(text);
  if (firstTag === null || !firstTag[0].startsWith('</')) return text;
  return text.slice(firstTag.index + firstTag[0].length);
}
