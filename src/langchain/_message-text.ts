/**
 * Internal: the text of a LangChain message's `content`: a string, or an array of content blocks of
 * which only text blocks (`{type: 'text', text}`, or bare strings) say something to the reader.
 * @see https://docs.langchain.com/oss/javascript/langchain/messages#message-content
 */

/** Text blocks of `content`, as OpenAI Chat text parts (other block types dropped); a string stays a string. */
export function textParts(content: unknown): string | Array<{ type: 'text'; text: string }> {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: Array<{ type: 'text'; text: string }> = [];
  for (const block of content as unknown[]) {
    if (typeof block === 'string') parts.push({ type: 'text', text: block });
    else if (isTextBlock(block)) parts.push({ type: 'text', text: block.text });
  }
  return parts;
}

/** The text of `content`, text blocks joined with a newline. */
export function messageText(content: unknown): string {
  const parts = textParts(content);
  return typeof parts === 'string' ? parts : parts.map((p) => p.text).join('\n');
}

function isTextBlock(block: unknown): block is { type: 'text'; text: string } {
  if (typeof block !== 'object' || block === null) return false;
  const b = block as { type?: unknown; text?: unknown };
  return b.type === 'text' && typeof b.text === 'string';
}
