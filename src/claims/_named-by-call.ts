/**
 * A verbless outcome whose subject is a name a call was given: "etl-worker-3 is up and running" after a create call
 * with `name: "etl-worker-3"` is about that call's tool, though no word of the clause names the tool (corpus README:
 * "the VM is up and running" after being asked to create one is an outcome claim about the create tool); and a claim
 * no tool's words fit that states a file the call wrote ("the Q1 P&L is saved to /Shared/Accountant/q1_pl.pdf" after an
 * export to /Shared/Owner/q1_pl.pdf), about the tool of that call, whose values then judge the claim.
 */
import type { LedgerEntry } from '../ledger.js';
import type { ToolProfile } from './tool-profile.js';
import { eachLeaf } from './_values.js';
import { extensionOf, recordedPaths, type StatedPath } from './_paths.js';

/**
 * Whether `word` reads as a name given to a thing rather than a word of the language: letters and digits together, in
 * one piece that may hold hyphens, dots or underscores ("etl-worker-3", "db2", "web-01").
 */
export function isGivenName(word: string): boolean {
  return word.length >= 3 && /\d/.test(word) && /[a-z]/i.test(word) && /^[a-z0-9][a-z0-9._-]*$/i.test(word);
}

/**
 * The one tool that acts (no lookup, no passthrough) some of whose calls, failed ones included, were given `name` as
 * the whole value of an argument; `null` when no tool or more than one was.
 * @param calls Every call of a tool in the claim's window (`Backing.calls`).
 */
export function toolNamedByCall(name: string, profiles: readonly ToolProfile[], calls: (tool: string) => readonly LedgerEntry[]): string | null {
  if (!isGivenName(name)) return null;
  const wanted = name.toLowerCase();
  return theOneActingTool(profiles, calls, (call) => givenAs(call.args, wanted));
}

/** The one tool that acts (no lookup, no passthrough) some of whose calls `holds`; `null` when none or several do. */
function theOneActingTool(profiles: readonly ToolProfile[], calls: (tool: string) => readonly LedgerEntry[], holds: (call: LedgerEntry) => boolean): string | null {
  let found: string | null = null;
  for (const p of profiles) {
    if (p.read || p.generic || found === p.name) continue;
    if (!calls(p.name).some(holds)) continue;
    if (found !== null) return null;
    found = p.name;
  }
  return found;
}

/** Some argument of the call is `wanted` as a whole, case aside. */
function givenAs(args: unknown, wanted: string): boolean {
  let hit = false;
  eachLeaf(args, (_key, value) => {
    if (!hit && typeof value === 'string' && value.toLowerCase() === wanted) hit = true;
  });
  return hit;
}

/**
 * The one tool that acts (no lookup, no passthrough) some of whose calls, failed ones included, recorded in an argument
 * a file of the same name as one the claim states (`q1_pl.pdf`, in any folder); `null` when no tool or more than one did.
 */
export function toolNamedByFile(paths: readonly StatedPath[], profiles: readonly ToolProfile[], calls: (tool: string) => readonly LedgerEntry[]): string | null {
  const names = new Set<string>();
  for (const p of paths) if (p.ext !== '') names.add(fileName(p.path));
  if (names.size === 0) return null;
  return theOneActingTool(profiles, calls, (call) => wroteFile(call.args, names));
}

/** The last segment of a path. */
function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Some argument of the call records a file whose name is one of `names`. */
function wroteFile(args: unknown, names: ReadonlySet<string>): boolean {
  let hit = false;
  eachLeaf(args, (_key, value) => {
    if (!hit) for (const r of recordedPaths(value)) if (extensionOf(r) !== '' && names.has(fileName(r))) hit = true;
  });
  return hit;
}
