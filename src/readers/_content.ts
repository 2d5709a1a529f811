/**
 * Internal: the text of a message's `content`, written as a string or as an array of typed parts.
 */
import { isRecord, unreadable } from './_shape.js';
import { joinTextParts } from './_text.js';

/** Which part types a format allows, and what each means. */
export interface PartRules {
  /** Part types whose `text` field is text said in the message. */
  text: readonly string[];
  /** Part types whose `refusal` field is text said in the message. */
  refusal?: readonly string[];
  /** Part types that carry no text (images, files, audio); skipped. */
  ignore: readonly string[];
}

/**
 * The text of `content` at `path` (`messages[2].content`; string, array of parts, or null/undefined → `''`). Parts are joined with
 * {@link joinTextParts}.
 * @throws ClaimcheckError `unreadable_messages` for content of another type or a part type the rules do not know.
 */
export function contentText(content: unknown, index: number, path: string, rules: PartRules): string {
  if (typeof content === 'string') return content;
  if (content === undefined || content === null) return '';
  if (!Array.isArray(content)) throw unreadable(index, path, content, 'expected a string or an array of content parts.');
  const texts: { text: string; cited: boolean }[] = [];
  content.forEach((part: unknown, j) => {
    const text = partText(part, index, `${path}[${j}]`, rules);
    if (text !== null) texts.push({ text, cited: isRecord(part) && hasItems(part.citations) });
  });
  return joinTextParts(texts);
}

function partText(part: unknown, index: number, where: string, rules: PartRules): string | null {
  if (typeof part === 'string') return part;
  const type = isRecord(part) ? part.type : undefined;
  if (!isRecord(part) || typeof type !== 'string') {
    throw unreadable(index, where, part, 'expected a content part object with a string `type`.');
  }
  if (rules.text.includes(type)) return requireText(part.text, index, `${where}.text`);
  if (rules.refusal?.includes(type) === true) return requireText(part.refusal, index, `${where}.refusal`);
  if (rules.ignore.includes(type)) return null;
  const known = [...rules.text, ...(rules.refusal ?? []), ...rules.ignore].join(', ');
  throw unreadable(index, where, part, `unknown content part type "${type}" (known: ${known}).`);
}

function requireText(value: unknown, index: number, where: string): string {
  if (typeof value === 'string') return value;
  throw unreadable(index, where, value, 'expected a string.');
}

function hasItems(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}
