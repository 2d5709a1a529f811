/**
 * JSON Pointer (RFC 6901) helpers for failure paths.
 * @see https://www.rfc-editor.org/rfc/rfc6901
 */

/** Escape one reference token: `~` → `~0`, `/` → `~1`. */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Undo {@link escapePointerSegment}. */
export function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `pointer` extended by one (unescaped) member name or array index. */
export function appendPointer(pointer: string, segment: string | number): string {
  return `${pointer}/${typeof segment === 'number' ? String(segment) : escapePointerSegment(segment)}`;
}

/** The reference tokens of a pointer, unescaped (`''` → `[]`). */
export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointerSegment);
}

/** True when `pointer` is `prefix` or lies below it (`/a/b` is within `/a`, `/ab` is not). */
export function isWithinPointer(pointer: string, prefix: string): boolean {
  return pointer === prefix || pointer.startsWith(`${prefix}/`);
}
