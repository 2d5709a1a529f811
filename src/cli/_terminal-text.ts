/**
 * Internal: the one gate every line the CLI prints goes through (`main.ts`'s stdout and stderr sinks,
 * and `check --output FILE`). Text from a reply, a conversation file or the ledger (a tool's error,
 * a tool name, a claim's sentence) may hold terminal control sequences that erase lines, clear the
 * screen or set the window title; {@link terminalText} writes every control character as the text
 * `\u001b` (JSON's escape, so a JSON line stays valid JSON with the same value).
 *
 * The CLI's own colours must still reach the terminal: {@link pc} is picocolors with each of its
 * sequences marked by a random run of control characters drawn once per process, which text read from
 * outside cannot know. {@link terminalText} lets through only a marked colour sequence and drops the mark.
 */
import { randomInt } from 'node:crypto';
import picocolors from 'picocolors';

/** The control characters escaped: C0 but tab and line feed, DEL, C1, and the bidirectional formatting characters (which reorder what is shown). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** One colour sequence, as picocolors writes it. */
// eslint-disable-next-line no-control-regex
const SGR = /^\u001b\[\d{1,3}m/;

/** The mark: 12 control characters (none of tab, line feed, escape), drawn once per process. */
const MARK = Array.from({ length: 12 }, () => String.fromCharCode([1, 2, 3, 4, 5, 6, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23][randomInt(16)] as number)).join('');

type Style = (text: string | number) => string;

/** `name`'s picocolors style, with its open and close sequences marked (nothing at all when colour is off). */
function marked(name: 'bold' | 'dim' | 'italic' | 'red' | 'green' | 'yellow' | 'magenta' | 'cyan'): Style {
  if (!picocolors.isColorSupported) return (text) => String(text);
  const [open = '', close = ''] = picocolors[name]('\u0000').split('\u0000');
  const markedOpen = `${MARK}${open}`;
  const markedClose = `${MARK}${close}`;
  // As picocolors does: a close of the same sequence inside reopens the style after it.
  return (text) => `${markedOpen}${String(text).replaceAll(markedClose, `${markedClose}${markedOpen}`)}${markedClose}`;
}

/** The styles the CLI uses, as picocolors names them (off on a pipe, with NO_COLOR; on with FORCE_COLOR). */
export const pc = {
  bold: marked('bold'),
  dim: marked('dim'),
  italic: marked('italic'),
  red: marked('red'),
  green: marked('green'),
  yellow: marked('yellow'),
  magenta: marked('magenta'),
  cyan: marked('cyan'),
} as const;

/**
 * `line` as it may be printed: every control character written `\uXXXX`, the CLI's own colours kept, or
 * dropped with `colour: false` (for a file, which is no terminal, whatever `FORCE_COLOR` or `CI` say).
 */
export function terminalText(line: string, { colour = true }: { colour?: boolean } = {}): string {
  const parts = line.split(MARK);
  let out = escape(parts[0] as string);
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i] as string;
    const sgr = SGR.exec(part)?.[0] ?? '';
    out += (colour ? sgr : '') + escape(part.slice(sgr.length));
  }
  return out;
}

/** How many characters `text` shows (marks and colour sequences left out). */
export function visibleLength(text: string): number {
  // eslint-disable-next-line no-control-regex
  return text.split(MARK).join('').replace(/\u001b\[\d{1,3}m/g, '').length;
}

function escape(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
