/**
 * `claimcheck init [--force]`: writes a starter `claimcheck.config.json` in the working folder, with
 * `$schema` pointing at the schema the package ships so editors complete and explain each setting.
 * Exit status: 0 written, 2 when the file exists (without `--force`) or cannot be written.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sinks } from './check-command.js';
import { CONFIG_FILE, starterConfig } from './_config.js';

/** Options of the init command. */
export interface InitCommandOptions {
  /** Overwrite an existing file. Default `false`. */
  force?: boolean;
  /** The folder to write in. Default `process.cwd()`. */
  cwd?: string;
}

/** Run the command; returns the exit status. */
export function runInit(options: InitCommandOptions, sinks: Sinks): number {
  const path = join(options.cwd ?? process.cwd(), CONFIG_FILE);
  if (existsSync(path) && options.force !== true) {
    sinks.err(`claimcheck init: ${path} exists; edit it, or run claimcheck init --force to overwrite it.`);
    return 2;
  }
  try {
    writeFileSync(path, `${JSON.stringify(starterConfig(), null, 2)}\n`);
  } catch (error) {
    sinks.err(`claimcheck init: cannot write ${path}: ${(error as Error).message}`);
    return 2;
  }
  sinks.out(`Wrote ${path}. Settings: tools (a JSON tool list file), ignoreTools, strict, db, format, turns, only, reporter; a flag wins over the file, and CLAIMCHECK_DB over its db. claimcheck diagnostic shows what it sets.`);
  return 0;
}
