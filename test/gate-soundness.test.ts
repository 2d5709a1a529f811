/**
 * The claim gate (`mayClaim`) is a pre-filter: it may let through a sentence that claims nothing, never turn down
 * one that claims. Checked against the sentence reader itself (`readSentence`, which asks no gate): every sentence
 * of the labelled corpus and of the real traces beside the repository, and generated sentences that put the
 * gate's cues (copulas, outcome words, "be", past forms) next to each other, apart, and across digits, hyphens,
 * apostrophes and typographic apostrophes.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayClaim } from '../src/claims/_trigger.js';
import { readSentence, type ExtractedClaim } from '../src/claims/extract-claims.js';
import { parseReply } from '../src/claims/parse-reply.js';
import { loadCases } from '../src/eval/load-cases.js';
import { readConversation } from '../src/readers/read-conversation.js';
import { sharedData } from './_shared-dir.js';

/** The sentences of `reply` that the reader finds a claim or a terse completion word in, on a plain line and on a status line. */
function claimingSentences(reply: string): string[] {
  const out: string[] = [];
  for (const line of parseReply(reply).lines) {
    for (const sentence of line.sentences) {
      if (sentence.question) continue;
      for (const statusLine of [false, true]) {
        const claims: ExtractedClaim[] = [];
        const terse = readSentence(sentence, statusLine, undefined, claims);
        if (claims.length > 0 || terse) {
          out.push(sentence.text);
          break;
        }
      }
    }
  }
  return out;
}

const { paths, present } = sharedData('gate soundness on the corpus and real traces', 'corpus/dev', 'corpus/reports', 'real/tau-airline.jsonl', 'real/tooltalk.jsonl', 'real/api-bank.jsonl');

/** The assistant replies of the corpus cases and of the real traces (one conversation per line). */
function replies(): string[] {
  const [dev, reports, ...traces] = paths as [string, string, ...string[]];
  const out: string[] = [];
  const add = (messages: unknown, format: string | undefined, tools: unknown): void => {
    const conversation = readConversation(messages, { format: (format ?? 'auto') as 'auto', tools });
    for (const e of conversation.events) if (e.kind === 'assistant') out.push(e.text);
  };
  for (const c of loadCases([dev, reports])) if (c.kind === 'claims') add(c.messages, c.format, c.tools);
  for (const file of traces) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const c = JSON.parse(line) as { messages: unknown; format?: string; tools?: unknown };
      add(c.messages, c.format, c.tools);
    }
  }
  return out;
}

describe('the claim gate turns down no sentence that claims', () => {
  it.skipIf(!present)('on every sentence of the corpus and the real traces', () => {
    const texts = replies();
    expect(texts.length).toBeGreaterThan(3_000);
    let claiming = 0;
    for (const reply of texts) {
      for (const sentence of claimingSentences(reply)) {
        claiming++;
        expect(mayClaim(sentence), sentence).toBe(true);
      }
    }
    expect(claiming).toBeGreaterThan(1_000);
  });

  it('on generated sentences around copulas, outcome words, "be" and past forms', () => {
    const words = ['is', 'are', "it's", 'you’re', "they're", 'now', 'back', 'on', 'off', 'live', 'all', 'be', 'been', 'was', 'cancelled', 'sent', 'set', 'done', 'updated', 'booked', 'your', 'order', 'refund', 'flight', 'the', 'calendar', 'its', 'way', 'will', 'can', 'not', 'i', 'have', 'let', "let's", 'let’s', 'them', 'know', 'shows', 'according', 'to'];
    const joins = [' ', ' ', ' ', ' - ', '-', ' 5 ', ' $3 ', "'", ' ’ ', ', ', ' — ', ' and ', ' ж '];
    const sentence = fc.array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(...joins)), { minLength: 1, maxLength: 9 }).map((parts) => `${parts.map(([w, j]) => w + j).join('').trim()}.`);
    fc.assert(
      fc.property(sentence, fc.boolean(), (text, capital) => {
        const written = capital ? text.charAt(0).toUpperCase() + text.slice(1) : text;
        for (const s of claimingSentences(written)) expect(mayClaim(s), s).toBe(true);
      }),
      { numRuns: 20_000, seed: 7 },
    );
  });

  it('turns down a past form in a passive infinitive and an outcome word away from its copula', () => {
    expect(mayClaim('Basic economy flights cannot be modified.')).toBe(false);
    expect(mayClaim('The refund will be processed within 5 days.')).toBe(false);
    expect(mayClaim('Your booking has been modified.')).toBe(true);
    expect(mayClaim('The flight on May 5 departs at noon.')).toBe(false);
    // "is in" may place something where a run put it ("is in the Scheduled queue"): the clause reader decides.
    expect(mayClaim('The flight on May 5 is in economy.')).toBe(true);
    expect(mayClaim('Your order is on its way.')).toBe(true);
    expect(mayClaim('The lights are all off.')).toBe(true);
    expect(mayClaim('It’s now live.')).toBe(true);
  });
});
