/**
 * Internal: the store's error messages, told for the command line. The store (a library) says how to
 * fix a ledger problem in its own terms ("point CLAIMCHECK_DB at another file", "move it away
 * (claimcheck starts a new ledger)"); on the command line the fix names what the user actually used to
 * choose the ledger (`--db`, `CLAIMCHECK_DB`, the configuration file's `db`, or nothing: the default) and
 * is true for the command that ran (`stats` never creates a ledger, so moving a damaged file away does
 * not help it; `demo` does create one).
 */
import { ClaimcheckError } from '../errors.js';
import type { LedgerLocation } from './_open-ledger.js';
import { redactUrl } from '../store/_pg-errors.js';

/** How the command came by its ledger, and what it does with it. */
export interface LedgerHintContext {
  /** The command's name, as in `claimcheck stats`. */
  command: string;
  /** Whether the command creates the ledger when it is missing (`demo`, `import`'s target, `mcp-proxy`). */
  creates: boolean;
  /** The configuration file that set `db`, when `location.source` is `config`. */
  configFile?: string | null | undefined;
}

/** The store's names for how a ledger is chosen, in its messages. */
const STORE_SETTING = /CLAIMCHECK_DB(?: \(or openStore's path\))?/g;

/**
 * `error` with its message told for the command line (see the module's comment); the same `code`,
 * `data` and `cause`. Errors that are not the store's (no `data.path`), or that are about another file
 * than `location` (`import`'s source), pass through unchanged.
 */
export function forCommandLine(error: unknown, location: LedgerLocation, context: LedgerHintContext): unknown {
  if (!ClaimcheckError.isInstance(error) || !error.code.startsWith('store_')) return error;
  // The store's errors name their file in `data.path` (a PostgreSQL URL without its password); the CLI's own
  // (a JSON file given as --db) have no data.
  const path = (error.data as { path?: unknown } | undefined)?.path;
  if (path !== location.path && !(/^postgres(?:ql)?:\/\//i.test(location.path) && path === redactUrl(location.path))) return error;
  const message = retell(error.message, error.code, location, context);
  return message === error.message ? error : new ClaimcheckError(error.code, message, { data: error.data, cause: error.cause ?? error });
}

function retell(message: string, code: string, location: LedgerLocation, context: LedgerHintContext): string {
  let text = message.replace(STORE_SETTING, setting(location, context));
  if (context.creates) {
    text = text.replace(/\(claimcheck starts a new ledger\)/g, `(claimcheck ${context.command} then starts a new ledger there)`);
  } else {
    // Moving the file away helps only a command that then creates a new ledger; this one does not.
    text = text
      .replace(/: move it away \(claimcheck starts a new ledger\) or point /g, ': point ')
      .replace(/Move it away \(claimcheck starts a new ledger\) or point /g, 'Point ')
      .replace(/, or move this one away\./g, '.');
    if (code === 'store_corrupt') {
      text += ` claimcheck ${context.command} reads a ledger and never creates one${context.command === 'diagnostic' ? '.' : '; claimcheck diagnostic shows which one is active.'}`;
    }
  }
  return text;
}

/** How the message names the way the ledger was chosen, as the object of "point … at another file". */
function setting(location: LedgerLocation, context: LedgerHintContext): string {
  switch (location.source) {
    case 'flag':
      return '--db';
    case 'env':
      return 'CLAIMCHECK_DB';
    case 'config':
      return context.configFile === undefined || context.configFile === null ? 'the "db" setting of the configuration file' : `the "db" setting in ${context.configFile}`;
    default:
      return '--db (or CLAIMCHECK_DB)';
  }
}
