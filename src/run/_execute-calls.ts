/**
 * Internal: running one model turn's tool calls through the guard, in the order the model sent them,
 * one at a time; then, for calls whose arguments were rejected, one repair round trip: a single extra
 * model request whose answers carry a repair prompt, and the corrected calls run as repaired.
 */
import type { Guard } from '../action/guard.js';
import type { GuardResult } from '../action/guard-result.js';
import type { ToolSpec } from '../tools.js';
import type { ValidationFailure } from '../validate/validation-failure.js';
import type { CallAnswer, ModelCall, ProviderAdapter } from './_adapter.js';
import { answerOf } from './_answer.js';
import { buildRepairPrompt } from './build-repair-prompt.js';
import type { RepairAttempt } from './run-result.js';

/** What the calls of a turn came to. */
export interface ExecutedCalls {
  answers: CallAnswer[];
  /** Arguments the model corrected, by call id (they replace the rejected ones in the appended assistant message). */
  repairedArgs: Map<string, unknown>;
  repairs: RepairAttempt[];
  /** The repair request's response, when one was made and answered. */
  repairResponse: unknown;
}

/** Inputs of {@link executeCalls}. */
export interface ExecuteCallsInput {
  guard: Guard;
  adapter: ProviderAdapter;
  /** The messages the turn was requested with. */
  messages: readonly unknown[];
  response: unknown;
  calls: readonly ModelCall[];
  repair: boolean;
}

export async function executeCalls(input: ExecuteCallsInput): Promise<ExecutedCalls> {
  const { guard, adapter, calls } = input;
  const results: GuardResult[] = [];
  for (const call of calls) results.push(await guard.executeAsync(call.name, call.args, { callId: call.id }));
  const answers = calls.map((call, i) => answerOf(call.id, results[i] as GuardResult));
  const out: ExecutedCalls = { answers, repairedArgs: new Map(), repairs: [], repairResponse: undefined };
  const rejected = input.repair ? calls.flatMap((call, i) => repairable(call, i, results[i] as GuardResult)) : [];
  if (rejected.length === 0) return out;

  const schemas = new Map<string, ToolSpec>(adapter.toolSpecs.map((t) => [t.name, t]));
  const asked = answers.slice();
  for (const r of rejected) {
    const schema = schemas.get(r.call.name)?.parameters;
    const prompt = buildRepairPrompt({ tool: r.call.name, failures: r.failures, ...(schema === undefined ? {} : { schema }) }, r.call.args);
    asked[r.index] = { id: r.call.id, content: prompt, isError: true };
  }
  let corrected: readonly ModelCall[];
  try {
    const request = [...input.messages, adapter.assistantMessage(input.response, new Map()), ...adapter.answerMessages(asked)];
    out.repairResponse = await adapter.send(request, rejected.map((r) => r.call.name));
    corrected = adapter.read(out.repairResponse).calls;
  } catch (error) {
    for (const r of rejected) out.repairs.push({ tool: r.call.name, callId: r.call.id, failures: r.failures, outcome: 'request_failed', error });
    return out;
  }
  const used = new Set<ModelCall>();
  for (const r of rejected) {
    const next = corrected.find((c) => c.name === r.call.name && !used.has(c));
    if (next === undefined) {
      out.repairs.push({ tool: r.call.name, callId: r.call.id, failures: r.failures, outcome: 'no_call' });
      continue;
    }
    used.add(next);
    const result = await guard.executeRepaired(r.call.name, next.args, { callId: r.call.id });
    const stillInvalid = repairable(next, r.index, result).length > 0;
    out.repairs.push({ tool: r.call.name, callId: r.call.id, failures: r.failures, outcome: stillInvalid ? 'still_invalid' : 'repaired' });
    out.repairedArgs.set(r.call.id, next.args);
    answers[r.index] = answerOf(r.call.id, result);
  }
  return out;
}

/** The call, when its arguments were rejected (not an unknown tool: the answer already names the right one). */
function repairable(call: ModelCall, index: number, result: GuardResult): Array<{ call: ModelCall; index: number; failures: ValidationFailure[] }> {
  const f = result.failure;
  if (f === undefined || !('failures' in f) || f.category === 'unknown_tool') return [];
  return [{ call, index, failures: f.failures }];
}
