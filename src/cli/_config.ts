/**
 * Internal: the CLI's configuration file. `claimcheck.config.json`, or the `claimcheck` key of
 * `package.json`, the nearest up from the working folder (found with lilconfig; the search stops at
 * the home folder). Checked against the JSON Schema shipped in `schema/claimcheck.config.schema.json`
 * (Ajv). Precedence for every setting: flag > environment (`CLAIMCHECK_DB`, for `db`) > config file >
 * default. Relative paths in the file are relative to its folder.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { lilconfig } from 'lilconfig';
import { ClaimcheckError } from '../errors.js';
import { closestName } from '../validate/_closest-name.js';
import { locateJsonError } from '../validate/_locate-json-error.js';
import { withoutByteOrderMark } from './read-inputs.js';

/** The settings a configuration file may hold (documented in the schema). */
export interface ClaimcheckConfig {
  $schema?: string;
  tools?: string;
  ignoreTools?: string[];
  strict?: boolean;
  db?: string;
  format?: string;
  turns?: boolean;
  only?: string[];
  reporter?: string;
}

/** A configuration as found: its settings (paths made absolute) and the file, or none. */
export interface LoadedConfig {
  config: ClaimcheckConfig;
  /** Absolute path of the file read; `null` when none was found. */
  file: string | null;
}

/** The file `claimcheck init` writes, and the first one searched. */
export const CONFIG_FILE = 'claimcheck.config.json';
/** The schema's path inside the package. */
export const CONFIG_SCHEMA = 'schema/claimcheck.config.schema.json';
const SEARCH_PLACES = ['package.json', CONFIG_FILE];
const PATH_KEYS = ['tools', 'db'] as const;

let validateConfig: ReturnType<Ajv['compile']> | undefined;

/** The shipped JSON Schema of the configuration file. */
export function configSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../${CONFIG_SCHEMA}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

/**
 * Finds and reads the configuration for `cwd`. No file is not an error (`file: null`).
 * @throws ClaimcheckError `invalid_options` for a file that is not JSON or does not fit the schema.
 */
export async function loadConfig(cwd: string = process.cwd()): Promise<LoadedConfig> {
  let found;
  try {
    found = await lilconfig('claimcheck', { searchPlaces: SEARCH_PLACES, cache: false, loaders: { '.json': readJson } }).search(cwd);
  } catch (cause) {
    if (ClaimcheckError.isInstance(cause)) throw cause;
    throw new ClaimcheckError('invalid_options', `Cannot read the claimcheck configuration: ${(cause as Error).message}`, { cause });
  }
  if (found === null || found === undefined) return { config: {}, file: null };
  const file = found.filepath;
  validateConfig ??= new Ajv({ allErrors: true, strict: false }).compile(configSchema());
  if (!validateConfig(found.config)) {
    const where = file.endsWith('package.json') ? `${file} ("claimcheck" key)` : file;
    const known = Object.keys((configSchema()['properties'] ?? {}) as Record<string, unknown>);
    const problems = (validateConfig.errors ?? []).map((e) => describe(e, known)).join('; ');
    throw new ClaimcheckError('invalid_options', `The claimcheck configuration in ${where} is not valid: ${problems}. See ${CONFIG_SCHEMA} in the claimcheck package.`);
  }
  const config = { ...(found.config as ClaimcheckConfig) };
  for (const key of PATH_KEYS) {
    const value = config[key];
    if (value !== undefined) config[key] = resolve(dirname(file), value);
  }
  return { config, file };
}

/**
 * lilconfig's loader for `claimcheck.config.json` and every `package.json` on the way up: JSON, with a
 * syntax error reported at its file, line and column (JSON.parse names only an offset, and no file).
 * @throws ClaimcheckError `invalid_options`
 */
function readJson(file: string, content: string): unknown {
  const text = withoutByteOrderMark(content);
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    const at = locateJsonError(text);
    const where = at === undefined ? (cause as Error).message : `line ${at.line}, column ${at.column}${at.kind === 'truncated' ? ' (the file ends there)' : ''}: expected ${at.expected}`;
    const fix = file.endsWith('package.json')
      ? 'Fix the JSON there (npm cannot read that package.json either).'
      : `Fix the JSON there (keys and strings in double quotes, no trailing commas, no comments), or delete the file and run claimcheck init for a starter.`;
    throw new ClaimcheckError('invalid_options', `The claimcheck configuration file ${file} is not valid JSON: ${where}. ${fix}`, {
      cause,
      data: { file, ...(at === undefined ? {} : { line: at.line, column: at.column }) },
    });
  }
}

function describe(e: ErrorObject, known: readonly string[]): string {
  const at = e.instancePath === '' ? 'the file' : e.instancePath.slice(1).replace(/\//g, '.');
  if (e.keyword === 'additionalProperties') {
    const key = String(e.params.additionalProperty);
    const near = e.instancePath === '' ? closestName(key, known) : undefined;
    return `unknown setting "${key}"${near === undefined ? '' : ` (did you mean "${near}"?)`}`;
  }
  if (e.keyword === 'enum') return `${at} must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return `${at} ${e.message ?? 'is not valid'}`;
}

/** Where a setting's value came from. */
export type SettingSource = 'flag' | 'env' | 'config' | 'default';

/** A setting's value and its source. */
export interface Setting<T> {
  value: T | undefined;
  source: SettingSource;
}

/** flag > config > default (for settings no environment variable sets). */
export function pick<T>(flag: T | undefined, config: T | undefined): Setting<T> {
  if (flag !== undefined) return { value: flag, source: 'flag' };
  if (config !== undefined) return { value: config, source: 'config' };
  return { value: undefined, source: 'default' };
}

/** The starter `claimcheck init` writes. */
export function starterConfig(): ClaimcheckConfig {
  return {
    $schema: `./node_modules/claimcheck/${CONFIG_SCHEMA}`,
    ignoreTools: [],
    format: 'auto',
    turns: true,
    reporter: 'text',
    strict: false,
  };
}
