/**
 * Reads CLI inputs: JSON files (one object, a list of objects, or a bare message array), JSON Lines
 * files (streamed, one object a line) and stdin (`-`). Yields one record at a time, in input order;
 * a record that cannot be parsed is yielded as an error so the run can go on.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { ClaimcheckError } from '../errors.js';
import { locateJsonError } from '../validate/_locate-json-error.js';

/** One input record: a parsed JSON value, or why it could not be read. */
export type InputRecord = (
  | { id: string; value: unknown; error?: undefined }
  | { id: string; value?: undefined; error: ClaimcheckError }
) & InputPlace;

/** Where a record came from, for annotations and reports: the file as given (`-` for stdin) and its 1-based line. */
export interface InputPlace {
  file?: string;
  /** The line the record starts on (JSON Lines records; `undefined` for records of one JSON document). */
  line?: number;
}

/** Options of {@link readInputs}. */
export interface ReadInputsOptions {
  /** What `-` reads. Default `process.stdin`. */
  stdin?: Readable;
  /** Told how many more bytes of the named files were read (not stdin), as reading goes on. For progress bars. */
  onRead?: (bytes: number) => void;
}

/** Read every input in order. `-` is stdin. Files ending in `.jsonl`/`.ndjson` are streamed line by line. */
export async function* readInputs(files: readonly string[], options: ReadInputsOptions = {}): AsyncGenerator<InputRecord> {
  for (const file of files) {
    if (file === '-') {
      for (const record of readText('stdin', await readAll(options.stdin ?? process.stdin))) yield { ...record, file: '-' };
      continue;
    }
    const size = await assertReadableFile(file);
    if (/\.(jsonl|ndjson)$/i.test(file)) {
      let count = 0;
      const stream = createReadStream(file, { encoding: 'utf8' });
      let reported = 0;
      for await (const record of readLines(basename(file), stream)) {
        count++;
        if (options.onRead !== undefined && stream.bytesRead > reported) {
          options.onRead(stream.bytesRead - reported);
          reported = stream.bytesRead;
        }
        yield { ...record, file };
      }
      if (count === 0) yield { id: basename(file), error: new ClaimcheckError('invalid_input', `${file} holds no records; expected one JSON object per line.`) };
    } else {
      const text = await readFile(file, 'utf8');
      options.onRead?.(size);
      for (const record of readText(basename(file), text)) yield { ...record, file };
    }
  }
}

/**
 * A clear error for a path that is missing, a directory, or unreadable (instead of ENOENT/EISDIR);
 * else the file's size in bytes.
 * @throws ClaimcheckError `invalid_input`
 */
async function assertReadableFile(file: string): Promise<number> {
  let info;
  try {
    info = await stat(file);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EACCES' ? 'cannot be read (permission denied)' : `cannot be read (${code ?? String(cause)})`;
    throw new ClaimcheckError('invalid_input', `Input file ${file} ${why}. Pass a JSON or JSON Lines file, or - for stdin.`, { cause });
  }
  if (info.isDirectory()) throw new ClaimcheckError('invalid_input', `Input ${file} is a directory. Pass the JSON or JSON Lines files in it (e.g. ${file}/*.json).`);
  return info.size;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: string[] = [];
  stream.setEncoding('utf8');
  for await (const chunk of stream) chunks.push(chunk as string);
  return chunks.join('');
}

async function* readLines(name: string, stream: Readable): AsyncGenerator<InputRecord> {
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let n = 0;
  for await (const read of lines) {
    n++;
    // A byte order mark opens the file's first line (editors on Windows write one); JSON.parse does not take it.
    const line = n === 1 ? withoutByteOrderMark(read) : read;
    if (line.trim() === '') continue;
    yield { ...parseRecord(`${name}:${n}`, line, `line ${n} of ${name}`), line: n };
  }
}

function* readText(name: string, text: string): Generator<InputRecord> {
  const trimmed = text.trim();
  if (trimmed === '') {
    yield { id: name, error: new ClaimcheckError('invalid_input', `${name} is empty; expected JSON or JSON Lines.`) };
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (cause) {
    // Not one JSON document. JSON Lines only when its first line is a JSON document on its own;
    // otherwise it is one JSON document with an error, reported once with its line and column.
    const firstLine = trimmed.slice(0, trimmed.indexOf('\n') === -1 ? undefined : trimmed.indexOf('\n'));
    if (!trimmed.includes('\n') || !parses(firstLine)) {
      yield { id: name, error: new ClaimcheckError('invalid_input', `${name} is not valid JSON: ${describeJsonError(trimmed, cause)}.`, { cause }) };
      return;
    }
    let n = 0;
    for (const line of trimmed.split('\n')) {
      n++;
      if (line.trim() === '') continue;
      yield { ...parseRecord(`${name}:${n}`, line, `line ${n} of ${name}`), line: n };
    }
    return;
  }
  if (Array.isArray(value) && value.length > 0 && value.every((v) => isRecordList(v))) {
    let i = 0;
    for (const v of value) yield { id: idOf(v, `${name}#${++i}`), value: v };
    return;
  }
  yield { id: idOf(value, name), value };
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** "Expected ',' … at line 3, column 14: expected …": the parser's message, with where the text stops being JSON and what it expected there. */
function describeJsonError(text: string, cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  // V8 names an offset for some errors only ("Unexpected token ']', ... is not valid JSON" has none): the scanner
  // the configuration loader uses finds every one.
  const at = locateJsonError(text);
  if (at === undefined) return message;
  const cut = message.indexOf(' in JSON at position');
  return `${cut === -1 ? message : message.slice(0, cut)} at line ${at.line}, column ${at.column}${at.kind === 'truncated' ? ' (the file ends there)' : ''}: expected ${at.expected}`;
}

/** A list whose items are conversation/validation records (objects with `messages`, or `tool` + `args`). */
function isRecordList(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && ('messages' in v || ('tool' in v && 'args' in v));
}

function parseRecord(fallbackId: string, text: string, where: string): InputRecord {
  try {
    const value: unknown = JSON.parse(text);
    return { id: idOf(value, fallbackId), value };
  } catch (cause) {
    return {
      id: fallbackId,
      error: new ClaimcheckError('invalid_input', `${where} is not valid JSON (${(cause as Error).message}); each line must be one JSON object.`, { cause }),
    };
  }
}

function idOf(value: unknown, fallback: string): string {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const id = (value as Record<string, unknown>).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return fallback;
}

/**
 * `text` without the byte order mark (U+FEFF) that opens it, if any. JSON (RFC 8259 §8.1) allows a parser to
 * ignore one; `JSON.parse` does not.
 */
export function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
