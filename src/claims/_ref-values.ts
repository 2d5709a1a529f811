/**
 * Internal: how values of calls and claims are compared: a reference's shape and its leading zeros, money
 * in whole cents, and a result written as JSON text read as data.
 */

/** `prefix:digits` of an identifier: "inv-0042" → "inv:4", "4821" → ":4". */
export function refShape(ref: string): string {
  const { prefix, digits } = refParts(ref);
  return `${prefix}:${digits}`;
}

/** The parts of {@link refShape}: the leading lower-case letters and the number of digits. */
export function refParts(ref: string): { prefix: string; digits: number } {
  let letters = 0;
  while (letters < ref.length && ref.charCodeAt(letters) >= 97 && ref.charCodeAt(letters) <= 122) letters++;
  let digits = 0;
  for (let i = letters; i < ref.length; i++) if (ref.charCodeAt(i) >= 48 && ref.charCodeAt(i) <= 57) digits++;
  return { prefix: ref.slice(0, letters), digits };
}

/**
 * "inv-0042" → "inv-42": leading zeros do not distinguish references. The zeros after the leading lower-case
 * letters and an optional "-" go when a digit follows them ("000" → "0"); what `s.replace(/^([a-z]*-?)0+(\d)/, '$1$2')`
 * does, in one scan without a copy for the usual word that has none.
 */
export function stripZeros(s: string): string {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) >= 97 && s.charCodeAt(i) <= 122) i++;
  if (s.charCodeAt(i) === 45) i++;
  let end = i;
  while (s.charCodeAt(end) === 48) end++;
  // The last zero stays when no other digit follows the run.
  const next = s.charCodeAt(end);
  if (!(next >= 48 && next <= 57)) end--;
  return end > i ? s.slice(0, i) + s.slice(end) : s;
}

/** A money amount in whole cents. */
export const cents = (v: number): number => Math.round(v * 100);

/** A result as data: a JSON object or array written as text is parsed; anything else is returned as is. */
export function structured(result: unknown): unknown {
  if (typeof result !== 'string') return result;
  const t = result.trim();
  if (t[0] !== '{' && t[0] !== '[') return result;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return result;
  }
}
