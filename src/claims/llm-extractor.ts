/**
 * An opt-in second opinion: a language model reads the reply for action claims the rules cannot (idioms,
 * "handed the form to the clerk" = submit). It never weakens the deterministic path: its claims are read
 * defensively (verbatim spans of the reply, listed tools only, the rule guards), and a claim only it found
 * whose tool never ran is `suspected`, not flagged, unless `llmBlocks` is on. Provider errors, timeouts and
 * unreadable answers fall back to the rules with one warning.
 */
import { createHash } from 'node:crypto';
import { ClaimcheckError } from '../errors.js';
import type { Extractor, ExtractorClaim, ExtractorInput } from './extractor.js';
import { answerSchema, buildPrompt, parseAnswer, type ModelAnswer } from './_llm-prompt.js';
import { spanReader } from './_llm-guards.js';
import type { DroppedClaim, SecondOpinionNote } from '../receipt.js';
import { hostError } from '../_host-input.js';

/**
 * Sends a prompt to any model and resolves to its text answer; should stop when `signal` aborts. `request`
 * carries the JSON Schema of the answer (docs/formats.md, "LLM extractor answer"): pass it to a provider that
 * takes one for structured output (OpenAI `response_format: { type: 'json_schema', json_schema: { name,
 * schema: request.schema, strict: true } }`, Gemini `responseJsonSchema`), or ignore it: the prompt asks for
 * the same shape and the answer is read defensively either way.
 */
export type Complete = (prompt: string, signal: AbortSignal, request: CompleteRequest) => Promise<string>;

/** What {@link Complete} is asked for besides the prompt. */
export interface CompleteRequest {
  /** A name for the schema, as structured-output APIs ask for one: `claimcheck_claims`. */
  schemaName: string;
  /** The JSON Schema of the answer for this reply (`tool` is one of the listed names, or null). */
  schema: Record<string, unknown>;
}

/** What the extractor made of one reply: the claims kept, and what happened to the rest. */
export interface LlmReading {
  claims: ExtractorClaim[];
  note: SecondOpinionNote;
}

/**
 * Options of {@link createLlmExtractor}: `complete` (any SDK). `claimcheck/ai-sdk`'s function of the same name
 * takes an AI SDK `LanguageModel` as `model` instead; this entry names no AI SDK type, so a project without
 * `ai` installed compiles against it.
 */
export type LlmExtractorOptions = { complete: Complete; model?: never } & LlmExtractorSettings;

/** The options of {@link createLlmExtractor} other than what calls the model. */
export interface LlmExtractorSettings {
  /**
   * Milliseconds one extraction may take, the model's answer and the reading of it, before it is abandoned
   * (and the rules alone are used, as on a timeout). Default 30,000; at least 1.
   */
  timeoutMs?: number;
  /** `warn` (default): a failure logs one warning (the first per extractor) and the rules alone are used. `raise`: it throws. */
  onError?: 'warn' | 'raise';
  /** Where the warning goes. Default `console.warn`. */
  warn?: (message: string) => void;
  /** A claim only the model found whose tool never ran (or only failed) makes the verdict `fabricated`. Default `false`. */
  llmBlocks?: boolean;
  /** Answers remembered, keyed by a SHA-256 of the reply and the tool list. Default 1,000; 0 turns the cache off. */
  cacheSize?: number;
}

/** A model-based {@link Extractor}. */
export interface LlmExtractor extends Extractor {
  readonly kind: 'llm';
  /** From the options: `suspected` claims block. */
  readonly llmBlocks: boolean;
  /** How many extractions failed (provider error, timeout, unreadable answer) and fell back to the rules. */
  readonly failures: number;
  /**
   * {@link Extractor.extract} with what happened to each claim of the answer: the note `checkAsync` and
   * `checkTurnsAsync` put on the receipt as `secondOpinion`. Throws only as `extract` does.
   */
  read(input: ExtractorInput): Promise<LlmReading>;
}

/** Default of `timeoutMs`. */
export const LLM_TIMEOUT_MS = 30_000;

/**
 * Create the LLM extractor. Its `extract` never throws with `onError: 'warn'`; with `'raise'` it throws
 * ClaimcheckError `llm_failed` (`data: { reason: 'provider' | 'timeout' | 'unreadable' }`, `cause` the error).
 * `model` (an AI SDK `LanguageModel`) is accepted by the same function exported from `claimcheck/ai-sdk`; the root
 * entry takes `complete` only, so that it never loads the AI SDK nor names its types.
 * @throws ClaimcheckError `invalid_options` when `complete` is missing (or `model` is given to the root entry's
 *   function) or `timeoutMs` is not a positive number.
 */
export function createLlmExtractor(options: LlmExtractorOptions): LlmExtractor {
  try {
    const timeoutMs = options.timeoutMs ?? LLM_TIMEOUT_MS;
    if (!(Number.isFinite(timeoutMs) && timeoutMs >= 1)) throw new ClaimcheckError('invalid_options', `createLlmExtractor: timeoutMs must be a number of milliseconds, at least 1; got ${String(timeoutMs)}.`);
    const complete = completer(options);
    const warn = options.warn ?? ((m: string) => console.warn(m));
    const cacheSize = options.cacheSize ?? 1_000;
    const cache = new Map<string, ModelAnswer>();
    let failures = 0;

    const fail = (reason: 'provider' | 'timeout' | 'unreadable', cause: unknown): LlmReading => {
      failures++;
      const why = reason === 'timeout' ? `no answer read within ${timeoutMs} ms` : reason === 'unreadable' ? 'the answer was not the JSON asked for' : `the provider failed (${cause instanceof Error ? cause.message : String(cause)})`;
      const message = `claimcheck: the LLM extractor fell back to the rules: ${why}.`;
      if (options.onError === 'raise') throw new ClaimcheckError('llm_failed', message, { cause, data: { reason } });
      if (failures === 1) warn(`${message} Later failures of this extractor are not logged; its \`failures\` counts them.`);
      return { claims: [], note: { read: 0, omitted: 0, dropped: [], failed: reason } };
    };

    const read = async (input: ExtractorInput): Promise<LlmReading> => {
      const deadline = Date.now() + timeoutMs;
      const key = createHash('sha256').update(input.reply).update('\u0000').update(JSON.stringify(input.tools.map((t) => [t.name, t.description]))).digest('hex');
      let answer = cache.get(key);
      if (answer === undefined) {
        let text: string;
        const controller = new AbortController();
        const abort = (): void => controller.abort();
        input.signal?.addEventListener('abort', abort, { once: true });
        let timer: NodeJS.Timeout | undefined;
        let timedOut = false;
        try {
          const timeout = new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              timedOut = true;
              reject(new TimeoutError());
              controller.abort();
            }, timeoutMs);
          });
          const request: CompleteRequest = { schemaName: 'claimcheck_claims', schema: answerSchema(input.tools) };
          text = await Promise.race([complete(buildPrompt(input.reply, input.tools), controller.signal, request), timeout]);
        } catch (error) {
          return fail(timedOut || error instanceof TimeoutError ? 'timeout' : 'provider', error);
        } finally {
          clearTimeout(timer);
          input.signal?.removeEventListener('abort', abort);
        }
        const parsed = typeof text === 'string' ? parseAnswer(text) : null;
        if (parsed === null) return fail('unreadable', new Error(`answer: ${String(text).slice(0, 200)}`));
        answer = parsed;
        if (cacheSize > 0) {
          if (cache.size >= cacheSize) cache.clear();
          cache.set(key, answer);
        }
      }
      // Each span is looked up in the reply and its sentences read once: the whole reading stays within timeoutMs.
      const names = new Set(input.tools.map((t) => t.name));
      const readSpan = spanReader(input.reply);
      const claims: ExtractorClaim[] = [];
      const dropped: DroppedClaim[] = [];
      for (const m of answer.claims) {
        if (Date.now() > deadline) return fail('timeout', new TimeoutError());
        const claim = readSpan(m);
        if (typeof claim === 'string') dropped.push({ span: m.span, tool: m.tool, verb: m.verb, guard: claim });
        else claims.push({ ...claim, tool: m.tool !== null && names.has(m.tool) ? m.tool : null });
      }
      return { claims, note: { read: answer.claims.length, omitted: answer.omitted, dropped } };
    };

    return {
      kind: 'llm',
      llmBlocks: options.llmBlocks === true,
      get failures() {
        return failures;
      },
      read,
      extract: async (input) => (await read(input)).claims,
    };
  } catch (error) {
    throw hostError('createLlmExtractor', error);
  }
}

class TimeoutError extends Error {}

function completer(options: LlmExtractorOptions): Complete {
  if (typeof options.complete === 'function') return options.complete;
  if (options.model !== undefined && options.model !== null) {
    // The root entry never loads the AI SDK (not even lazily); its subpath does.
    throw new ClaimcheckError('invalid_options', "createLlmExtractor: an AI SDK `model` needs the AI SDK entry: import { createLlmExtractor } from 'claimcheck/ai-sdk' (or pass `complete`).");
  }
  throw new ClaimcheckError('invalid_options', 'createLlmExtractor: give `complete: (prompt, signal) => Promise<string>` (any SDK), or `model` (an AI SDK LanguageModel) through claimcheck/ai-sdk.');
}
