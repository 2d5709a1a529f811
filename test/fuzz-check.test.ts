/**
 * Fuzzing the checker end to end: real-shaped conversations of every format, truncated, cut as JSON
 * text, with members replaced by values of random types or removed, go through `checkTurns`. Each run
 * must give a list of turn receipts or a ClaimcheckError, never another exception or a hang. And a
 * 5 MB reply goes through `check`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, checkTurns, turnReceiptToJSON } from '../src/check.js';
import { ClaimcheckError } from '../src/errors.js';
import { loadCases, type ClaimsCase } from '../src/eval/load-cases.js';
import type { LedgerEntry } from '../src/ledger.js';
import { Receipt } from '../src/receipt.js';
import { sharedData } from './_shared-dir.js';

const PER_FORMAT = 3;

// The damaged conversations are cut from the labelled corpus beside the repository (../shared); a clone
// without it skips them (the 5 MB reply still runs).
const {
  paths: [dev],
  present,
} = sharedData('fuzz suite on damaged conversations', 'corpus/dev');

/** The first few claims cases of each format. */
const samples = (() => {
  const byFormat = new Map<string, ClaimsCase[]>();
  for (const c of present ? loadCases([dev as string]) : []) {
    if (c.kind !== 'claims') continue;
    const list = byFormat.get(c.format) ?? [];
    if (list.length < PER_FORMAT) list.push(c);
    byFormat.set(c.format, list);
  }
  return [...byFormat.values()].flat();
})();

const formats = [undefined, 'auto', 'openai-chat', 'openai-responses', 'anthropic', 'transcript'] as const;

type Outcome = 'receipts' | 'error';

/** Run checkTurns and accept only well-formed turn receipts or a ClaimcheckError. */
function checkSafely(messages: unknown, tools: unknown, format: (typeof formats)[number]): Outcome {
  let turns;
  try {
    turns = checkTurns(messages, format === undefined ? { tools } : { tools, format });
  } catch (error) {
    if (ClaimcheckError.isInstance(error)) return 'error';
    throw error;
  }
  expect(Array.isArray(turns)).toBe(true);
  turns.forEach((t, i) => {
    expect(t.turn).toBe(i + 1);
    expect(t.receipt).toBeInstanceOf(Receipt);
    expect(() => JSON.stringify(turnReceiptToJSON(t))).not.toThrow();
  });
  return 'receipts';
}

type Path = Array<string | number>;

/** Every path to an object member or array element inside `value`. */
function paths(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [];
  const keys: Array<string | number> = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((k) => [[...prefix, k], ...paths((value as Record<string | number, unknown>)[k], [...prefix, k])]);
}

/** A copy of `value` with the member at `path` replaced (or removed when `replacement` is `drop`). */
function mutate(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (replacement === drop && Array.isArray(node)) node.splice(Number(last), 1);
  else if (replacement === drop) delete node[last];
  else node[last] = replacement;
  return copy;
}
const drop = Symbol('drop');

const anyValue = fc.oneof(
  fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withBoxedValues: true, withSparseArray: true, maxDepth: 2 }),
  fc.constantFrom(drop, undefined, null, NaN, '', [], {}, 'assistant', 'user', 'tool', 'function_call', 'tool_use', 'ok', 'error', '{"a":', 7n),
);

const format = fc.constantFrom(...formats);
const runs = { numRuns: 300 };

describe.skipIf(!present)('checkTurns on damaged real-shaped conversations', () => {
  const sample = fc.constantFrom(...(samples.length > 0 ? samples : [undefined as unknown as ClaimsCase]));

  it(`samples ${PER_FORMAT} cases of each of the 4 formats`, () => {
    expect(new Set(samples.map((c) => c.format))).toEqual(new Set(['openai-chat', 'openai-responses', 'anthropic', 'transcript']));
    expect(samples).toHaveLength(4 * PER_FORMAT);
  });

  it('reads every sample as it is', () => {
    for (const c of samples) expect(checkSafely(c.messages, c.tools, 'auto'), c.id).toBe('receipts');
  });

  it('truncated message lists are still read', () => {
    fc.assert(
      fc.property(sample, fc.nat(), (c, n) => {
        const messages = c.messages as unknown[];
        // At least one message: an empty conversation is an error (empty_conversation), checked in src/options.test.ts.
        expect(checkSafely(messages.slice(0, 1 + (n % messages.length)), c.tools, c.format as (typeof formats)[number])).toBe('receipts');
      }),
      runs,
    );
  });

  it('JSON text cut anywhere, parsed when it still parses, else passed as text', () => {
    fc.assert(
      fc.property(sample, fc.nat(), format, (c, n, f) => {
        const text = JSON.stringify(c.messages);
        const cut = text.slice(0, n % (text.length + 1));
        let value: unknown = cut;
        try {
          value = JSON.parse(cut) as unknown;
        } catch {
          // Not JSON any more: the raw text goes in.
        }
        checkSafely(value, c.tools, f);
      }),
      runs,
    );
  });

  it('one member replaced by a value of a random type, or removed', () => {
    const mutation = sample.chain((c) => fc.tuple(fc.constant(c), fc.constantFrom(...paths(c.messages)), anyValue, format));
    const seen = new Set<Outcome>();
    fc.assert(
      fc.property(mutation, ([c, path, value, f]) => {
        seen.add(checkSafely(mutate(c.messages, path, value), c.tools, f));
      }),
      runs,
    );
    // Both outcomes occur: the damage is neither always fatal nor always harmless.
    expect(seen).toEqual(new Set(['receipts', 'error']));
  });

  it('several members replaced, and damaged tool lists', () => {
    const mutation = sample.chain((c) =>
      fc.tuple(fc.constant(c), fc.array(fc.tuple(fc.constantFrom(...paths(c.messages)), anyValue), { minLength: 2, maxLength: 5 }), anyValue, fc.boolean()),
    );
    fc.assert(
      fc.property(mutation, ([c, edits, toolValue, damageTools]) => {
        let messages: unknown = c.messages;
        for (const [path, value] of edits) {
          try {
            messages = mutate(messages, path, value);
          } catch {
            // An earlier edit removed or replaced the path's parent: skip this one.
          }
        }
        const tools = damageTools && Array.isArray(c.tools) && c.tools.length > 0 ? mutate(c.tools, [0], toolValue) : c.tools;
        checkSafely(messages, tools, 'auto');
      }),
      runs,
    );
  });
});

describe('a 5 MB reply', () => {
  const claims = [
    "I've emailed Dana the invoice for order 4821.",
    'Your refund of $64.00 has been issued to the original card.',
    '✅ Ticket #5521 created',
    'The meeting is on your calendar for Thursday at 3pm.',
    'I looked up your order and it ships Monday.',
  ];
  const others = [
    "I'll send the summary tomorrow.",
    'Shall I cancel the 9am as well?',
    'If the payment fails, I will retry once.',
    'The log says it was sent on 2024-05-01.',
    'I tried to book it, but the API timed out.',
    'You can update your address from the account page.',
  ];
  const markdown = [
    (s: string) => `- ${s}`,
    (s: string) => `## ${s}`,
    (s: string) => `> ${s}`,
    (s: string) => `**${s}**`,
    (s: string) => `| ${s} | ✅ |`,
    (s: string) => `\`\`\`\n${s}\n\`\`\``,
    (s: string) => `[${s}](https://example.com/x)`,
    (s: string) => s,
  ];

  it('is checked and gets a receipt', () => {
    const pick = fc.tuple(fc.constantFrom(...claims, ...others), fc.constantFrom(...others), fc.constantFrom(...markdown));
    const parts: string[] = [];
    let size = 0;
    for (const [a, b, wrap] of fc.sample(pick, { numRuns: 200_000, seed: 42 })) {
      const line = `${wrap(`${a} ${b}`)}\n${size % 7 === 0 ? '\n' : ''}`;
      parts.push(line);
      size += line.length;
      if (size >= 5_000_000) break;
    }
    const reply = parts.join('');
    expect(reply.length).toBeGreaterThanOrEqual(5_000_000);
    const ledger: LedgerEntry[] = [{ tool: 'send_email', status: 'ok', args: { to: 'dana@example.com' }, result: { id: 'm_1' }, error: null, callId: null, startedAt: null, endedAt: null }];
    const started = performance.now();
    const receipt = check(reply, ledger, { tools: ['send_email', 'issue_refund', 'create_ticket', 'lookup_order', 'create_event'] });
    console.log(`5 MB reply (${reply.length} chars): checked in ${(performance.now() - started).toFixed(0)} ms, ${receipt.summary}`);
    expect(receipt).toBeInstanceOf(Receipt);
    expect(receipt.confirmed.map((c) => c.tool)).toContain('send_email');
  });
});
