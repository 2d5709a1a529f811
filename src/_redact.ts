/**
 * Internal: what claimcheck keeps of free text when content is not captured. The ledger
 * (`openStore({ capture: false })`, the default: error text, `verify` reasons, incidents, a receipt's
 * claim text) and OpenTelemetry spans (`createOtelObserver({ captureContent: false })`) apply this one
 * rule (docs/formats.md, "Nothing raw at rest without capture"), word by word (a word is a run of
 * non-space characters):
 *
 * 1. in a word, the value of a `name=value` pair becomes `[redacted]` (the name stays), and so does
 *    the value of `name:value` when the name names a secret (`_secret-names.ts`): `api_key=…`,
 *    `(token=…)`, `?a=1&b=2`, `{"api_key":"…"}`, `secret:hunter2`;
 * 2. after a word that names a secret (`password`, `"password":`, `x-api-key:`, `Authorization:`) and
 *    any linking words (`is`, `=`, `set to`…), the next word becomes `[redacted]`, its quotes and
 *    brackets kept; a value opened by a quote runs to the closing quote; after an authentication
 *    scheme (`Bearer`, `Basic`) the credentials are redacted too;
 * 3. a credential of a known shape, a token prefix (`sk-`, `sk_`, `rk_`, `whsec_`, `ghp_`…, `github_pat_`,
 *    `glpat-`, `xoxb-`…, `AKIA`, `ASIA`, `AIza`, `ya29.`, `npm_`, `hf_`, `shpat_`, `SG.`, `pypi-`, a
 *    JWT's `eyJ`) followed by 8 or more token characters, becomes `[redacted]`;
 * 4. a word with an `@` between other characters (an email address) becomes `[email]`, its quotes,
 *    brackets and trailing punctuation kept;
 * 5. a number of 4 or more digits (separators `.` `,` `_` `-` between digits allowed) becomes `[number]`,
 *    except a JSON-RPC error code (`-32768` to `-32000`, as in `MCP error -32602:`), which is the
 *    protocol's, not user data.
 *
 * Values (a claim's `observed`) become `hmac-sha256:<hex>` under the ledger's key, so equal values stay
 * equal without being readable. Every pattern here runs in time linear in the text.
 */
import { AUTH_SCHEMES, LINKING_WORDS, SECRET_NAMES } from './_secret-names.js';

const secretNames = new Set(SECRET_NAMES);
const linkingWords = new Set(LINKING_WORDS);
const authSchemes = new Set(AUTH_SCHEMES);
const WORD = /\S+/g;
/** The name and separator of a pair in a word; a name is tried only where a run of name characters starts. */
const PAIR_HEAD = /(?<![\w.-])([\w.-]+)(["']?)([=:])(["']?)/g;
/** A credential of a known shape (rule 3), starting where a run of token characters starts. */
const TOKEN =
  /(?<![\w-])(?:sk[-_]|rk_|whsec_|gh[pousr]_|github_pat_|glpat-|xox[abprs]-|AKIA|ASIA|AIza|ya29\.|npm_|hf_|shp(?:at|ss|ca)_|SG\.|pypi-|eyJ)[\w\-.+/=]{8,}/g;
const DIGITS = /\d(?:[.,_-]?\d)*/g;
/** A JSON-RPC error code word, `-32602` or `-32602:` (range checked in {@link isJsonRpcCode}). */
const RPC_CODE = /^\(?(-32\d{3})[:,)]?$/;
/** Characters a pair's value ends before, when it is not quoted. */
const VALUE_END = new Set(['"', "'", '&', ',', ';', ')', ']', '}']);
const LEADING = new Set(['"', "'", '(', '[', '{', '<', '`']);
const TRAILING = new Set(['"', "'", ')', ']', '}', '>', ',', ';', '.', ':', '!', '?', '`']);
/** Longest word read as a name (longer words name nothing). */
const MAX_NAME = 64;

/** `text` with the secrets the rule above finds replaced. */
export function redactText(text: string): string {
  let afterName = false;
  let openQuote: string | null = null;
  return text.replace(WORD, (word) => {
    if (openQuote !== null) {
      // Inside a quoted secret value that spans words: redacted up to its closing quote.
      const end = word.indexOf(openQuote);
      if (end < 0) return '[redacted]';
      openQuote = null;
      return `[redacted]${word.slice(end)}`;
    }
    const { lead, core, trail } = split(word);
    if (afterName) {
      if (core === '' || linkingWords.has(core.toLowerCase())) return word;
      afterName = namesSecret(core) || authSchemes.has(core.toLowerCase());
      const quote = lead.at(-1);
      if ((quote === '"' || quote === "'") && !trail.startsWith(quote)) openQuote = quote;
      return `${lead}[redacted]${trail}`;
    }
    if (namesSecret(core)) {
      afterName = true;
      return word;
    }
    if (isJsonRpcCode(word)) return word;
    const kept = redactPairs(word).replace(TOKEN, '[redacted]');
    const email = split(kept);
    const at = email.core.indexOf('@');
    if (at > 0 && at < email.core.length - 1) return `${email.lead}[email]${email.trail}`;
    return kept.replace(DIGITS, (run) => (countDigits(run) >= 4 ? '[number]' : run));
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

/** `word` with the values of its pairs redacted (rule 1). */
function redactPairs(word: string): string {
  if (!word.includes('=') && !word.includes(':')) return word;
  let out = '';
  let from = 0;
  PAIR_HEAD.lastIndex = 0;
  for (let m = PAIR_HEAD.exec(word); m !== null; m = PAIR_HEAD.exec(word)) {
    const [head, name = '', , separator, quote = ''] = m;
    const start = m.index + head.length;
    if (separator === ':' && !namesSecret(name)) {
      PAIR_HEAD.lastIndex = start;
      continue;
    }
    let end = start;
    if (quote !== '') {
      const close = word.indexOf(quote, start);
      end = close < 0 ? word.length : close;
    } else {
      while (end < word.length && !VALUE_END.has(word[end] as string)) end++;
    }
    if (end === start) continue;
    out += `${word.slice(from, start)}[redacted]`;
    from = end;
    PAIR_HEAD.lastIndex = end;
  }
  return from === 0 ? word : out + word.slice(from);
}

/** The word without its leading quotes and brackets and its trailing quotes, brackets and punctuation. */
function split(word: string): { lead: string; core: string; trail: string } {
  let start = 0;
  while (start < word.length && LEADING.has(word[start] as string)) start++;
  let end = word.length;
  while (end > start && TRAILING.has(word[end - 1] as string)) end--;
  return { lead: word.slice(0, start), core: word.slice(start, end), trail: word.slice(end) };
}

/**
 * The name names a secret: split into parts at `_`, `-`, `.` and where a lowercase letter meets an
 * uppercase one, its last part or its last two joined by `_`, lowercased, is a secret name.
 */
export function namesSecret(name: string): boolean {
  if (name === '' || name.length > MAX_NAME) return false;
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i] as string;
    if (c === '_' || c === '-' || c === '.') {
      if (part !== '') parts.push(part);
      part = '';
      continue;
    }
    const prev = name[i - 1];
    if (c >= 'A' && c <= 'Z' && prev !== undefined && prev >= 'a' && prev <= 'z' && part !== '') {
      parts.push(part);
      part = '';
    }
    part += c.toLowerCase();
  }
  if (part !== '') parts.push(part);
  const last = parts.at(-1);
  if (last === undefined) return false;
  return secretNames.has(last) || (parts.length >= 2 && secretNames.has(`${parts.at(-2) as string}_${last}`));
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
