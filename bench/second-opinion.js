// The LLM second opinion's own cost: checkAsync with createLlmExtractor whose (scripted) model answers 1,000
// verbatim spans, over a one-sentence reply of 10 KB, 100 KB and 1 MB (the shape that once took 69–100 s of
// synchronous CPU at 1 MB), beside check() of the same reply (the rules alone: the floor). CPU time of this
// process (user + system) per reply, the median of interleaved rounds; ratios per 10× (linear = 10×).
// Part of `npm run bench`; alone: `npm run -s build && node bench/second-opinion.js`.
import { check, checkAsync, createLlmExtractor } from '../dist/index.js';

const SIZES = [10_000, 100_000, 1_000_000];
const SPANS = 1_000;
const ROUNDS = 5;
const TARGET = 15;
const tools = [
  { name: 'submit_form', description: 'Submit a completed form to the registry office.' },
  { name: 'send_email', description: 'Send an email to the user.' },
];

/** One sentence of distinct words (no sentence end until the last character). */
function oneSentence(bytes) {
  const words = [];
  let length = 0;
  for (let i = 0; length < bytes - 1; i++) {
    const w = `form${i.toString(36)} went over`;
    words.push(w);
    length += w.length + 1;
  }
  return `${words.join(' ').slice(0, bytes - 1)}.`;
}

/** The scripted answer: SPANS verbatim spans spread over the reply. */
function answerFor(reply) {
  const step = Math.floor(reply.length / SPANS);
  const claims = [];
  for (let k = 0; k < SPANS; k++) claims.push({ span: reply.slice(k * step, k * step + Math.min(step, 60)).trim() || 'went over', tool: 'submit_form', verb: 'submit' });
  return JSON.stringify({ claims });
}

const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Print the section. */
export async function runSecondOpinion(number = 10) {
  const replies = SIZES.map(oneSentence);
  const answers = replies.map(answerFor);
  const withModel = async (i) => {
    const extractor = createLlmExtractor({ complete: async () => answers[i], cacheSize: 0, timeoutMs: 600_000 });
    const start = cpu();
    const r = await checkAsync(replies[i], [], { tools, extractor });
    const spent = cpu() - start;
    if (r.secondOpinion?.read !== 100) throw new Error(`expected 100 claims read, got ${JSON.stringify(r.secondOpinion)}`);
    return spent;
  };
  const rulesOnly = (i) => {
    const start = cpu();
    check(replies[i], [], { tools });
    return cpu() - start;
  };
  await withModel(0);
  rulesOnly(0);
  const model = SIZES.map(() => []);
  const rules = SIZES.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < SIZES.length; i++) {
      model[i].push(await withModel(i));
      rules[i].push(rulesOnly(i));
    }
  }
  const m = model.map(median);
  const f = rules.map(median);
  const fmt = (ms) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`).padStart(10);
  const ratio = (a, b) => `${(b / Math.max(a, 0.5)).toFixed(1)}×`.padStart(6);
  console.log('');
  console.log(`${number}. LLM second opinion: an answer of ${SPANS.toLocaleString('en-US')} spans over a one-sentence reply, CPU time per reply at 10 KB · 100 KB · 1 MB, ratio per 10× (target ≤ ${TARGET}×)`);
  console.log(`   ${'check() alone (floor)'.padEnd(46)} ${f.map(fmt).join(' ')}   ${ratio(f[0], f[1])} ${ratio(f[1], f[2])}`);
  console.log(`   ${'checkAsync + createLlmExtractor'.padEnd(46)} ${m.map(fmt).join(' ')}   ${ratio(m[0], m[1])} ${ratio(m[1], m[2])}`);
  console.log(`   ratio (with the second opinion / rules alone) at 1 MB  ${(m[2] / f[2]).toFixed(2)}×`);
}

if (import.meta.url === new URL(process.argv[1] ?? '', 'file:').href) await runSecondOpinion();
