/**
 * What a whole JSON document given as input holds: a list of records, or one record. And the error for a
 * JSON Lines file that is really one JSON document spread over many lines (a pretty-printed conversation,
 * or a list of them, saved as `.jsonl`), reported once instead of once per line.
 */
import { ClaimcheckError } from '../errors.js';

/** The name of a file read as JSON Lines: it ends in `.jsonl` or `.ndjson` (any case). */
export const JSON_LINES_FILE = /\.(jsonl|ndjson)$/i;

/** A list whose items are conversation/validation records (objects with `messages`, or `tool` + `args`). */
export function isRecordList(v: unknown): v is unknown[] {
  return Array.isArray(v) && v.length > 0 && v.every((item) => isRecord(item));
}

function isRecord(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && ('messages' in v || ('tool' in v && 'args' in v));
}

/** Where the line-by-line read of a JSON Lines file failed, and what its records are called. */
export interface OneDocumentPlace {
  /** The file as given on the command line. */
  file: string;
  /** The 1-based line whose text is not JSON on its own (the file's first record). */
  line: number;
  /** What one record is, in the message: `conversation`, `call`, `record`. */
  record: string;
}

/**
 * The `invalid_input` error for a JSON Lines file whose whole `text` (without a byte order mark) is one JSON
 * document, though its first record (`place.line`) is not JSON on its own; `undefined` when the text is not
 * one JSON document (then each bad line is reported where it is). The message says how to fix the file:
 * name it `.json`, or write one record a line (with the `jq` filter that does it: `.[]` for a list of
 * records, `.` for one record).
 */
export function oneDocumentError(text: string, place: OneDocumentPlace): ClaimcheckError | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { file, line, record } = place;
  const records = isRecordList(value) ? value.length : undefined;
  const holds = records !== undefined ? ` (a list of ${records} ${record}${records === 1 ? '' : 's'})` : isRecord(value) ? ` (one ${record})` : '';
  const lines = text.trim().split('\n').length;
  const asJson = file.replace(JSON_LINES_FILE, '.json');
  return new ClaimcheckError(
    'invalid_input',
    `${file} is one JSON document spread over ${lines} lines${holds}, not JSON Lines (one JSON value per line): its line ${line} is not JSON on its own. ` +
      `Name it ${asJson} to read it as one JSON document, or write one ${record} per line (jq -c '${records === undefined ? '.' : '.[]'}' ${file} > one-per-line.jsonl).`,
  );
}
