/**
 * Guarded parsing of the raw arguments text a model emitted (`function.arguments`, `function_call.arguments`).
 */
import { locateJsonError, type JsonErrorLocation } from './_locate-json-error.js';
import type { ValidationFailure } from './validation-failure.js';
import { causeSentence } from '../_sentence.js';

export type ParsedArguments = { ok: true; value: unknown } | { ok: false; failure: ValidationFailure };

const SNIPPET = 24;

/**
 * Parse arguments text. Text that is empty or only whitespace stands for `{}` (models send `""` for
 * tools without parameters). Text that does not parse gives an `invalid_json` failure at `''` whose
 * message says where parsing stopped and why.
 */
export function parseArgumentsText(text: string): ParsedArguments {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const location = locateJsonError(text);
    const failure: ValidationFailure = {
      category: 'invalid_json',
      path: '',
      message:
        location === undefined
          ? `Arguments text is not valid JSON: ${causeSentence(error)}`
          : `Arguments text is not valid JSON: ${describe(text, location)}.`,
    };
    const hint = location === undefined ? undefined : hintFor(text, location);
    if (hint !== undefined) failure.hint = hint;
    return { ok: false, failure };
  }
}

function describe(text: string, at: JsonErrorLocation): string {
  const where = `line ${at.line}, column ${at.column}`;
  switch (at.kind) {
    case 'truncated':
      return `the text ends after ${text.length} characters, before the JSON is complete (expected ${at.expected}); it looks truncated`;
    case 'trailing_text':
      return `extra text after a complete JSON value, from ${where}: ${quote(text.slice(at.position))}`;
    case 'trailing_comma':
      return `trailing comma before '${text[at.position] ?? ''}' at ${where}`;
    case 'unexpected':
      return `unexpected ${quote(text.slice(at.position))} at ${where}; expected ${at.expected}`;
  }
}

function hintFor(text: string, at: JsonErrorLocation): string | undefined {
  const rest = text.slice(at.position);
  if (text.trimStart().startsWith('```')) return 'Remove the Markdown code fence: send the JSON object alone.';
  switch (at.kind) {
    case 'truncated':
      return 'The arguments were cut off, often at the output token limit. Retry the call with the complete JSON object.';
    case 'trailing_text':
      return 'Send only the JSON arguments object, with no text after it.';
    case 'trailing_comma':
      return 'Remove the comma before the closing bracket; JSON does not allow trailing commas.';
    case 'unexpected':
      if (rest.startsWith("'")) return "JSON strings and property names take double quotes (\"), not single quotes (').";
      if (/^(True|False|None)\b/.test(rest)) return "Use the JSON literals true, false and null, not Python's True, False and None.";
      if (at.position === 0 || text.slice(0, at.position).trim() === '') {
        return text.includes('{') ? 'Send only the JSON arguments object, with no text before it.' : 'Send the arguments as a JSON object.';
      }
      return undefined;
  }
}

function quote(fragment: string): string {
  const cut = [...fragment];
  return JSON.stringify(cut.length > SNIPPET ? `${cut.slice(0, SNIPPET).join('')}…` : fragment);
}
