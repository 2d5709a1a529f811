// Test helper: the store's sources transpiled to plain ESM, so child processes (plain `node`, which
// cannot run TypeScript on Node 20) can open stores, and a helper to run a script in one.
import { spawn, type SpawnOptions } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/**
 * Transpiles `src/errors.ts`, `src/store.ts`, the redaction rule (`src/_redact.ts`, `src/_secret-names.ts`), the host boundary
 * (`src/_host-input.ts`, `src/_bound-depth.ts`) and `src/store/*.ts` into a folder under
 * `node_modules/.cache` (so `better-sqlite3` resolves) and returns the URL of its `store.js` and a cleanup.
 */
export function buildChildStore(): { url: string; dispose: () => void } {
  const out = fileURLToPath(new URL(`../../node_modules/.cache/claimcheck-store-test/${process.pid}-${Date.now()}/`, import.meta.url));
  const files = [join(src, 'errors.ts'), join(src, 'store.ts'), join(src, '_redact.ts'), join(src, '_secret-names.ts'), join(src, '_host-input.ts'), join(src, '_bound-depth.ts'), ...readdirSync(join(src, 'store')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(src, 'store', f))];
  for (const file of files) {
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    const target = join(out, relative(src, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  writeFileSync(join(out, 'package.json'), '{"type": "module"}\n');
  return { url: pathToFileURL(join(out, 'store.js')).href, dispose: () => rmSync(out, { recursive: true, force: true }) };
}

/** Output of a finished child process. */
export interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an ES module `script` in a new `node` process; `STORE_URL` in the script is the built store's URL. */
export function runChild(script: string, storeUrl: string, options: SpawnOptions = {}): Promise<ChildResult> {
  const source = `const STORE_URL = ${JSON.stringify(storeUrl)};\n${script}`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
