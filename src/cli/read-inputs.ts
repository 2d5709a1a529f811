/**
 * Reads CLI inputs: JSON files (one object, a list of objects, or a bare message array), JSON Lines
 * files (streamed, one object a line) and stdin (`-`). Yields one record at a time, in input order;
 * a record that cannot be parsed is yielded as an error so the run can go on.
 */
import { constants } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { ClaimcheckError } from '../errors.js';
import { locateJsonError } from '../validate/_locate-json-error.js';
import { isRecordList, JSON_LINES_FILE, oneDocumentError, type OneDocumentPlace } from './_input-document.js';
import { linesOf, type JsonPath } from './_json-lines.js';

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
  /**
   * Records of a JSON document file (not stdin): the 1-based line of the record itself (no argument), or of
   * its message at `messageIndex` (an index in the record's `messages`, or in the record when it is a bare
   * message array: the line of its `content` when it has one); `undefined` when there is none.
   */
  locate?: (messageIndex?: number) => number | undefined;
}

/** Options of {@link readInputs}. */
export interface ReadInputsOptions {
  /** What `-` reads. Default `process.stdin`. */
  stdin?: Readable;
  /** Told how many more bytes of the named files were read (not stdin), as reading goes on. For progress bars. */
  onRead?: (bytes: number) => void;
  /** What one record is, in messages that say how to fix a file: `conversation`, `call`. Default `record`. */
  record?: string;
}

/**
 * Read every input in order. `-` is stdin. Files ending in `.jsonl`/`.ndjson` are streamed line by line, a
 * bad line yielded as an `invalid_input` error located at its line; one whose first record is not JSON and
 * whose whole text is one JSON document (pretty-printed JSON saved as `.jsonl`) yields one `invalid_input`
 * error that says so and how to fix the file.
 * @throws ClaimcheckError `invalid_input` for a file that is missing, a directory or unreadable.
 */
export async function* readInputs(files: readonly string[], options: ReadInputsOptions = {}): AsyncGenerator<InputRecord> {
  for (const file of files) {
    if (file === '-') {
      for (const { index: _index, ...record } of readText('stdin', await readAll(options.stdin ?? process.stdin))) yield { ...record, file: '-' };
      continue;
    }
    const size = await assertReadableFile(file);
    if (JSON_LINES_FILE.test(file)) {
      yield* readJsonLinesFile(file, size, options);
    } else {
      const text = await readFile(file, 'utf8');
      options.onRead?.(size);
      const lineOf = linesOf(withoutByteOrderMark(text));
      for (const record of readText(basename(file), text)) {
        const at: JsonPath = record.index === undefined ? [] : [record.index];
        const locate = (messageIndex?: number): number | undefined => {
          if (messageIndex === undefined || record.value === undefined) return lineOf(at);
          const message = [...at, ...(Array.isArray(record.value) ? [] : ['messages']), messageIndex];
          return lineOf([...message, 'content']) ?? lineOf(message);
        };
        const { index: _index, ...rest } = record;
        yield record.line === undefined ? { ...rest, file, locate } : { ...rest, file };
      }
    }
  }
}

/**
 * A JSON Lines file's records, streamed line by line. When its first record is not JSON and the whole file
 * is one JSON document (pretty-printed JSON saved as `.jsonl`), one error that says so instead.
 */
async function* readJsonLinesFile(file: string, size: number, options: ReadInputsOptions): AsyncGenerator<InputRecord> {
  const name = basename(file);
  const stream = createReadStream(file, { encoding: 'utf8' });
  let count = 0;
  let reported = 0;
  const report = (bytes: number): void => {
    if (options.onRead === undefined || bytes <= reported) return;
    options.onRead(bytes - reported);
    reported = bytes;
  };
  try {
    for await (const record of readLines(name, stream)) {
      count++;
      if (count === 1 && record.error !== undefined && record.line !== undefined) {
        const whole = await readWholeDocument(file, size, { file, line: record.line, record: options.record ?? 'record' });
        if (whole !== undefined) {
          report(size);
          yield { id: name, error: whole, file };
          return;
        }
      }
      report(stream.bytesRead);
      yield { ...record, file };
    }
  } finally {
    stream.destroy();
  }
  if (count === 0) yield { id: name, error: new ClaimcheckError('invalid_input', `${file} holds no records; expected one JSON object per line.`) };
}

/**
 * {@link oneDocumentError} for the whole file. A file longer than the longest string Node.js can hold is not
 * read whole (no JSON document of that size can be read either), so its lines are reported one by one.
 */
async function readWholeDocument(file: string, size: number, place: OneDocumentPlace): Promise<ClaimcheckError | undefined> {
  if (size > constants.MAX_STRING_LENGTH) return undefined;
  return oneDocumentError(withoutByteOrderMark(await readFile(file, 'utf8')), place);
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

/** The records of one JSON document (`index`: the record's place in a list of records). */
function* readText(name: string, text: string): Generator<InputRecord & { index?: number }> {
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
  if (isRecordList(value)) {
    let i = 0;
    for (const v of value) yield { id: idOf(v, `${name}#${i + 1}`), value: v, index: i++ };
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
