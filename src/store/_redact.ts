/**
 * Internal: what the store keeps of free text and values when `capture` is off. Error text, `verify`
 * reasons, incidents and a receipt's claim text are redacted by one rule (docs/formats.md, "Redaction"):
 *
 * 1. the value of a `name=value` pair becomes `[redacted]` (the name stays);
 * 2. the word after a secret's name (`password`, `token`, `api_key`… followed by `:`, `=` or a space)
 *    becomes `[redacted]`;
 * 3. a word with an `@` between other characters (an email address) becomes `[email]`;
 * 4. a number of 4 or more digits (separators `.` `,` `_` `-` between digits allowed) becomes `[number]`,
 *    except a JSON-RPC error code (`-32768` to `-32000`, as in `MCP error -32602:`), which is the
 *    protocol's, not user data.
 *
 * Values (a claim's `observed`) become `hmac-sha256:<hex>` under the ledger's key, so equal values stay
 * equal without being readable. Every pattern here runs in time linear in the text.
 */

/** Names whose following word is a secret (rule 2), matched whole, case-insensitively. */
export const SECRET_NAMES: readonly string[] = ['password', 'passwd', 'pwd', 'passcode', 'secret', 'token', 'api_key', 'apikey', 'api-key', 'access_key', 'authorization', 'bearer', 'pin', 'otp', 'cvv', 'cvc', 'ssn'];

const secretNames = new Set(SECRET_NAMES);
const WORD = /\S+/g;
const PAIR_NAME = /^[\w.-]+$/;
const NAME_SEPARATOR = /^["'(]*([\w-]+)["']?[:=]?$/;
const DIGITS = /\d(?:[.,_-]?\d)*/g;
/** A JSON-RPC error code word, `-32602` or `-32602:` (range checked in {@link isJsonRpcCode}). */
const RPC_CODE = /^\(?(-32\d{3})[:,)]?$/;

/** `text` with the secrets the rule above finds replaced. */
export function redactText(text: string): string {
  let afterSecretName = false;
  return text.replace(WORD, (word) => {
    const name = NAME_SEPARATOR.exec(word)?.[1]?.toLowerCase();
    const secretName = name !== undefined && secretNames.has(name);
    if (afterSecretName) {
      afterSecretName = secretName; // `Authorization: Bearer abc`: the secret is after `Bearer`
      return '[redacted]';
    }
    if (secretName) {
      afterSecretName = true;
      return word;
    }
    const eq = word.indexOf('=');
    if (eq > 0 && eq < word.length - 1 && PAIR_NAME.test(word.slice(0, eq))) return `${word.slice(0, eq)}=[redacted]`;
    const at = word.indexOf('@');
    if (at > 0 && at < word.length - 1) return '[email]';
    if (isJsonRpcCode(word)) return word;
    return word.replace(DIGITS, (run) => (countDigits(run) >= 4 ? '[number]' : run));
  });
}

/** A value as the store keeps it without capture: its keyed hash. */
export function hashValue(value: unknown, hmac: (text: string) => string): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = String(value);
  }
  return `hmac-sha256:${hmac(json ?? 'null')}`;
}

/** The word is a JSON-RPC error code: the reserved range `-32768`…`-32000` (JSON-RPC 2.0, section 5.1). */
function isJsonRpcCode(word: string): boolean {
  const code = RPC_CODE.exec(word)?.[1];
  return code !== undefined && Number(code) >= -32768 && Number(code) <= -32000;
}

function countDigits(run: string): number {
  let n = 0;
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}
