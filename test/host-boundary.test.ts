/**
 * The host boundary: every public entry point of every subpath export (package.json `exports`), and the
 * methods of the objects they make (a guard, a ledger, a store, a validator, a memory sink), answers
 * bad input with a value or a `ClaimcheckError`, never another throw, a rejection of another kind, or a
 * promise that never settles. Bad input: non-strings, `null`, `undefined`, a symbol, a bigint, a
 * function, an object whose getter throws, a Proxy whose every trap throws, and an array holding one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { ClaimcheckError } from '../src/errors.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
/** Each subpath and the source module its `exports` entry builds from. */
const subpaths = Object.keys(pkg.exports)
  .filter((p) => p !== './package.json')
  .map((p) => [p, p === '.' ? '../src/index.js' : `../src/${p.slice(2)}.js`] as const);

function getterThrows(): object {
  const o = {};
  Object.defineProperty(o, 'tool', { enumerable: true, get: () => { throw new Error('a getter that throws'); } });
  return o;
}
function trap(): never {
  throw new Error('a Proxy trap that throws');
}
function proxy(): object {
  return new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap, set: trap, defineProperty: trap, deleteProperty: trap });
}
const HOSTILE: ReadonlyArray<[string, () => unknown]> = [
  ['42', () => 42],
  ['null', () => null],
  ['undefined', () => undefined],
  ['a symbol', () => Symbol('s')],
  ['a bigint', () => 10n],
  ['a function', () => () => 1],
  ['a throwing getter', getterThrows],
  ['a Proxy', proxy],
  ['[a Proxy]', () => [proxy()]],
];

/** What calling `fn` with `args` did: `ok`, `ClaimcheckError <code>`, or what else happened. */
async function outcome(fn: (...a: unknown[]) => unknown, args: unknown[]): Promise<string> {
  try {
    let value: unknown;
    try {
      value = fn(...args);
    } catch (error) {
      if (!(error instanceof TypeError && /class constructor|without 'new'/.test(error.message))) throw error;
      value = new (fn as unknown as new (...a: unknown[]) => unknown)(...args);
    }
    if (typeof (value as { then?: unknown } | null)?.then === 'function') {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('never settled (2 s)'), 2_000)));
      const settled = await Promise.race([Promise.resolve(value).then(() => 'ok'), late]).finally(() => clearTimeout(timer));
      if (settled !== 'ok') return settled;
    }
    return 'ok';
  } catch (error) {
    return ClaimcheckError.isInstance(error) ? `ClaimcheckError ${error.code}` : `${(error as Error)?.constructor?.name ?? typeof error}: ${String((error as Error)?.message ?? error).slice(0, 80)}`;
  }
}

/** Calls of `fn` with each hostile value as its first, second and third argument (those before it plausible). */
async function walk(name: string, fn: (...a: unknown[]) => unknown, plausible: readonly unknown[] = ['send_email', {}]): Promise<string[]> {
  const bad: string[] = [];
  for (const [label, make] of HOSTILE) {
    for (let at = 0; at < 3; at++) {
      const result = await outcome(fn, [...plausible.slice(0, at), make()]);
      if (result !== 'ok' && !result.startsWith('ClaimcheckError')) bad.push(`${name}(${[...plausible.slice(0, at).map((p) => JSON.stringify(p)), label].join(', ')}) → ${result}`);
    }
  }
  return bad;
}

describe('every public entry point answers bad input with a ClaimcheckError', () => {
  const quiet = { warn: vi.fn() };

  it.each(subpaths)('the functions and classes of %s', async (_subpath, source) => {
    const mod = (await import(source)) as Record<string, unknown>;
    const bad: string[] = [];
    const walked: string[] = [];
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value !== 'function' || name === 'ClaimcheckError') continue;
      walked.push(name);
      bad.push(...(await walk(name, value as (...a: unknown[]) => unknown)));
    }
    expect(walked.length).toBeGreaterThan(0);
    expect(bad).toEqual([]);
  }, 120_000);

  it('the methods of a guard, a ledger, a store, a validator and a memory sink', async () => {
    const { guard, Ledger, createValidator, createMemorySink } = await import('../src/index.js');
    const { openStore } = await import('../src/store.js');
    const tools = [{ name: 'send_email', description: 'Send an email.', parameters: { type: 'object', properties: { to: { type: 'string' } } } }];
    const store = await openStore({ path: ':memory:' });
    const objects: Array<[string, object]> = [
      ['guard', guard({ tools, executors: { send_email: () => ({ ok: true }) }, logger: quiet })],
      ['ledger', new Ledger()],
      ['validator', createValidator({ tools })],
      ['sink', createMemorySink()],
      ['store', store],
    ];
    const bad: string[] = [];
    for (const [label, object] of objects) {
      const proto = Object.getPrototypeOf(object) as object;
      const names = new Set([...Object.keys(object), ...(proto === Object.prototype ? [] : Object.getOwnPropertyNames(proto))]);
      for (const name of names) {
        const method = (object as Record<string, unknown>)[name];
        if (name === 'constructor' || name === 'close' || typeof method !== 'function') continue;
        bad.push(...(await walk(`${label}.${name}`, (method as (...a: unknown[]) => unknown).bind(object))));
      }
    }
    await store.close();
    expect(bad).toEqual([]);
  }, 120_000);

  it('an argument object whose getter throws is refused with invalid_input: the executor does not run and no warning says it did', async () => {
    const { guard } = await import('../src/index.js');
    const warn = vi.fn();
    const executor = vi.fn(() => ({ ok: true }));
    const g = guard({ tools: [{ name: 'send_email', description: 'Send an email.', parameters: { type: 'object', properties: { to: { type: 'string' } } } }], executors: { send_email: executor }, logger: { warn } });
    const args = getterThrows();
    expect(() => g.execute('send_email', args)).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    await expect(g.executeAsync('send_email', proxy())).rejects.toMatchObject({ code: 'invalid_input' });
    expect(() => g.execute(42 as never, {})).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(executor).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(g.turn).toEqual([]);
  });
});
