/**
 * Failure detection: does a tool result report that the call failed, even when the format does not
 * mark it? Both sides matter: `{"status": "error"}` in an MCP body marked successful is a failure
 * (corpus report 17), while a successful log read full of `ERROR` lines is not (corpus report 33).
 */
import { errorCodeKeys, errorObjectTags, errorTextKeys, failureStatusWords, failureTextPatterns, outcomeTextKeys } from './_failure-rules.js';
import { parseStructured } from './_json.js';
import { isRecord, type Rec } from './_shape.js';
import { hostError } from '../_host-input.js';

/**
 * The error text when a tool result plainly reports a failure, else `null`.
 *
 * - **Text** (trimmed; JSON text is parsed and judged as JSON): a failure when it starts like an error
 *   report: `Error:` / `ERROR:` / `error:`, `Error <code>`, `fatal:`, `Failed:`, `… failed:`,
 *   `SomeError:` / `SomeException:`, `Exception`, `Traceback (most recent call last)`, `HTTP 503`,
 *   `404 Not Found`, `timed out …`; or says so in the domain's own words in its first clause ("Reservation
 *   failed", "Refill request rejected", "Reconciliation aborted"), or in a headline that negates the act before
 *   any comma ("FNOL not created: policy lapsed"; not "Deposit not required"). The error text is the trimmed text.
 * - **A JSON object**, judged on its top-level fields only: a truthy `error` (non-empty string,
 *   non-empty object, `true`); `ok: false`; `success: false`; `status` of `error`, `failed`,
 *   `failure` (any case) or an HTTP status 400–599 (number or numeric string; also in `status_code` or
 *   `statusCode`); a non-empty `errors`
 *   array; a non-empty `errorCode`/`errorSummary`-style field; `object: "error"` or `type: "error"`;
 *   MCP `isError: true`; or, whatever `status` says, a top-level outcome field (`message`, `msg`, `result`,
 *   `detail`, `details`, `outcome`, `status_message`, `status_detail`) whose text is a failure as a text result
 *   is (`{"status": "ok", "message": "Seat hold could not be placed: sold out"}`). An MCP `CallToolResult` (`{content: [...], isError}`) not marked as an error is
 *   judged by its `structuredContent`, else its text. The error text is the `error` value (its
 *   `message` when it is an object), else the first non-empty text of `message`, `errorMessage`,
 *   `error_message`, `error_description` (OAuth 2.0), `detail` or `title` (problem details, RFC 9457), else the
 *   whole JSON.
 * - **An array of text parts** (`[{type: 'text', text}]`) is judged as its joined text; any other
 *   array, number, boolean, `null` or `undefined` is no failure.
 *
 * `{"error": null}`, `{"status": "ok", "lines": ["ERROR x"]}` and `{"errors": []}` are not failures.
 * Throws only for a value whose members cannot be read (a getter or Proxy trap that throws):
 * `ClaimcheckError` `invalid_input`.
 */
export function resultFailure(result: unknown): string | null {
  try {
    return judge(result, 0);
  } catch (error) {
    throw hostError('resultFailure', error);
  }
}

function judge(value: unknown, depth: number): string | null {
  if (depth > 3) return null;
  if (typeof value === 'string') return judgeText(value, depth);
  if (Array.isArray(value)) {
    const text = textOfParts(value);
    return text === null ? null : judgeText(text, depth + 1);
  }
  return isRecord(value) ? judgeObject(value, depth) : null;
}

function judgeText(text: string, depth: number): string | null {
  const trimmed = text.trim();
  const parsed = parseStructured(trimmed);
  if (parsed !== undefined) return judge(parsed, depth + 1);
  return failureTextPatterns.some((p) => p.test(trimmed)) ? trimmed : null;
}

function judgeObject(obj: Rec, depth: number): string | null {
  if (Array.isArray(obj.content) && ('isError' in obj || Object.keys(obj).every((k) => mcpKeys.has(k)))) {
    if (obj.isError === true) return textOfParts(obj.content) || json(obj);
    return judge(obj.structuredContent ?? textOfParts(obj.content), depth + 1);
  }
  if (obj.isError === true || isFailure(obj)) return errorText(obj);
  return outcomeFailure(obj);
}

/** The text of a top-level outcome field (`message`, `result`, `detail`…) that reports a failure, whatever `status` says. */
function outcomeFailure(obj: Rec): string | null {
  for (const key of outcomeTextKeys) {
    const text = obj[key];
    if (typeof text !== 'string') continue;
    const trimmed = text.trim();
    if (failureTextPatterns.some((p) => p.test(trimmed))) return trimmed;
  }
  return null;
}

const mcpKeys = new Set(['content', 'isError', 'structuredContent', '_meta']);

function isFailure(obj: Rec): boolean {
  if (truthy(obj.error)) return true;
  if (obj.ok === false || obj.success === false) return true;
  if (failingStatus(obj.status) || httpFailure(obj.status_code) || httpFailure(obj.statusCode)) return true;
  if (Array.isArray(obj.errors) && obj.errors.length > 0) return true;
  if (errorCodeKeys.some((k) => truthy(obj[k]))) return true;
  return errorObjectTags.includes(String(obj.object)) || errorObjectTags.includes(String(obj.type));
}

function failingStatus(status: unknown): boolean {
  if (typeof status === 'string' && failureStatusWords.includes(status.trim().toLowerCase())) return true;
  const code = typeof status === 'number' ? status : typeof status === 'string' && /^\d{3}$/.test(status.trim()) ? Number(status) : NaN;
  return code >= 400 && code <= 599;
}

/** `status_code` / `statusCode` (requests, axios, fetch wrappers): only a number or numeric string 400–599. */
function httpFailure(code: unknown): boolean {
  const n = typeof code === 'number' ? code : typeof code === 'string' && /^\d{3}$/.test(code.trim()) ? Number(code) : NaN;
  return n >= 400 && n <= 599;
}

function truthy(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (isRecord(value)) return Object.keys(value).length > 0;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  return value === true;
}

function errorText(obj: Rec): string {
  const error = obj.error;
  if (typeof error === 'string' && error.trim() !== '') return error.trim();
  if (isRecord(error) && typeof error.message === 'string' && error.message.trim() !== '') return error.message.trim();
  for (const key of errorTextKeys) {
    const text = obj[key];
    if (typeof text === 'string' && text.trim() !== '') return text.trim();
  }
  return json(obj);
}

/** Joined text of an array of `{type: 'text', text}` parts, or null when it is not such an array. */
function textOfParts(parts: unknown[]): string | null {
  const texts: string[] = [];
  for (const part of parts) {
    if (!isRecord(part) || part.type !== 'text' || typeof part.text !== 'string') return null;
    texts.push(part.text);
  }
  return texts.length === 0 ? null : texts.join('\n');
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
