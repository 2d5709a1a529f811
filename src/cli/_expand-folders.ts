/**
 * Internal: `check`'s inputs with each folder replaced by the JSON and JSON Lines files under it (`.json`,
 * `.jsonl`, `.ndjson`, at any depth, in name order), so a folder of trace exports is checked in one run.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ClaimcheckError } from '../errors.js';

const INPUT_FILE = /\.(json|jsonl|ndjson)$/i;

/**
 * The inputs, folders expanded. A path that is not a folder (or cannot be read as one) is kept as given, so
 * the reader reports it.
 * @throws ClaimcheckError `invalid_input` for a folder that holds no such file.
 */
export async function expandFolders(inputs: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const input of inputs) {
    const isFolder = input !== '-' && (await stat(input).then((s) => s.isDirectory(), () => false));
    if (!isFolder) {
      out.push(input);
      continue;
    }
    const names = (await readdir(input, { recursive: true })).filter((name) => INPUT_FILE.test(name)).sort();
    const files: string[] = [];
    for (const name of names) {
      const path = join(input, name);
      if (await stat(path).then((s) => s.isFile(), () => false)) files.push(path);
    }
    if (files.length === 0) throw new ClaimcheckError('invalid_input', `Input ${input} is a folder with no .json, .jsonl or .ndjson file in it. Pass a folder of trace or conversation exports, or the files themselves.`);
    out.push(...files);
  }
  return out;
}
