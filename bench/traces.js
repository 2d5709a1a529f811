// Section 10 of `npm run bench` (alone: `npm run bench:traces`): reading + checking an OTLP JSON trace export of
// the τ-airline file's conversations (bench/otlp-export.js: one export request a line, the spans a GenAI
// instrumentation writes) against checking the same conversations as JSON Lines (JSON.parse + checkTurns), both
// in CPU time of this process, the passes alternating after a warm-up, medians reported. Target ≤ 2×.
import { Buffer } from 'node:buffer';
import { checkTurns, readTraces } from '../dist/index.js';
import { otlpLine } from './otlp-export.js';
import { lines, options, source } from './tau-file.js';

const cpuMs = (run) => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The section's lines. */
export function tracesBench(section = 10, rounds = 20) {
  const exported = lines.map((l) => otlpLine(JSON.parse(l)));
  const ignoreTools = ['think', 'calculate'];
  const jsonLines = () => {
    for (const l of lines) {
      const c = JSON.parse(l);
      checkTurns(c.messages, options(c));
    }
  };
  const otlp = () => {
    for (const l of exported) for (const t of readTraces(JSON.parse(l))) checkTurns(t.conversation, { ignoreTools });
  };
  for (let warm = 0, passes = 0; passes < 10 || warm < 2000; passes++) warm += cpuMs(jsonLines) + cpuMs(otlp);
  const a = [];
  const b = [];
  for (let k = 0; k < rounds; k++) {
    a.push(cpuMs(jsonLines));
    b.push(cpuMs(otlp));
  }
  const mb = (texts) => (texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1e6).toFixed(1);
  const name = source.pathname.split('/').pop();
  return [
    `${section}. traces: ${lines.length} conversations of ${name}, as JSON Lines (${mb(lines)} MB) and as an OTLP JSON export (${mb(exported)} MB), median of ${rounds}`,
    `   ${'JSON.parse + checkTurns of every line'.padEnd(44)} ${medianOf(a).toFixed(1)} ms`,
    `   ${'OTLP: JSON.parse + readTraces + checkTurns'.padEnd(44)} ${medianOf(b).toFixed(1)} ms`,
    `   ratio (OTLP / JSON Lines)                    ${(medianOf(b) / medianOf(a)).toFixed(2)}×   target ≤ 2×`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of tracesBench()) console.log(line);
