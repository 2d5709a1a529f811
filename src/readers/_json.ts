/**
 * Internal: guarded JSON parsing of model output and tool results. Nothing here throws.
 */

/** Result of {@link parseJson}. */
export type JsonParse = { ok: true; value: unknown } | { ok: false };

/** `JSON.parse` that never throws (bad syntax, or nesting deep enough to overflow the stack). */
export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** True when `text` (ignoring surrounding whitespace) may be a JSON object or array. */
function looksStructured(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith('{') || t.startsWith('[');
}

/**
 * The parsed object or array when `text` is a JSON object or array; `undefined` otherwise (scalars,
 * invalid JSON, plain text).
 */
export function parseStructured(text: string): object | undefined {
  if (!looksStructured(text)) return undefined;
  const parsed = parseJson(text);
  return parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? parsed.value : undefined;
}

/**
 * Tool-call arguments as the model wrote them: a JSON string is parsed when it holds an object or
 * array; any other string (bad JSON, a scalar, `''`) is kept as the raw text. Non-strings (Anthropic
 * `input`, transcript `args`) are returned as they are.
 */
export function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  return parseStructured(raw) ?? raw;
}

/** Tool result text: the parsed JSON when it is an object or array, else the text itself. */
export function parseResultText(text: string): unknown {
  return parseStructured(text) ?? text;
}
