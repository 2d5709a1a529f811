/**
 * `buildRepairPrompt()`: the instruction that asks a model to fix the arguments of a rejected tool call.
 */
import { isRecord } from '../readers/_shape.js';
import { pointerSegments } from '../validate/_json-pointer.js';
import type { ValidationFailure } from '../validate/validation-failure.js';
import { outputText } from './_answer.js';
import { hostError } from '../_host-input.js';

/** What {@link buildRepairPrompt} needs to know about a rejected call. */
export interface RepairFailure {
  /** The tool the model called. */
  tool: string;
  /**
   * The findings, most relevant first: `GuardFailure.failures` from a guarded call, or the `failures` of a
   * failed `ValidationResult`. At most the first {@link REPAIR_PROMPT_LIMITS.failures} are listed.
   */
  failures: readonly ValidationFailure[];
  /** The tool's parameters JSON Schema, for an excerpt of the parts that failed. Default: no excerpt. */
  schema?: Record<string, unknown>;
}

/** How much of each part the prompt quotes, in UTF-16 code units (longer text is cut and ends with `…`). */
export const REPAIR_PROMPT_LIMITS = Object.freeze({ failures: 5, excerpt: 400, schema: 1_500, args: 2_000 });

/**
 * A short instruction a model can act on: which call was rejected and that it did not run; each finding
 * with its path, category, message and hint; the schema of each failing path (the allowed members where
 * the path is not in the schema; the whole schema for text that is not JSON); the arguments
 * the model sent; and the request to call the tool again with only the listed problems fixed.
 *
 * ```ts
 * const r = await g.executeAsync('issue_refund', call.function.arguments);
 * if (!r.ok && 'failures' in r.failure) {
 *   const prompt = buildRepairPrompt({ tool: r.tool, failures: r.failure.failures, schema }, call.function.arguments);
 * }
 * ```
 * `args` is what the model sent: its raw arguments text (quoted as it is) or an object (quoted as JSON).
 * Deterministic; never throws for odd schemas or arguments.
 */
export function buildRepairPrompt(failure: RepairFailure, args: unknown): string {
  try {
    const { tool, schema } = failure;
    const listed = failure.failures.slice(0, REPAIR_PROMPT_LIMITS.failures);
    const lines = [`Your call to ${tool} was rejected and did not run: its arguments do not match the tool's schema.`, 'Problems:'];
    for (const f of listed) lines.push(`- ${where(f.path)} (${f.category}): ${f.message}${f.hint === undefined ? '' : ` ${f.hint}`}`);
    const more = failure.failures.length - listed.length;
    if (more > 0) lines.push(`- and ${more} more.`);
    const excerpts = schema === undefined ? [] : schemaExcerpts(schema, listed);
    if (excerpts.length > 0) lines.push('Schema:', ...excerpts);
    lines.push(`Arguments you sent: ${clip(outputText(args), REPAIR_PROMPT_LIMITS.args)}`);
    lines.push(`Call ${tool} again with corrected arguments. Fix only the problems listed and keep every other value as it was.`);
    return lines.join('\n');
  } catch (error) {
    throw hostError('buildRepairPrompt', error);
  }
}

function where(path: string): string {
  return path === '' ? '(arguments)' : path;
}

/** One line per distinct failing path: its subschema, the allowed members, or the whole schema. */
function schemaExcerpts(schema: Record<string, unknown>, failures: readonly ValidationFailure[]): string[] {
  const out = new Map<string, string>();
  for (const f of failures) {
    // An extra member's message already names the allowed ones.
    if (out.has(f.path) || f.category === 'extra_field') continue;
    const segments = pointerSegments(f.path);
    const node = resolve(schema, segments);
    if (node !== undefined && segments.length > 0) {
      out.set(f.path, `- ${f.path}: ${clip(json(node), REPAIR_PROMPT_LIMITS.excerpt)}`);
      continue;
    }
    const parent = segments.length > 0 ? resolve(schema, segments.slice(0, -1)) : undefined;
    if (parent !== undefined && isRecord(parent.properties)) {
      const members = Object.keys(parent.properties);
      out.set(f.path, `- ${f.path}: not in the schema; allowed members: ${clip(members.join(', ') || 'none', REPAIR_PROMPT_LIMITS.excerpt)}`);
    } else if (!out.has('')) {
      out.set('', `- (arguments): ${clip(json(schema), REPAIR_PROMPT_LIMITS.schema)}`);
    }
  }
  return [...out.values()];
}

/** The subschema at a path of the arguments, through `properties`, `items`, `prefixItems` and `additionalProperties`. */
function resolve(schema: Record<string, unknown>, segments: readonly string[]): Record<string, unknown> | undefined {
  let node: Record<string, unknown> = schema;
  for (const segment of segments) {
    const index = /^\d+$/.test(segment) ? Number(segment) : -1;
    const next: unknown =
      (isRecord(node.properties) && Object.hasOwn(node.properties, segment) ? node.properties[segment] : undefined) ??
      (index >= 0 && Array.isArray(node.prefixItems) ? node.prefixItems[index] : undefined) ??
      (index >= 0 && isRecord(node.items) ? node.items : undefined) ??
      (isRecord(node.additionalProperties) ? node.additionalProperties : undefined);
    if (!isRecord(next)) return undefined;
    node = next;
  }
  return node;
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '(not JSON)';
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
