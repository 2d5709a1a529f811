/**
 * Tool definitions, normalized from every provider shape.
 */

/** A tool as claimcheck sees it. */
export interface ToolSpec {
  name: string;
  /** Description text, `''` when none was given. */
  description: string;
  /** JSON Schema of the arguments, when given. */
  parameters?: Record<string, unknown>;
}
