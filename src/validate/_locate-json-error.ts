/**
 * Where and why a text stops being JSON (RFC 8259). `JSON.parse` says so too, but its messages differ
 * between Node versions and some carry no position; this scanner gives one stable answer.
 * @see https://www.rfc-editor.org/rfc/rfc8259
 */

/** Why the text is not JSON. */
export type JsonErrorKind =
  /** The text ends before the value is complete (cut off mid-string, mid-object...). */
  | 'truncated'
  /** A complete JSON value is followed by more text. */
  | 'trailing_text'
  /** A comma directly before `}` or `]`. */
  | 'trailing_comma'
  /** A character that cannot start or continue the value here (single quotes, `True`, `None`...). */
  | 'unexpected';

export interface JsonErrorLocation {
  kind: JsonErrorKind;
  /** Offset in UTF-16 code units where parsing stopped (the text's length when truncated). */
  position: number;
  /** 1-based line and column of `position`. */
  line: number;
  column: number;
  /** What the scanner expected, e.g. `"',' or '}' after a property value"`. */
  expected: string;
}

class Stop extends Error {
  constructor(
    readonly kind: JsonErrorKind,
    readonly position: number,
    readonly expected: string,
  ) {
    super(expected);
  }
}

/**
 * Locate the first syntax error in `text`; `undefined` when the text is valid JSON (or nests too deep
 * to scan).
 */
export function locateJsonError(text: string): JsonErrorLocation | undefined {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const fail = (expected: string): never => {
    throw new Stop(i >= text.length ? 'truncated' : 'unexpected', i, expected);
  };
  const literal = (word: string): void => {
    for (const ch of word) {
      if (text[i] !== ch) fail(`the literal ${word}`);
      i++;
    }
  };
  const digits = (what: string): void => {
    if (!/[0-9]/.test(text[i] ?? '')) fail(what);
    while (/[0-9]/.test(text[i] ?? '')) i++;
  };
  const number = (): void => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits('a digit');
    if (text[i] === '.') {
      i++;
      digits('a digit after the decimal point');
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits('a digit in the exponent');
    }
  };
  const string = (): void => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail('the closing \'"\' of a string');
      const ch = text.charCodeAt(i);
      if (ch === 0x22) break;
      if (ch < 0x20) fail('an escaped control character (\\n, \\t...) inside a string');
      if (ch === 0x5c) {
        i++;
        const esc = text[i];
        if (esc === 'u') {
          for (let k = 0; k < 4; k++) {
            i++;
            if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail('four hex digits after \\u');
          }
        } else if (esc === undefined || !'"\\/bfnrt'.includes(esc)) fail('a valid escape after \\');
      }
      i++;
    }
    i++;
  };
  const members = (close: '}' | ']'): void => {
    const isObject = close === '}';
    i++; // opening bracket
    ws();
    if (text[i] === close) return void i++;
    for (;;) {
      if (isObject) {
        if (text[i] !== '"') fail("a double-quoted property name or '}'");
        string();
        ws();
        if (text[i] !== ':') fail("':' after a property name");
        i++;
      }
      value();
      ws();
      if (text[i] === close) return void i++;
      if (text[i] !== ',') fail(`',' or '${close}' after ${isObject ? 'a property value' : 'an array element'}`);
      i++;
      ws();
      if (text[i] === close) throw new Stop('trailing_comma', i, `another ${isObject ? 'property' : 'element'} after ','`);
    }
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') members('}');
    else if (ch === '[') members(']');
    else if (ch === '"') string();
    else if (ch === '-' || /[0-9]/.test(ch ?? '')) number();
    else if (ch === 't') literal('true');
    else if (ch === 'f') literal('false');
    else if (ch === 'n') literal('null');
    else fail('a JSON value');
  };
  try {
    value();
    ws();
    if (i < text.length) throw new Stop('trailing_text', i, 'the end of the text after a complete JSON value');
    return undefined;
  } catch (error) {
    // Not a Stop: nesting too deep for the stack. The caller falls back to the JSON.parse message.
    if (!(error instanceof Stop)) return undefined;
    const before = text.slice(0, error.position);
    const line = before.split('\n').length;
    const column = error.position - before.lastIndexOf('\n');
    return { kind: error.kind, position: error.position, line, column, expected: error.expected };
  }
}
