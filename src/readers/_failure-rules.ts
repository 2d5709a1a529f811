/**
 * Internal data: what a tool result looks like when it plainly reports a failure. Plain data, kept apart
 * from the matching in `result-failure.ts` so it can be extended without reading the logic.
 *
 * Every pattern is anchored at the start of the (trimmed) result text: a word like "ERROR" further in,
 * such as a log line returned by a successful read, is data and not a failure.
 */

/** Text results that start like an error report. */
export const failureTextPatterns: readonly RegExp[] = [
  // "Error: SMTP timeout", "ERROR: update or delete…", "error: pathspec did not match" (git)
  /^error\s*:/i,
  // "Error 21610: Attempt to send…", "Error executing tool…" (title case only; "ERROR 12:00" log lines are data)
  /^Error\s/,
  // "fatal: not a git repository", "Failed: …", "FAILURE: …"
  /^(?:fatal|failed|failure)\s*:/i,
  // "API request failed: …", "exec failed: …", "Upload failed: …" (not "3 checks failed: …", a report of others' failures)
  /^(?!\d)[\w .-]{0,40}\bfailed\s*:/i,
  // Python and JVM exceptions: "ValueError: …", "java.io.IOException: …", "Exception in thread…"
  /^[\w.$]{0,120}(?:Error|Exception)\s*:/,
  /^Exception\b/,
  /^Traceback \(most recent call last\)/,
  // "Request failed with status code 500" (axios), "HTTP 503", "HTTP error 404"
  /^request failed with status code [45]\d\d\b/i,
  /^HTTP(?:\/\d(?:\.\d)?)?\s+(?:error\s+)?[45]\d\d\b/i,
  // "404 Not Found", "503 Service Unavailable: …"
  /^[45]\d\d\s+(?:Bad Request|Unauthorized|Payment Required|Forbidden|Not Found|Method Not Allowed|Request Timeout|Conflict|Gone|Unprocessable (?:Entity|Content)|Too Many Requests|Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout)\b/i,
  // "timed out after 30s", "timeout waiting for pod readiness (120s)"
  /^(?:timed out|timeout (?:waiting|after|while|expired|exceeded|reached))\b/i,
  // Failure in the domain's own words, in the result's first sentence: "Reservation failed", "We are
  // unable to change your trip", "Payment declined", "Upstream call timed out after 30s". Counts of other
  // things failing ("3 checks failed") and empty lookups ("No flights found") are data.
  /^(?!\d)[^.!?;\n]{0,80}?\b(?:failed|unable to|cannot|can ?not|could not|couldn't|was not able to|were not able to|not (?:allowed|permitted|authori[sz]ed)|denied|declined|rejected|aborted|timed out|timeout after)\b/i,
  // A headline that negates the act itself, before any comma: "FNOL not created: policy lapsed", "Extension
  // not applied", "Order not found". After a comma it is a detail of a done act ("Cancelled, card not
  // charged"); a need or an expectation negated ("Deposit not required") is no failure.
  /^(?!\d)[^.!?;,:\n]{0,60}?\bnot (?:been )?(?!(?:required|needed|expected|included|affected)\b)(?:[a-z]{2,20}ed|found|sent|made|done|run|paid|held|built|taken|given|set up)\b/i,
];

/**
 * Top-level keys of a JSON result whose text reports the call's own outcome ("Seat hold could not be placed:
 * sold out" under `message` beside `"status": "ok"`). Their text is judged like a text result; other keys hold
 * the record's data (a ticket's `subject`, a transaction's `description`), whose failure words are data.
 */
export const outcomeTextKeys: readonly string[] = ['message', 'msg', 'result', 'detail', 'details', 'outcome', 'status_message', 'statusMessage', 'status_detail', 'statusDetail'];

/** Values of a top-level `status` (compared lower-case) that report a failure. */
export const failureStatusWords: readonly string[] = ['error', 'errored', 'failed', 'failure', 'fail'];

/** Top-level keys holding an error code or summary (Okta `errorCode`/`errorSummary`, …); any non-empty value is a failure. */
export const errorCodeKeys: readonly string[] = ['errorCode', 'error_code', 'errorSummary', 'errorMessage', 'error_message'];

/**
 * Top-level keys whose text is the error's own words when `error` holds none, first found wins: `message` (Notion,
 * Slack-style `{ok: false, message}` bodies), `errorMessage`/`error_message`, `error_description` (OAuth 2.0, RFC 6749
 * §5.2), `detail` then `title` (problem details, RFC 9457).
 */
export const errorTextKeys: readonly string[] = ['message', 'errorMessage', 'error_message', 'error_description', 'detail', 'title'];

/** Top-level `object` or `type` values that mark the whole body as an error (Notion, Anthropic API errors). */
export const errorObjectTags: readonly string[] = ['error'];
