/**
 * Internal: OTLP JSON `AnyValue` and `KeyValue` lists into plain values.
 * @see https://github.com/open-telemetry/opentelemetry-proto/blob/v1.5.0/opentelemetry/proto/common/v1/common.proto
 */
import { isRecord, type Rec } from '../_shape.js';

/**
 * The plain value of an OTLP `AnyValue`: `stringValue`, `boolValue`, `intValue` (a JSON number or, as
 * int64 is written in JSON, a decimal string), `doubleValue`, `arrayValue.values`, `kvlistValue.values`
 * (an object) or `bytesValue` (kept as its base64 text). `undefined` for an empty or unknown value.
 */
export function anyValue(value: unknown): unknown {
  if (!isRecord(value)) return undefined;
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return typeof value.intValue === 'string' ? Number(value.intValue) : value.intValue;
  if ('doubleValue' in value) return typeof value.doubleValue === 'string' ? Number(value.doubleValue) : value.doubleValue;
  if ('boolValue' in value) return value.boolValue;
  if (isRecord(value.arrayValue)) {
    const values = value.arrayValue.values;
    return Array.isArray(values) ? values.map(anyValue) : [];
  }
  if (isRecord(value.kvlistValue)) return keyValues(value.kvlistValue.values);
  if ('bytesValue' in value) return value.bytesValue;
  return undefined;
}

/** A `KeyValue` list (`[{key, value}]`) as an object; entries without a string key are skipped. */
export function keyValues(list: unknown): Rec {
  const out: Rec = {};
  if (!Array.isArray(list)) return out;
  for (const entry of list) {
    if (isRecord(entry) && typeof entry.key === 'string') out[entry.key] = anyValue(entry.value);
  }
  return out;
}

/**
 * Epoch milliseconds of an OTLP `fixed64` nanosecond time, written as a decimal string (or a number);
 * `null` when absent or not a number.
 */
export function nanosToMillis(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value / 1e6 : null;
  if (typeof value !== 'string' || value === '') return null;
  // Split so the milliseconds keep their sub-millisecond digits exactly (a 19-digit number loses them).
  const cut = value.length - 6;
  const ms = cut > 0 ? Number(value.slice(0, cut)) + Number(value.slice(cut)) / 1e6 : Number(value) / 1e6;
  return Number.isFinite(ms) ? ms : null;
}
