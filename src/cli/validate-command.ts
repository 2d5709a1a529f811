/**
 * `claimcheck validate [FILE...] [--json]`: validates recorded tool calls `{tool, args, tools?}` against
 * their tool's JSON Schema. `--json` prints one line per input: `{"id", "ok", "failures": [{"category",
 * "path", "message"}]}`. Exit status: 0 all valid, 1 any invalid, 2 an input or usage error.
 */
import { ClaimcheckError } from '../errors.js';
import { validateInput } from '../validate/validate-input.js';
import type { Sinks } from './check-command.js';
import pc from 'picocolors';
import { readInputs } from './read-inputs.js';

/** Run the command; resolves to the exit status. */
export async function runValidate(files: readonly string[], options: { json?: boolean }, sinks: Sinks): Promise<number> {
  let invalid = 0;
  let errors = 0;
  let total = 0;
  try {
    for await (const record of readInputs(files.length === 0 ? ['-'] : files)) {
      total++;
      try {
        if (record.error !== undefined) throw record.error;
        const result = validateInput(record.value, record.id);
        if (!result.ok) invalid++;
        if (options.json === true) {
          sinks.out(JSON.stringify({ id: result.id, ok: result.ok, failures: result.failures.map(({ category, path, message }) => ({ category, path, message })) }));
        } else if (result.ok) {
          sinks.out(`${pc.green('✓')} ${result.id}`);
        } else {
          sinks.out(`${pc.red('✗')} ${result.id}`);
          for (const f of result.failures) sinks.out(`    ${pc.red(f.category)} at ${JSON.stringify(f.path)}: ${f.message}${f.hint ? pc.dim(` (${f.hint})`) : ''}`);
        }
      } catch (error) {
        errors++;
        const code = ClaimcheckError.isInstance(error) ? error.code : 'internal_error';
        const message = error instanceof Error ? error.message : String(error);
        if (options.json === true) sinks.out(JSON.stringify({ id: record.id, error: { code, message } }));
        else sinks.err(`${record.id}: cannot validate (${code}): ${message}`);
      }
    }
  } catch (error) {
    sinks.err(`claimcheck validate: ${(error as Error).message}`);
    return 2;
  }
  if (options.json !== true) sinks.out(pc.dim(`${total} call${total === 1 ? '' : 's'} · ${total - invalid - errors} valid · ${invalid} invalid${errors > 0 ? ` · ${errors} unreadable` : ''}`));
  if (errors > 0) return 2;
  return invalid > 0 ? 1 : 0;
}
