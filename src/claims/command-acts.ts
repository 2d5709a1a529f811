/**
 * What one call of a passthrough tool did (corpus README: "a passthrough tool (a shell command, SQL, an HTTP
 * request) backs a claim only through a call whose command, query or request carries the claimed action"): the
 * acts its arguments carry, each with its verbs, whether it only reads, and the words it names (tables and
 * columns, path segments, the command's words, the string values it sends).
 *
 * - SQL (a string argument that opens with a statement keyword): one act per statement, by its keyword (SELECT,
 *   SHOW, EXPLAIN read; INSERT creates, UPDATE updates, DELETE removes…), words from its identifiers and literals.
 * - HTTP (an argument holding a request method, RFC 9110 section 9, beside a path or URL): GET, HEAD and OPTIONS
 *   read; DELETE removes; PUT and PATCH update; POST may do any act (RFC 9110: the target resource processes it).
 *   Words from the path's segments and the body's string values; a path segment may name the act itself
 *   ("/orders/42/cancel", "/enrollments").
 * - A command line (an argument named `command`, `cmd`, `args` or `script`): its words other than flags; the verbs
 *   among them are the acts ("git push origin main", "wms wave release W-1"), reading when every verb reads.
 */
import { READ_FAMILIES } from './lexicon.js';
import { familiesOf, toolVerb } from './_verbs.js';
import { openToolVerb } from './_open-verbs.js';
import { splitIdentifier } from './_tokens.js';
import { verbsOfNoun } from '../lexicon/index.js';

/** One act a passthrough call carries. */
export interface CommandAct {
  /** The act only reads (SELECT, GET, `kubectl get`). */
  read: boolean;
  /** Lemmas of the verbs that name the act (`update`, `cancel`, `push`); `[]` when the act may be any (an HTTP POST to a path that names none). */
  verbs: readonly string[];
  /** The lower-case words the act names: identifiers, path segments, command words, the string values it sends. */
  words: ReadonlySet<string>;
}

/** SQL statement keywords, lower case, and the verb each stands for; a `null` verb reads. */
const SQL_STATEMENTS: ReadonlyMap<string, string | null> = new Map([
  ['select', null], ['with', null], ['show', null], ['explain', null], ['describe', null], ['values', null],
  ['insert', 'insert'], ['update', 'update'], ['delete', 'delete'], ['merge', 'update'], ['upsert', 'update'], ['replace', 'update'],
  ['create', 'create'], ['drop', 'delete'], ['alter', 'update'], ['truncate', 'delete'], ['grant', 'grant'], ['revoke', 'revoke'],
]);

/** Words of SQL's syntax (SQL:2016 reserved words and common functions) that name nothing of the data. */
const SQL_SYNTAX: ReadonlySet<string> = new Set([
  'select', 'from', 'where', 'and', 'or', 'not', 'null', 'is', 'in', 'like', 'ilike', 'between', 'join', 'left', 'right', 'inner', 'outer', 'on', 'as',
  'order', 'by', 'group', 'having', 'limit', 'offset', 'returning', 'set', 'into', 'values', 'insert', 'update', 'delete', 'distinct', 'all', 'any',
  'exists', 'case', 'when', 'then', 'else', 'end', 'asc', 'desc', 'true', 'false', 'now', 'count', 'sum', 'avg', 'min', 'max', 'coalesce', 'with',
  'union', 'default', 'current_date', 'current_timestamp', 'interval', 'table', 'create', 'drop', 'alter', 'if', 'cascade', 'using', 'do', 'nothing',
  'conflict', 'upsert', 'replace', 'merge', 'matched', 'show', 'explain', 'describe', 'truncate', 'grant', 'revoke', 'to', 'for', 'of',
]);

/** HTTP methods (RFC 9110 section 9, PATCH RFC 5789): `null` for a read, `''` for POST (any act), else the verb. */
const HTTP_METHODS: ReadonlyMap<string, string | null> = new Map([
  ['get', null], ['head', null], ['options', null], ['post', ''], ['put', 'update'], ['patch', 'update'], ['delete', 'delete'],
]);

/** Argument names that hold a command line. */
const COMMAND_KEYS: ReadonlySet<string> = new Set(['command', 'cmd', 'args', 'argv', 'script', 'commandline', 'command_line', 'shell']);

/** How many string values of a call's arguments are read (a call's arguments are bounded elsewhere; this bounds the work). */
const MAX_VALUES = 200;

/** The acts a call's arguments carry, or `null` when they hold no SQL, HTTP request or command line. */
export function commandActs(args: unknown): CommandAct[] | null {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return null;
  const record = args as Record<string, unknown>;
  const strings: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(record)) if (typeof value === 'string') strings.push([key.toLowerCase(), value]);
  const sql = strings.find(([, v]) => SQL_START.test(v));
  if (sql !== undefined) return sqlActs(sql[1]);
  const method = strings.find(([k, v]) => (k === 'method' || k === 'http_method' || k === 'verb') && HTTP_METHODS.has(v.toLowerCase()));
  const path = strings.find(([k, v]) => (k === 'path' || k === 'url' || k === 'endpoint' || k === 'uri' || k === 'resource') && v.length > 0);
  if (method !== undefined && path !== undefined) return [httpAct(method[1].toLowerCase(), path[1], record)];
  const line = strings.find(([k]) => COMMAND_KEYS.has(k));
  if (line !== undefined) return [commandLineAct(line[1])];
  return null;
}

/**
 * A string that opens an SQL statement: a statement keyword and the word that must follow it ("INSERT INTO",
 * "DELETE FROM", "UPDATE t SET", "SELECT … FROM"), so that a lone value such as `method: "insert"` is not read as SQL.
 */
const SQL_START = /^\s*(?:select\s[^;]{0,2000}?\bfrom\b|select\s+\d|with\s+\w+\s+as\b|show\s+\w|explain\s+\w|describe\s+\w|insert\s+into\b|update\s+\S+\s+set\b|delete\s+from\b|merge\s+into\b|upsert\s+into\b|replace\s+into\b|create\s+(?:table|index|view|unique)\b|drop\s+(?:table|index|view)\b|alter\s+table\b|truncate\s+\w|grant\s+\w|revoke\s+\w)/i;

/** One act per statement (statements split at `;` outside quotes). */
function sqlActs(text: string): CommandAct[] {
  const out: CommandAct[] = [];
  for (const statement of splitStatements(text)) {
    const words = wordsOf(statement);
    const keyword = words.find((w) => SQL_STATEMENTS.has(w));
    if (keyword === undefined) continue;
    const verb = SQL_STATEMENTS.get(keyword) ?? null;
    out.push({ read: verb === null, verbs: verb === null ? [] : [verb], words: new Set(words.filter((w) => !SQL_SYNTAX.has(w))) });
  }
  return out;
}

/** The statements of an SQL text, cut at semicolons outside single-quoted literals. */
function splitStatements(text: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (c === ';' && !quoted) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  out.push(text.slice(from));
  return out.filter((s) => s.trim() !== '');
}

/**
 * The act of an HTTP request: its method's verb; for a POST, which may do any act, the act its path's last segment
 * that is no identifier names ("/orders/42/cancel" → cancel, "/courses/7/enrollments" → enroll).
 */
function httpAct(method: string, path: string, args: Record<string, unknown>): CommandAct {
  const verb = HTTP_METHODS.get(method) ?? null;
  const segments = path.split(/[/?#&=]/).filter((s) => s !== '');
  const words = new Set<string>();
  const verbs: string[] = verb === null || verb === '' ? [] : [verb];
  for (const segment of segments) for (const w of wordsOf(segment)) words.add(w);
  const last = [...segments].reverse().find((s) => !/\d/.test(s));
  const named = verb === '' && last !== undefined ? segmentVerb(last.toLowerCase()) : null;
  if (named !== null) verbs.push(named);
  let budget = MAX_VALUES;
  const visit = (value: unknown, depth: number): void => {
    if (budget <= 0 || depth > 8) return;
    if (typeof value === 'string') {
      budget--;
      for (const w of wordsOf(value)) words.add(w);
    } else if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
    } else if (value !== null && typeof value === 'object') {
      // A body's field names say what the request sets (`{"Status": "Working"}`).
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        for (const w of wordsOf(k)) words.add(w);
        visit(v, depth + 1);
      }
    }
  };
  for (const [key, value] of Object.entries(args)) if (key.toLowerCase() !== 'method') visit(value, 0);
  return { read: verb === null, verbs, words };
}

/** The verb a path segment names: itself ("cancel", "send"), or the act a noun names ("enrollments" → enroll, "refunds" → refund). */
function segmentVerb(word: string): string | null {
  const own = toolVerb(word);
  if (own !== null) return own;
  const singular = word.endsWith('s') ? word.slice(0, -1) : word;
  return verbsOfNoun(singular)[0] ?? verbsOfNoun(word)[0] ?? null;
}

/** The act of a command line: its words other than flags; the verbs among them (after the program's name) name it. */
function commandLineAct(line: string): CommandAct {
  const words = line
    .split(/\s+/)
    .slice(0, 64)
    .filter((w) => w !== '' && !w.startsWith('-'))
    .flatMap((w) => wordsOf(w));
  const verbs: string[] = [];
  for (const w of words.slice(1)) {
    const lemma = toolVerb(w) ?? openToolVerb(w, false);
    if (lemma !== null && !verbs.includes(lemma)) verbs.push(lemma);
  }
  const read = verbs.length > 0 && verbs.every((v) => familiesOf(v).length > 0 && familiesOf(v).every((f) => READ_FAMILIES.has(f)));
  return { read, verbs, words: new Set(words) };
}

/**
 * Lower-case words of a text: runs of letters and digits with inner `_`, `-` and `.` (a file name such as
 * "csv_stats.py" is one word), and the parts of each (identifiers split at `_`, `.`, `-` and case).
 */
function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.slice(0, 10_000).match(WORD) ?? []) {
    out.push(raw.toLowerCase());
    for (const part of splitIdentifier(raw)) if (part !== raw.toLowerCase()) out.push(part);
  }
  return out;
}
const WORD = /[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9])?/g;
