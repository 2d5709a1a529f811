/**
 * `runDemo()`: the support-desk agent played through the real `run()` loop, guard and checker, with a
 * scripted model. Each scenario is its own run in the store (agent `support-desk-demo`); what happens
 * is reported as events, in order, as each model turn completes.
 */
import { guard, type GuardLogger } from '../action/guard.js';
import type { Operation } from '../action/operation.js';
import type { Receipt } from '../receipt.js';
import { run } from '../run/run.js';
import type { RepairAttempt } from '../run/run-result.js';
import type { Store } from '../store/store.js';
import { DEMO_MODEL, demoScenarios, type DemoScenario } from './demo-scenarios.js';
import { createRecordedClient } from './recorded-client.js';
import { SUPPORT_DESK_PROMPT, supportDeskExecutors, supportDeskToolNames, supportDeskTools } from './support-desk.js';

/** The `agent` of the demo's runs. */
export const DEMO_AGENT = 'support-desk-demo';

/** What happens, in order. */
export type DemoEvent =
  | { type: 'scenario'; scenario: DemoScenario; index: number; total: number }
  /** A guarded call settled (a rejected call and its repair are two). */
  | { type: 'call'; scenario: DemoScenario; operation: Operation }
  /** A call whose arguments were rejected went back to the model once. */
  | { type: 'repair'; scenario: DemoScenario; attempt: RepairAttempt }
  /** A rejected call that is not sent back for repair (an unknown tool): the answer the model reads instead. */
  | { type: 'answer'; scenario: DemoScenario; callId: string; text: string }
  /** The model's text-only reply and its receipt. */
  | { type: 'reply'; scenario: DemoScenario; text: string; receipt: Receipt };

/** How one scenario ended. */
export interface DemoScenarioResult {
  scenario: DemoScenario;
  /** Every guarded call, in call order. */
  operations: Operation[];
  repairs: RepairAttempt[];
  text: string;
  receipt: Receipt;
}

/** Options of {@link runDemo}. */
export interface RunDemoOptions {
  /** Where every scenario is recorded, each in a run it starts. */
  store: Store;
  /** Called for each event as it happens. Default: nothing. */
  onEvent?: (event: DemoEvent) => void;
  /** Where the guard's warnings go (a broken store says "recording is off" here). Default `console`. */
  logger?: GuardLogger;
  /** The scenarios to play. Default: all of `demoScenarios`. */
  scenarios?: readonly DemoScenario[];
}

/**
 * Play the scenarios one after another.
 * @throws ClaimcheckError from the store (`store_closed`, `store_readonly` when starting a run) or when a
 *   scenario's responses run out before the agent's reply.
 */
export async function runDemo(options: RunDemoOptions): Promise<DemoScenarioResult[]> {
  const scenarios = options.scenarios ?? demoScenarios;
  const emit = options.onEvent ?? (() => undefined);
  const results: DemoScenarioResult[] = [];
  for (const [index, scenario] of scenarios.entries()) {
    emit({ type: 'scenario', scenario, index, total: scenarios.length });
    options.store.startRun({ agent: DEMO_AGENT, tools: supportDeskToolNames, meta: { scenario: scenario.id, model: DEMO_MODEL, scripted: true } });
    results.push(await playScenario(scenario, options, emit));
  }
  return results;
}

/** The text of the tool message answering `callId` (Chat Completions `role: "tool"`), `''` when there is none. */
function answerText(messages: readonly unknown[], callId: string): string {
  const answer = messages.find((m) => (m as { role?: unknown }).role === 'tool' && (m as { tool_call_id?: unknown }).tool_call_id === callId) as { content?: unknown } | undefined;
  return typeof answer?.content === 'string' ? answer.content : '';
}

async function playScenario(scenario: DemoScenario, options: RunDemoOptions, emit: (event: DemoEvent) => void): Promise<DemoScenarioResult> {
  const g = guard({ tools: supportDeskTools, executors: supportDeskExecutors(scenario.faults), store: options.store, ...(options.logger === undefined ? {} : { logger: options.logger }) });
  const client = createRecordedClient(scenario.responses);
  const operations: Operation[] = [];
  const repairs: RepairAttempt[] = [];
  let messages: unknown[] = [
    { role: 'system', content: SUPPORT_DESK_PROMPT },
    { role: 'user', content: scenario.user },
  ];
  try {
    for (;;) {
      const result = await run(client, { model: DEMO_MODEL, messages, tools: supportDeskTools, guard: g });
      const unsaid = [...result.repairs];
      // A finished turn lists every call since the user's message again: report each call once.
      for (const operation of result.operations) {
        if (operations.includes(operation)) continue;
        operations.push(operation);
        emit({ type: 'call', scenario, operation });
        // A rejected call's repair attempt comes right after it (before the repaired call).
        const i = operation.ran ? -1 : unsaid.findIndex((r) => r.callId === operation.callId);
        if (i >= 0) {
          const [attempt] = unsaid.splice(i, 1) as [RepairAttempt];
          repairs.push(attempt);
          emit({ type: 'repair', scenario, attempt });
        } else if (!operation.ran) {
          emit({ type: 'answer', scenario, callId: operation.callId, text: answerText(result.messages, operation.callId) });
        }
      }
      if (result.finished) {
        // run() checks every finished reply (bypass is on), so there is a receipt.
        const receipt = result.receipt as Receipt;
        emit({ type: 'reply', scenario, text: result.text, receipt });
        return { scenario, operations, repairs, text: result.text, receipt };
      }
      messages = result.messages;
    }
  } finally {
    g.close();
  }
}
