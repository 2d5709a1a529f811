// The input of `npm run bench` section 1 and of `npm run bench:count`: ../shared/real/tau-airline.jsonl when
// present, else the shipped sample; one conversation per line, checked with its own tools and format.
import { existsSync, readFileSync } from 'node:fs';

const shared = new URL('../../shared/real/tau-airline.jsonl', import.meta.url);
const sample = new URL('../examples/tau-airline-sample.jsonl', import.meta.url);
/** The file read. */
export const source = existsSync(shared) ? shared : sample;
/** Its text. */
export const text = readFileSync(source, 'utf8');
/** Its non-blank lines, one conversation each. */
export const lines = text.split('\n').filter((l) => l.trim() !== '');
/** The checkTurns options of one conversation: its format and tools; `think` and `calculate` are reasoning tools. */
export const options = (c) => ({ format: c.format, tools: c.tools, ignoreTools: ['think', 'calculate'] });
