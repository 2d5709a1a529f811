// Argument validation: guard.execute on arguments of 10 KB, 100 KB and 1 MB, sent as the text a model emits,
// beside JSON.parse of the same text (the floor); and the first call of large schemas (compiling). CPU time of this
// process (user + system) per call, the median of interleaved rounds; ratios per 10× (linear = 10×, target ≤ 15×).
// The shapes are those that were quadratic: uniqueItems over objects, and over strings with no `items` type; beside
// them the floor of any uniqueness check (a Map of the items), which itself grows past 10× per 10× at 1 MB (V8's
// hash tables and garbage collection at a million entries); typed records for comparison; and arguments whose every
// item fails an `anyOf` (once cubic in the number of failing items).
// Part of `npm run bench`; alone: `npm run -s build && node bench/validation.js`.
import { guard } from '../dist/index.js';

const SIZES = [10_000, 100_000, 1_000_000];
const ROUNDS = 5;
const TARGET = 15;

/** Arguments of about `bytes` bytes of JSON: `{ list: [...] }` of items made by `item(i)`. */
function argsText(bytes, item) {
  const list = [];
  let length = 10;
  for (let i = 0; length < bytes; i++) {
    const x = item(i);
    list.push(x);
    length += JSON.stringify(x).length + 1;
  }
  return JSON.stringify({ list });
}

const SHAPES = [
  { name: 'objects, uniqueItems', items: {}, item: (i) => ({ id: i, tag: 'ab' }) },
  { name: 'strings, uniqueItems, no items type', items: {}, item: (i) => `s${i}` },
  {
    name: 'typed records (required, enum, format)',
    unique: false,
    items: { type: 'object', properties: { id: { type: 'integer' }, kind: { enum: ['a', 'b'] }, at: { type: 'string', format: 'date' } }, required: ['id', 'kind'] },
    item: (i) => ({ id: i, kind: i % 2 === 0 ? 'a' : 'b', at: '2025-01-02' }),
  },
  { name: 'strings failing an anyOf (rejected)', unique: false, rejected: true, items: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] }, item: (i) => `s${i}` },
];

/** The floor of any uniqueness check: parse, then one Map entry per item, keyed by its JSON. */
function parseAndKey(text) {
  const seen = new Map();
  for (const [i, item] of JSON.parse(text).list.entries()) {
    const key = typeof item === 'string' ? item : JSON.stringify(item);
    if (seen.has(key)) throw new Error('bench: a repeat');
    seen.set(key, i);
  }
}

const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const timed = (fn) => {
  const start = cpu();
  fn();
  return cpu() - start;
};
const properties = (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string' }]));

/** The first call's CPU time of a guard over `schema` (a fresh schema object: compiled schemas are cached on it). */
function firstCall(makeSchema) {
  const times = [];
  let validation;
  for (let k = 0; k < 3; k++) {
    const g = guard({ tools: [{ name: 'bulk', description: '', parameters: makeSchema() }], executors: { bulk: () => 'ok' }, logger: { warn() {} } });
    times.push(timed(() => g.execute('bulk', '{"p1":"x"}')));
    validation = g.turn[0]?.validation ?? 'checked';
  }
  return { ms: median(times), validation };
}

/** Print the section. */
export function runValidation(number = 12) {
  const fmt = (ms) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`).padStart(10);
  const ratio = (a, b) => `${(b / Math.max(a, 0.05)).toFixed(1)}×`.padStart(6);
  console.log('');
  console.log(`${number}. argument validation scaling: guard.execute of arguments text, CPU time per call at 10 KB · 100 KB · 1 MB, ratio per 10× (target ≤ ${TARGET}×; linear = 10×)`);
  let worst = 0;
  for (const shape of SHAPES) {
    const schema = { type: 'object', properties: { list: { type: 'array', ...(shape.unique === false ? {} : { uniqueItems: true }), items: shape.items } }, required: ['list'] };
    const texts = SIZES.map((size) => argsText(size, shape.item));
    const g = guard({ tools: [{ name: 'save', description: '', parameters: schema }], executors: { save: () => 'ok' }, logger: { warn() {} } });
    const call = (i) => {
      const result = g.execute('save', texts[i]);
      if (result.ok === (shape.rejected === true)) throw new Error(`bench: ${shape.name}: ok is ${result.ok}`);
    };
    for (let i = 0; i < SIZES.length; i++) call(i); // compile and warm up
    const unique = shape.unique !== false;
    const parse = SIZES.map(() => []);
    const keyed = SIZES.map(() => []);
    const guarded = SIZES.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < SIZES.length; i++) {
        parse[i].push(timed(() => JSON.parse(texts[i])));
        if (unique) keyed[i].push(timed(() => parseAndKey(texts[i])));
        guarded[i].push(timed(() => call(i)));
      }
    }
    const row = (name, times) => {
      const t = times.map(median);
      console.log(`   ${name.padEnd(58)} ${t.map(fmt).join(' ')}   ${ratio(t[0], t[1])} ${ratio(t[1], t[2])}`);
      return t;
    };
    row(`JSON.parse (floor), ${shape.name}`, parse);
    if (unique) row('  JSON.parse + a Map of each item\'s JSON (floor)', keyed);
    const m = row(`guard.execute, ${shape.name}`, guarded);
    worst = Math.max(worst, m[1] / Math.max(m[0], 0.05), m[2] / Math.max(m[1], 0.05));
  }
  console.log(`   worst ratio per 10×                                        ${worst.toFixed(1)}×   target ≤ ${TARGET}×`);
  console.log('   first call of a large schema (compiling), median of 3 fresh schemas:');
  const rows = [
    ['10,000 properties (past the 5,000-subschema bound)', () => ({ type: 'object', properties: properties(10_000) })],
    ['4,000 properties', () => ({ type: 'object', properties: properties(4_000) })],
    ['allOf × 2,000 (4,002 subschemas)', () => ({ type: 'object', allOf: Array.from({ length: 2_000 }, (_, i) => ({ properties: { [`p${i}`]: { type: 'string' } } })) })],
  ];
  for (const [name, makeSchema] of rows) {
    const { ms, validation } = firstCall(makeSchema);
    console.log(`   ${name.padEnd(58)} ${fmt(ms)}   validation: ${validation}`);
  }
}

if (import.meta.url === new URL(process.argv[1] ?? '', 'file:').href) runValidation();
