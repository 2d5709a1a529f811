// The store's driver: better-sqlite3 first; node:sqlite where better-sqlite3 is missing or its addon
// does not load; missing_dependency, saying what to do, where neither is there.
import { describe, expect, it } from 'vitest';
import { betterSqlite3Loads } from '../../test/store/open-raw.js';
import { loadDriver, type DriverImporter } from './_driver.js';
import type { NodeSqliteModule } from './_node-sqlite.js';

const missing: DriverImporter = () => Promise.reject(Object.assign(new Error("Cannot find package 'better-sqlite3'"), { code: 'ERR_MODULE_NOT_FOUND' }));
/** A better-sqlite3 whose native addon was built for another Node.js: the import works, the first connection fails. */
const wrongAddon: DriverImporter = () =>
  Promise.resolve({
    default: function Database() {
      throw Object.assign(new Error("The module 'better_sqlite3.node'\nwas compiled against a different Node.js version using NODE_MODULE_VERSION 115."), { code: 'ERR_DLOPEN_FAILED' });
    } as never,
  });
/** A better-sqlite3 that loads. */
const working: DriverImporter = () =>
  Promise.resolve({
    default: function Database() {
      return { close: () => undefined };
    } as never,
  });
const fakeBuiltin = (): NodeSqliteModule => ({ DatabaseSync: class {} as never });

describe('loadDriver', () => {
  it('takes better-sqlite3 when it loads, even where node:sqlite exists', async () => {
    const driver = await loadDriver({ importer: working, builtin: fakeBuiltin });
    expect(driver).toMatchObject({ name: 'better-sqlite3', passedOver: null });
  });

  it('falls back to node:sqlite when better-sqlite3 is not installed, or its addon does not load', async () => {
    expect(await loadDriver({ importer: missing, builtin: fakeBuiltin })).toMatchObject({
      name: 'node:sqlite',
      passedOver: { name: 'better-sqlite3', error: 'not installed' },
    });
    const driver = await loadDriver({ importer: wrongAddon, builtin: fakeBuiltin });
    expect(driver.name).toBe('node:sqlite');
    expect(driver.passedOver?.error).toBe("The module 'better_sqlite3.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 115.");
  });

  it('without either is missing_dependency, naming the load error and the one fix for it (and the Node.js way out)', async () => {
    const rebuild = loadDriver({ importer: wrongAddon, builtin: () => undefined });
    await expect(rebuild).rejects.toMatchObject({
      code: 'missing_dependency',
      data: { dependency: 'better-sqlite3', installed: true, fix: 'npm rebuild better-sqlite3' },
      message: expect.stringMatching(/did not load \(The module 'better_sqlite3\.node'\).*npm rebuild better-sqlite3.*Node\.js 22\.13 or newer/),
    });
    await expect(rebuild).rejects.not.toMatchObject({ message: expect.stringContaining('npm install') });
    const install = loadDriver({ importer: missing, builtin: () => undefined });
    await expect(install).rejects.toMatchObject({ data: { installed: false, fix: 'npm install better-sqlite3@12' }, message: expect.stringContaining('it is not installed: npm install better-sqlite3@12') });
    await expect(install).rejects.not.toMatchObject({ message: expect.stringContaining('rebuild') });
  });

  it('on this Node.js: better-sqlite3 where its addon loads (Node.js 20 here), else the built-in node:sqlite', async () => {
    const driver = await loadDriver();
    const builtin = process.getBuiltinModule?.('node:sqlite');
    if (await betterSqlite3Loads()) {
      expect(driver).toMatchObject({ name: 'better-sqlite3', version: expect.stringMatching(/^12\./), passedOver: null });
    } else {
      expect(builtin).toBeDefined();
      expect(driver).toMatchObject({ name: 'node:sqlite', version: process.versions['sqlite'], passedOver: { name: 'better-sqlite3' } });
    }
    expect(await loadDriver()).toBe(driver); // loaded once
  });
});
