/**
 * Where the ledger lives: `CLAIMCHECK_DB`, else `.claimcheck/ledger.sqlite` in the nearest project
 * folder, else `~/.claimcheck/ledger.sqlite`.
 */
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { hostError } from '../_host-input.js';

/** The folder a project-local or home ledger lives in. */
export const STORE_DIR = '.claimcheck';
/** The ledger's file name inside {@link STORE_DIR}. */
export const STORE_FILE = 'ledger.sqlite';
/** Entries whose presence makes a folder a project root, checked in this order. */
export const PROJECT_MARKERS: readonly string[] = ['.claimcheck', '.git', 'package.json'];

/** Options of {@link resolveStorePath}. */
export interface ResolveStorePathOptions {
  /** Folder the search for a project starts from. Default `process.cwd()`. */
  cwd?: string;
  /** Environment to read `CLAIMCHECK_DB` from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Home folder for the fallback and for `~/` in `CLAIMCHECK_DB`. Default `os.homedir()`. */
  home?: string;
}

/** Where the ledger is and why. */
export interface StorePath {
  /** Absolute path of the SQLite file (it may not exist yet). */
  path: string;
  /**
   * - `env`: `CLAIMCHECK_DB` is set (a relative value is resolved against `cwd`, `~/` against `home`);
   * - `project`: a folder holding a project marker was found walking up from `cwd`;
   * - `home`: no marker up to the file-system root (or the marker found is the home folder itself).
   */
  source: 'env' | 'project' | 'home';
  /** The marker that decided it (absolute path, e.g. `/repo/.git`); `null` for `env` and `home`. */
  marker: string | null;
  /** One line saying why, for `claimcheck diagnostic`: e.g. `project marker found at /repo/.git`. */
  reason: string;
}

/**
 * Where the ledger of the current project lives. Reads the file system (one `stat` per marker per
 * folder walked) but never creates anything. Never throws.
 */
export function resolveStorePath(options: ResolveStorePathOptions = {}): StorePath {
  try {
    const env = options.env ?? process.env;
    const home = resolve(options.home ?? homedir());
    const cwd = resolve(options.cwd ?? process.cwd());
    const fromEnv = env['CLAIMCHECK_DB']?.trim();
    if (fromEnv !== undefined && fromEnv !== '') {
      if (/^postgres(?:ql)?:\/\//i.test(fromEnv)) return { path: fromEnv, source: 'env', marker: null, reason: 'CLAIMCHECK_DB is set to a PostgreSQL URL' };
      const expanded = fromEnv === '~' || fromEnv.startsWith('~/') ? join(home, fromEnv.slice(1)) : fromEnv;
      const path = isAbsolute(expanded) ? resolve(expanded) : resolve(cwd, expanded);
      return { path, source: 'env', marker: null, reason: `CLAIMCHECK_DB is set to ${fromEnv}` };
    }
    const homePath = join(home, STORE_DIR, STORE_FILE);
    for (let dir = cwd; ; dir = dirname(dir)) {
      const marker = PROJECT_MARKERS.map((m) => join(dir, m)).find(exists);
      if (marker !== undefined) {
        if (dir === home) return { path: homePath, source: 'home', marker: null, reason: `the nearest project folder is the home folder ${home}` };
        return { path: join(dir, STORE_DIR, STORE_FILE), source: 'project', marker, reason: `project marker found at ${marker}` };
      }
      if (dirname(dir) === dir) break;
    }
    return { path: homePath, source: 'home', marker: null, reason: `no .claimcheck/, .git or package.json in ${cwd} or any folder above it; using the home folder` };
  } catch (error) {
    throw hostError('resolveStorePath', error);
  }
}

function exists(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}
