/**
 * Internal: the line of a value in a JSON document given as input (a pretty-printed `.json` file), so that
 * the `github` and `junit` reporters can point at the reply a finding is about. The document is parsed for
 * positions (Microsoft's `jsonc-parser`, the parser of VS Code) on the first question only, once per file.
 * @see https://github.com/microsoft/node-jsonc-parser
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

/** A path into the document: property names and array indexes. */
export type JsonPath = ReadonlyArray<string | number>;

/** Answers the 1-based line on which the value at a path starts; `undefined` when there is none. */
export type LineOf = (path: JsonPath) => number | undefined;

/** {@link LineOf} for one document's text (as read from the file, byte order mark removed). */
export function linesOf(text: string): LineOf {
  let root: Node | undefined | null = null;
  let starts: number[] | undefined;
  return (path) => {
    if (root === null) root = parseTree(text) ?? undefined;
    const node = root === undefined ? undefined : findNodeAtLocation(root, [...path]);
    if (node === undefined) return undefined;
    starts ??= lineStarts(text);
    return lineAt(starts, node.offset);
  };
}

/** Offsets at which each line begins. */
function lineStarts(text: string): number[] {
  const out = [0];
  for (let k = text.indexOf('\n'); k !== -1; k = text.indexOf('\n', k + 1)) out.push(k + 1);
  return out;
}

/** The 1-based line holding `offset` (binary search over the line starts). */
function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
