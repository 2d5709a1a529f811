// The configuration file: where it is found, its schema, `claimcheck init`, and the precedence
// flag > environment > config file > default, through the built binary as a user runs it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { runInit } from '../src/cli/init-command.js';
import { configSchema, loadConfig, starterConfig } from '../src/cli/_config.js';
import { locateLedger } from '../src/cli/_open-ledger.js';

const bin = new URL('../dist/cli/main.js', import.meta.url).pathname;
const sample = new URL('../examples/tau-airline-sample.jsonl', import.meta.url).pathname;

function project(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'claimcheck-config-'));
  for (const [name, value] of Object.entries(files)) writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  return dir;
}

function cli(cwd: string, args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const { CLAIMCHECK_DB: _db, ...rest } = process.env;
  return spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...rest, NO_COLOR: '1', ...env } });
}

describe('loadConfig', () => {
  it('reads claimcheck.config.json, or the claimcheck key of package.json, from the folder or above; paths relative to the file', async () => {
    const dir = project({ 'package.json': { name: 'p' }, 'claimcheck.config.json': { tools: 'tools.json', db: 'data/ledger.sqlite', ignoreTools: ['think'] } });
    const sub = join(dir, 'src');
    mkdirSync(sub);
    expect(await loadConfig(sub)).toEqual({ file: join(dir, 'claimcheck.config.json'), config: { tools: join(dir, 'tools.json'), db: join(dir, 'data/ledger.sqlite'), ignoreTools: ['think'] } });
    const pkg = project({ 'package.json': { name: 'p', claimcheck: { strict: true } } });
    expect(await loadConfig(pkg)).toEqual({ file: join(pkg, 'package.json'), config: { strict: true } });
  });

  it('rejects a file that does not fit the schema with invalid_options naming each problem', async () => {
    const dir = project({ 'claimcheck.config.json': { ignoreTools: 'think', reporter: 'tap', colour: true } });
    await expect(loadConfig(dir)).rejects.toMatchObject({
      code: 'invalid_options',
      message: `The claimcheck configuration in ${join(dir, 'claimcheck.config.json')} is not valid: unknown setting "colour"; ignoreTools must be array; reporter must be one of "text", "json", "github", "junit". See schema/claimcheck.config.schema.json in the claimcheck package.`,
    });
  });

  it('names the file, line and column of a file that is not JSON, and how to fix it', async () => {
    const broken = project({ 'claimcheck.config.json': '{\n  "turns": true,\n  strict: true\n}' });
    const file = join(broken, 'claimcheck.config.json');
    await expect(loadConfig(broken)).rejects.toMatchObject({
      code: 'invalid_options',
      message: `The claimcheck configuration file ${file} is not valid JSON: line 3, column 3: expected a double-quoted property name or '}'. Fix the JSON there (keys and strings in double quotes, no trailing commas, no comments), or delete the file and run claimcheck init for a starter.`,
      data: { file, line: 3, column: 3 },
    });
    const cut = project({ 'claimcheck.config.json': '{"turns": tru' });
    await expect(loadConfig(cut)).rejects.toMatchObject({ message: expect.stringContaining(`${join(cut, 'claimcheck.config.json')} is not valid JSON: line 1, column 14 (the file ends there): expected the literal true.`) as string });
    // A package.json on the way up is read for its "claimcheck" key: a broken one is named too.
    const pkg = project({ 'package.json': '{"name": "p",}' });
    await expect(loadConfig(pkg)).rejects.toMatchObject({ message: expect.stringContaining(`${join(pkg, 'package.json')} is not valid JSON: line 1, column 14: expected another property after ','.`) as string });
    const r = cli(broken, ['stats']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`claimcheck stats: The claimcheck configuration file ${file} is not valid JSON: line 3, column 3: expected a double-quoted property name or '}'. Fix the JSON there (keys and strings in double quotes, no trailing commas, no comments), or delete the file and run claimcheck init for a starter.\n`);
  });

  it('suggests the nearest known setting for a misspelled one, as option errors do', async () => {
    const dir = project({ 'claimcheck.config.json': { trns: true, reportr: 'json', zzzzzz: 1 } });
    await expect(loadConfig(dir)).rejects.toMatchObject({
      message: expect.stringContaining('is not valid: unknown setting "trns" (did you mean "turns"?); unknown setting "reportr" (did you mean "reporter"?); unknown setting "zzzzzz". See') as string,
    });
  });

  it('the db setting comes after --db and CLAIMCHECK_DB, before the project ledger', async () => {
    const dir = project({ 'package.json': { name: 'p' } });
    const config = { file: join(dir, 'claimcheck.config.json'), config: { db: join(dir, 'cfg.sqlite') } };
    expect(await locateLedger({ cwd: dir, env: {}, config })).toMatchObject({ path: join(dir, 'cfg.sqlite'), source: 'config' });
    expect(await locateLedger({ cwd: dir, env: { CLAIMCHECK_DB: 'env.sqlite' }, config })).toMatchObject({ path: join(dir, 'env.sqlite'), source: 'env' });
    expect(await locateLedger({ cwd: dir, env: { CLAIMCHECK_DB: 'env.sqlite' }, config, db: 'flag.sqlite' })).toMatchObject({ path: join(dir, 'flag.sqlite'), source: 'flag' });
    expect(await locateLedger({ cwd: dir, env: {} })).toMatchObject({ source: 'project' });
  });
});

describe('claimcheck init', () => {
  it('writes a starter that the shipped schema accepts, and refuses to overwrite without --force', () => {
    const dir = project({});
    const out: string[] = [];
    const err: string[] = [];
    const sinks = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    expect(runInit({ cwd: dir }, sinks)).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, 'claimcheck.config.json'), 'utf8')) as Record<string, unknown>;
    expect(written).toEqual(starterConfig());
    expect(written.$schema).toBe('./node_modules/claimcheck/schema/claimcheck.config.schema.json');
    expect(new Ajv({ strict: false }).validate(configSchema(), written)).toBe(true);
    expect(runInit({ cwd: dir }, sinks)).toBe(2);
    expect(err[0]).toContain('exists; edit it, or run claimcheck init --force');
    expect(runInit({ cwd: dir, force: true }, sinks)).toBe(0);
  });

  it('the schema ships in the package', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('schema');
    expect(configSchema()).toMatchObject({ type: 'object', additionalProperties: false });
  });
});

describe('precedence through the binary', () => {
  it('config settings apply to check; a flag wins over them', () => {
    const dir = project({ 'package.json': { name: 'p', claimcheck: { turns: true, only: ['fabricated'], ignoreTools: ['get_reservation_details'] } } });
    const configured = cli(dir, ['check', sample]);
    expect(configured.status).toBe(1);
    expect(configured.stdout).toMatch(/conversation: worst of \d+ turns \(1 fabricated\)/);
    expect(configured.stdout).not.toMatch(/ CLEAN /);
    // ignoreTools from the file: never listed as ran but unreported.
    expect(configured.stdout).not.toMatch(/(ran but unreported|unreported most).*get_reservation_details/);
    const flags = cli(dir, ['check', '--no-turns', '--only', 'clean', sample]);
    expect(flags.stdout).not.toContain('conversation: worst of');
    expect(flags.stdout).toContain('tau-airline-0-0  CLEAN');
    expect(cli(dir, ['check', '--ignore-tools', 'think', sample]).stdout).toMatch(/unreported most +get_reservation_details 15/);
  });

  it('a bad "tools" from the config file is blamed on the file, not on a --tools flag that was not given', () => {
    const dir = project({ 'claimcheck.config.json': { tools: 'tools.json' } });
    const config = join(dir, 'claimcheck.config.json');
    for (const command of ['check', 'validate']) {
      const run = cli(dir, [command, sample]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`cannot use ${join(dir, 'tools.json')} (the "tools" setting of the configuration file ${config}): no such file.`);
      expect(run.stderr).not.toContain('--tools');
    }
    // With the flag, the flag is named.
    expect(cli(dir, ['check', '--tools', 'other.json', sample]).stderr).toContain(`cannot use --tools other.json: no such file.`);
  });

  it('diagnostic shows the file, what it sets and which source chose the ledger; an invalid file exits 2 everywhere', () => {
    const dir = project({ 'claimcheck.config.json': { db: 'cfg.sqlite', strict: true } });
    const fromConfig = JSON.parse(cli(dir, ['diagnostic', '--json']).stdout) as { config: Record<string, unknown>; ledger: Record<string, unknown> };
    expect(fromConfig.config).toEqual({ file: join(dir, 'claimcheck.config.json'), error: null, settings: { db: join(dir, 'cfg.sqlite'), strict: true } });
    expect(fromConfig.ledger).toMatchObject({ path: join(dir, 'cfg.sqlite'), source: 'config' });
    const fromEnv = JSON.parse(cli(dir, ['diagnostic', '--json'], { CLAIMCHECK_DB: join(dir, 'env.sqlite') }).stdout) as { ledger: Record<string, unknown> };
    expect(fromEnv.ledger).toMatchObject({ path: join(dir, 'env.sqlite'), source: 'env' });
    const readable = cli(dir, ['diagnostic']).stdout;
    expect(readable).toContain(`config      ${join(dir, 'claimcheck.config.json')}`);
    expect(readable).toContain('chosen      config: "db" is set in');

    writeFileSync(join(dir, 'claimcheck.config.json'), JSON.stringify({ turns: 'yes' }));
    const bad = cli(dir, ['check', sample]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('claimcheck check: The claimcheck configuration in');
    expect(bad.stderr).toContain('turns must be boolean');
    expect(cli(dir, ['diagnostic']).status).toBe(2);
  });
});
