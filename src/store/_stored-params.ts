/**
 * Internal: a stored row back into the parameters of its INSERT, as it is stored: nothing hashed,
 * redacted, cut or captured again (the row already went through that in the ledger it came from).
 * Used by `importLedger` to copy rows between stores; the columns are the writers' (`insertSql`).
 */
import { ClaimcheckError } from '../errors.js';
import type { ExportRow } from './rows.js';
import type { PendingWrite } from './_sqlite-writer.js';

/** A store that can queue rows exactly as another ledger stored them (both stores of `openStore`). */
export interface StoredRowWriter {
  writeStored(item: PendingWrite): void;
}

/**
 * `item` when it is a queued write as {@link storedParams} makes it; else `invalid_record` (`writeStored`
 * is reachable on a store object, so what it queues is checked before a batch could fail on it).
 */
export function checkedStoredWrite(item: unknown): PendingWrite {
  const w = item as Partial<PendingWrite> | null;
  if (typeof w !== 'object' || w === null || !['run', 'operation', 'interception', 'receipt'].includes(String(w.kind)) || typeof w.runId !== 'string' || w.runId === '' || typeof w.at !== 'number' || !Array.isArray(w.params)) {
    throw new ClaimcheckError('invalid_record', 'writeStored(item) takes a row as importLedger reads it from another ledger ({ kind, runId, at, params }); record with startRun and the record methods instead.');
  }
  return w as PendingWrite;
}

/** True for a store with {@link StoredRowWriter.writeStored}. */
export function canWriteStored(store: unknown): store is StoredRowWriter {
  return typeof (store as Partial<StoredRowWriter> | null)?.writeStored === 'function';
}

/** The queued write that stores `row` again, in the same columns. */
export function storedParams(row: ExportRow): PendingWrite {
  switch (row.type) {
    case 'run':
      return { kind: 'run', runId: row.id, at: row.startedAt, tools: row.tools, params: [row.id, row.agent, json(row.meta), JSON.stringify(row.tools), row.startedAt] };
    case 'operation':
      return {
        kind: 'operation',
        runId: row.runId,
        at: row.at,
        params: [
          row.runId, row.turn, row.at, row.tool, row.callId, row.kind, row.state, row.status, row.ran ? 1 : 0, row.repaired ? 1 : 0, row.failure, row.error,
          row.incident, row.receiptId, row.receiptKind, json(row.verify), row.startedAt, row.endedAt, json(row.args), json(row.result),
        ],
      };
    case 'interception':
      return {
        kind: 'interception',
        runId: row.runId,
        at: row.at,
        params: [row.runId, row.turn, row.at, row.tool, row.category, row.callId, row.path, JSON.stringify(row.failures), row.argsHash, row.repaired ? 1 : 0, json(row.args)],
      };
    case 'receipt':
      return {
        kind: 'receipt',
        runId: row.runId,
        at: row.at,
        params: [row.runId, row.turn, row.messageIndex, row.at, row.verdict, row.summary, row.flagged, row.confirmed, JSON.stringify(row.callIds), JSON.stringify(row.receipt), row.reply, row.request],
      };
  }
}

/** A row's identity across ledgers: every stored field but the ledger's own `seq`, keys sorted. */
export function rowFingerprint(row: ExportRow): string {
  const { seq: _seq, ...fields } = row as ExportRow & { seq?: number };
  return canonical(fields);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
