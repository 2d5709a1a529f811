/**
 * `claimcheckToolInputGuardrail()`: claimcheck's argument validation as an OpenAI Agents SDK tool input
 * guardrail. Arguments that break the tool's JSON Schema never reach the tool: the model reads what to
 * fix, and with a guard the rejected call is recorded as an interception.
 * @see https://openai.github.io/openai-agents-js/guides/guardrails/#tool-guardrails
 */
import type { ToolInputGuardrailDefinition, ToolInputGuardrailData, ToolGuardrailFunctionOutput } from '@openai/agents';
import type { Guard } from '../action/guard.js';
import { failureText } from '../run/_answer.js';
import { normalizeTools } from '../tools.js';
import { createValidator, type Validator } from '../validate/create-validator.js';
import type { ValidationFailure } from '../validate/validation-failure.js';
import { awaitRepair, takeRepair } from './_repair-book.js';
import { functionToolSpec } from './_tool-specs.js';
import { hostError } from '../_host-input.js';

/** Options of {@link claimcheckToolInputGuardrail}. */
export interface ClaimcheckToolInputGuardrailOptions {
  /**
   * Record each rejected call in this guard (`guard.reject`: an interception and a `failed` operation,
   * `repaired` when it follows a rejected call of the same tool). Default: none; rejected calls are
   * only in the SDK's `result.toolInputGuardrailResults`.
   */
  guard?: Guard;
  /**
   * The tools whose schemas the arguments are checked against, in any shape `normalizeTools` reads.
   * Default: the calling agent's function tool of the called name, with the JSON Schema the SDK sends
   * the model. A tool not listed, or listed with no schema, accepts any arguments.
   * @throws ClaimcheckError `invalid_tool` (when the guardrail is created) for an entry in no known shape.
   */
  tools?: unknown;
  /** Treat object schemas that declare `properties` as closed (see `ValidatorOptions.strictProperties`). Default `false`. */
  strictProperties?: boolean;
  /** The guardrail's name in the SDK's results and traces. Default `'claimcheck'`. */
  name?: string;
}

/** The `outputInfo` of the guardrail's result. */
export interface ToolInputGuardrailInfo {
  tool: string;
  /** The findings, most relevant first; empty when the call passed. */
  failures: ValidationFailure[];
  /** `true` when the SDK gave the guardrail no arguments to check (see {@link claimcheckToolInputGuardrail}). */
  withheld?: true;
}

/**
 * A tool input guardrail that validates each call's arguments with claimcheck's validator. Put it in
 * `tool({ ..., inputGuardrails: [claimcheckToolInputGuardrail({ guard })] })`.
 *
 * ```ts
 * const issueRefund = tool({ name: 'issue_refund', parameters, strict: false, execute, inputGuardrails: [claimcheckToolInputGuardrail({ guard: g })] });
 * ```
 * Passing arguments are allowed through. Rejected ones make the SDK answer the model with
 * `Error: the arguments of <tool> were rejected and the tool did not run. <each problem and hint>`
 * instead of running the tool (`rejectContent`); `outputInfo` holds the failures either way. A schema
 * claimcheck cannot compile lets every call through. The SDK runs tool guardrails only for arguments
 * that are JSON: it answers other text itself before any guardrail. When a zod tool's own schema
 * rejects the arguments, the SDK hides them from tool guardrails unless tool data logging is on
 * (`OPENAI_AGENTS_DONT_LOG_TOOL_DATA=0`): the guardrail lets such a call through (`withheld: true` in
 * `outputInfo`, nothing recorded) to the SDK's own rejection, and the model reads the SDK's text.
 * Tools wrapped by `guardAgentTools()` are not parsed by the SDK, so their arguments always reach it.
 *
 * Tools wrapped by `guardAgentTools()` are validated by their guard already; use this guardrail for
 * tools whose calls you do not route through a guard, or to have the SDK itself report rejections.
 * @throws ClaimcheckError `invalid_tool` for a bad `tools`.
 */
export function claimcheckToolInputGuardrail<TContext = unknown>(options: ClaimcheckToolInputGuardrailOptions = {}): ToolInputGuardrailDefinition<TContext> {
  try {
    const strictProperties = options.strictProperties ?? false;
    const given = options.tools === undefined ? undefined : normalizeTools(options.tools);
    const fixed = given === undefined ? undefined : createValidator({ tools: given, strictProperties });
    const perTool = new WeakMap<object, Validator>();
    const validatorOf = (data: ToolInputGuardrailData<TContext>): Validator | undefined => {
      if (given !== undefined) return given.some((t) => t.name === data.toolCall.name) ? fixed : undefined;
      const tool = (data.agent.tools as readonly unknown[]).find((t) => functionToolSpec(t)?.name === data.toolCall.name) as object | undefined;
      if (tool === undefined) return undefined;
      let validator = perTool.get(tool);
      if (validator === undefined) {
        validator = createValidator({ tools: [functionToolSpec(tool)], strictProperties });
        perTool.set(tool, validator);
      }
      return validator;
    };
    return {
      type: 'tool_input',
      name: options.name ?? 'claimcheck',
      run: async (data) => {
        const { name, arguments: args, callId } = data.toolCall;
        // No arguments: the SDK withheld them (a zod tool's own schema rejected them, tool data not logged); it rejects the call itself.
        if (args === '') return allow({ tool: name, failures: [], withheld: true });
        const failures = failuresOf(validatorOf(data), name, args);
        const info: ToolInputGuardrailInfo = { tool: name, failures };
        if (failures.length === 0) return allow(info);
        const g = options.guard;
        if (g === undefined) return reject(rejectionText(name, failures), info);
        const result = g.reject(name, args, { callId, failures, repaired: takeRepair(g, name) });
        awaitRepair(g, name);
        return reject(failureText(result), info);
      },
    };
  } catch (error) {
    throw hostError('claimcheckToolInputGuardrail', error);
  }
}

/** The findings for a call; none when it passes, when no schema is known, or when the schema does not compile (fail open). */
function failuresOf(validator: Validator | undefined, tool: string, args: string): ValidationFailure[] {
  if (validator === undefined) return [];
  try {
    const checked = validator.validate(tool, args);
    return checked.ok ? [] : checked.failures;
  } catch {
    return [];
  }
}

/** The same text `failureText` gives a guard's rejected call. */
function rejectionText(tool: string, failures: readonly ValidationFailure[]): string {
  const findings = failures.map((f) => (f.hint === undefined ? f.message : `${f.message} ${f.hint}`));
  return `Error: the arguments of ${tool} were rejected and the tool did not run. ${findings.join(' ')}`;
}

function allow(outputInfo: ToolInputGuardrailInfo): ToolGuardrailFunctionOutput {
  return { behavior: { type: 'allow' }, outputInfo };
}

function reject(message: string, outputInfo: ToolInputGuardrailInfo): ToolGuardrailFunctionOutput {
  return { behavior: { type: 'rejectContent', message }, outputInfo };
}
