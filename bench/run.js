// npm run bench: claimcheck's speed, always side by side with a baseline measured in the same run,
// reported as ratios. Reads ../shared/real/tau-airline.jsonl when present, else the shipped sample.
import { existsSync, readFileSync } from 'node:fs';
import { Bench } from 'tinybench';
import { check, checkTurns } from '../dist/index.js';

const shared = new URL('../../shared/real/tau-airline.jsonl', import.meta.url);
const sample = new URL('../examples/tau-airline-sample.jsonl', import.meta.url);
const source = existsSync(shared) ? shared : sample;
const text = readFileSync(source, 'utf8');
const lines = text.split('\n').filter((l) => l.trim() !== '');
const conversations = lines.map((l) => JSON.parse(l));
const options = (c) => ({ format: c.format, tools: c.tools, ignoreTools: ['think', 'calculate'] });
const turnCount = conversations.reduce((n, c) => n + checkTurns(c.messages, options(c)).length, 0);

const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
const row = (name, task) => ({ name, p50: task.result.latency.p50, p99: task.result.latency.p99, mean: task.result.latency.mean });

// 1. The whole file: parse only (the floor) vs parse + checkTurns.
const whole = new Bench({ time: 2000, warmupTime: 300 });
whole
  .add('JSON.parse of every line (floor)', () => {
    for (const l of lines) JSON.parse(l);
  })
  .add('JSON.parse + checkTurns of every line', () => {
    for (const l of lines) {
      const c = JSON.parse(l);
      checkTurns(c.messages, options(c));
    }
  });
await whole.run();
const [floor, full] = whole.tasks.map((t) => row(t.name, t));

// 2. Growth: one conversation of 100 vs 1,000 turns (user, tool call, reply, repeated).
function longConversation(turns) {
  const messages = [];
  for (let i = 0; i < turns; i++) {
    messages.push({ role: 'user', content: `Please cancel order ${1000 + i} and email me.` });
    messages.push({ tool: 'cancel_order', status: 'ok', args: { order_id: String(1000 + i) }, result: { cancelled: true } });
    messages.push({ role: 'assistant', content: `Order ${1000 + i} is now cancelled and I've emailed you the confirmation. Anything else?` });
  }
  return messages;
}
const tools = [
  { name: 'cancel_order', description: 'Cancel an order by number.' },
  { name: 'send_email', description: 'Send an email to the customer.' },
];
const c100 = longConversation(100);
const c1000 = longConversation(1000);
const growth = new Bench({ time: 2000, warmupTime: 300 });
growth
  .add('checkTurns, 100 turns', () => checkTurns(c100, { format: 'transcript', tools }))
  .add('checkTurns, 1,000 turns', () => checkTurns(c1000, { format: 'transcript', tools }));
await growth.run();
const [g100, g1000] = growth.tasks.map((t) => row(t.name, t));

// 3. One reply: p50/p99 of check() on the replies of the file, against JSON.stringify of the same receipt input.
const replies = [];
for (const c of conversations) {
  for (const m of c.messages) if (m.role === 'assistant' && typeof m.content === 'string' && m.content.trim() !== '') replies.push(m.content);
}
const ledger = [
  { tool: 'update_reservation_flights', status: 'ok', args: { reservation_id: 'ABC123' }, result: { ok: true }, error: null, callId: 'c1', startedAt: null, endedAt: null },
];
const airlineTools = conversations[0].tools;
let i = 0;
const one = new Bench({ time: 2000, warmupTime: 300 });
one.add('check() of one reply', () => {
  check(replies[i++ % replies.length], ledger, { tools: airlineTools });
});
await one.run();
const single = row('check() of one reply', one.tasks[0]);

console.log(`input: ${source.pathname.split('/').slice(-2).join('/')} · ${lines.length} conversations · ${turnCount} assistant turns · ${(text.length / 1e6).toFixed(2)} MB · node ${process.version}`);
console.log('');
console.log('1. whole file, mean per pass');
console.log(`   ${floor.name.padEnd(44)} ${fmt(floor.mean)}`);
console.log(`   ${full.name.padEnd(44)} ${fmt(full.mean)}`);
console.log(`   ratio (check+parse / parse)                  ${(full.mean / floor.mean).toFixed(2)}×   target ≤ 10×`);
console.log('');
console.log('2. growth: one conversation, mean per call');
console.log(`   ${g100.name.padEnd(44)} ${fmt(g100.mean)}`);
console.log(`   ${g1000.name.padEnd(44)} ${fmt(g1000.mean)}`);
console.log(`   ratio (1,000 / 100 turns)                    ${(g1000.mean / g100.mean).toFixed(2)}×   linear = 10×`);
console.log('');
console.log(`3. one reply (${replies.length} real replies, cycled)`);
console.log(`   p50 ${fmt(single.p50)} · p99 ${fmt(single.p99)}   target: p99 well under 1 ms`);
