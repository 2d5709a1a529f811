/**
 * A string that matches a JSON Schema `pattern`, for synthesizing valid arguments. Covers the regex
 * subset tool schemas use (literals, escapes, classes, groups, alternation, quantifiers); anything else
 * (lookarounds, backreferences) gives `undefined`. Every answer is checked against the pattern, on the
 * linear-time engine that validation uses (a tool's pattern may be hostile).
 */
import { linearRegExp, type RegExpLike } from './_linear-regexp.js';

class Unsupported extends Error {}

const CLASS_ESCAPES: Record<string, string> = { d: '1', w: 'a', s: ' ', D: 'a', W: '-', S: 'a' };
const CONTROL_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v' };

/**
 * A string matching `pattern` whose unbounded repetitions (`+`, `*`, `{n,}`) repeat `repeat` times (at
 * least their minimum) and that satisfies `accept`; `undefined` when none is found.
 */
export function patternExample(pattern: string, accept: (s: string) => boolean = () => true): string | undefined {
  let regex: RegExpLike | undefined;
  try {
    regex = linearRegExp(pattern);
  } catch {
    return undefined;
  }
  if (regex === undefined) return undefined;
  for (const repeat of [1, 3, 8, 16, 64]) {
    let out: string;
    try {
      out = generate(pattern, repeat);
    } catch {
      return undefined;
    }
    if (regex.test(out) && accept(out)) return out;
  }
  return undefined;
}

function generate(source: string, repeat: number): string {
  let i = 0;
  const escape = (): string => {
    const ch = source[i++];
    if (ch === undefined) throw new Unsupported();
    if (/[1-9kbBpP]/.test(ch)) throw new Unsupported();
    if (ch === 'u' && source[i] === '{') throw new Unsupported();
    if (ch === 'x' || ch === 'u') {
      const len = ch === 'x' ? 2 : 4;
      const code = source.slice(i, i + len);
      i += len;
      return String.fromCharCode(parseInt(code, 16));
    }
    return CLASS_ESCAPES[ch] ?? CONTROL_ESCAPES[ch] ?? ch;
  };
  const charClass = (): string => {
    const negated = source[i] === '^';
    if (negated) i++;
    const members: string[] = [];
    while (i < source.length && source[i] !== ']') {
      const ch = source[i++] as string;
      members.push(ch === '\\' ? `\\${source[i++] ?? ''}` : ch);
    }
    i++; // ]
    const body = members.join('');
    if (!negated) return members[0]?.startsWith('\\') ? escapeChar(members[0]) : (members[0] ?? '');
    const excluded = new RegExp(`[${body}]`, 'u');
    const pick = ['a', 'A', '0', '_', 'z', ' ', '-'].find((c) => !excluded.test(c));
    if (pick === undefined) throw new Unsupported();
    return pick;
  };
  const quantifier = (): [number, number | undefined] => {
    const ch = source[i];
    let bounds: [number, number | undefined] = [1, 1];
    if (ch === '?') bounds = [0, 1];
    else if (ch === '*') bounds = [0, undefined];
    else if (ch === '+') bounds = [1, undefined];
    else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (m === null) return bounds;
      i += m[0].length - 1;
      bounds = [Number(m[1]), m[2] === undefined ? Number(m[1]) : m[3] === '' ? undefined : Number(m[3])];
    } else return bounds;
    i++;
    if (source[i] === '?') i++; // lazy
    return bounds;
  };
  const sequence = (): string => {
    let out = '';
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const ch = source[i++] as string;
      let atom: () => string;
      if (ch === '^' || ch === '$') continue;
      if (ch === '(') {
        if (source[i] === '?') {
          if (source[i + 1] !== ':' && source[i + 1] !== '<') throw new Unsupported();
          if (source[i + 1] === '<' && (source[i + 2] === '=' || source[i + 2] === '!')) throw new Unsupported();
          i = source[i + 1] === ':' ? i + 2 : source.indexOf('>', i) + 1;
        }
        const text = alternation();
        i++; // )
        atom = () => text;
      } else if (ch === '[') {
        const text = charClass();
        atom = () => text;
      } else if (ch === '\\') {
        const text = escape();
        atom = () => text;
      } else {
        const text = ch === '.' ? 'a' : ch;
        atom = () => text;
      }
      const [min, max] = quantifier();
      const times = max === undefined ? Math.max(min, repeat) : min;
      for (let k = 0; k < times; k++) out += atom();
    }
    return out;
  };
  const alternation = (): string => {
    const first = sequence();
    while (source[i] === '|') {
      i++;
      sequence();
    }
    return first;
  };
  const out = alternation();
  if (i < source.length) throw new Unsupported();
  return out;
}

function escapeChar(member: string): string {
  const ch = member.slice(1);
  return CLASS_ESCAPES[ch] ?? CONTROL_ESCAPES[ch] ?? ch;
}
