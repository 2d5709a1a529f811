/**
 * `claimcheckRunOptions()`: the run options that let a guard see calls to tools the agent does not
 * have. By default the SDK ends the run with a `ModelBehaviorError` on such a call; with these options
 * it answers the model instead, and the guard records the call as rejected (`unknown_tool`).
 * @see https://openai.github.io/openai-agents-js/guides/running-agents/
 */
import type { ToolErrorFormatter, ToolErrorFormatterArgs } from '@openai/agents';
import type { Guard } from '../action/guard.js';
import { ClaimcheckError } from '../errors.js';
import { failureText } from '../run/_answer.js';
import { isSdkToolNotFound } from './_sdk-texts.js';
import { hostError } from '../_host-input.js';

/** Options of {@link claimcheckRunOptions}. */
export interface ClaimcheckRunOptionsInput {
  /** The guard that records the calls (the one `guardAgentTools()` made or was given). Required. */
  guard: Guard;
  /**
   * Your own formatter of tool errors. It is called for every error; a string it returns is what the
   * model reads. Default: none (the SDK's text for approval rejections, claimcheck's for unknown tools).
   */
  toolErrorFormatter?: ToolErrorFormatter;
}

/** What {@link claimcheckRunOptions} returns: spread it into `run()`'s options or `new Runner({ ... })`. */
export interface ClaimcheckRunOptions {
  toolNotFoundBehavior: 'return_error_to_model';
  toolErrorFormatter: ToolErrorFormatter;
}

/**
 * Run options under which a call to a tool the agent does not have goes back to the model as an error
 * (`toolNotFoundBehavior: 'return_error_to_model'`) and is recorded by `guard` as it happens: an
 * interception `unknown_tool` and a `failed` operation (`guard.reject`). The model reads
 * `Error: <the unknown tool> … Did you mean <closest tool>?`.
 *
 * ```ts
 * const result = await run(agent, input, { ...claimcheckRunOptions({ guard }) });
 * ```
 * The SDK gives its error formatter the tool's name and call id but not the arguments, so the
 * interception's `argsHash` is that of no arguments. A deferred tool not yet loaded by tool search is
 * not recorded (the model is told to load it, and its later call runs).
 * @throws ClaimcheckError `invalid_options` when `guard` is missing.
 */
export function claimcheckRunOptions(options: ClaimcheckRunOptionsInput): ClaimcheckRunOptions {
  try {
    const g = options?.guard;
    if (typeof g?.reject !== 'function') {
      throw new ClaimcheckError('invalid_options', 'claimcheckRunOptions({ guard }) needs the guard that records the calls (from guardAgentTools() or guard()).');
    }
    const own = options.toolErrorFormatter;
    return {
      toolNotFoundBehavior: 'return_error_to_model',
      toolErrorFormatter: async (args: ToolErrorFormatterArgs) => {
        let text: string | undefined;
        if (args.kind === 'tool_not_found' && isSdkToolNotFound(args.defaultMessage)) {
          text = failureText(g.reject(args.toolName, undefined, { callId: args.callId }));
        }
        return (own === undefined ? undefined : await own(args)) ?? text;
      },
    };
  } catch (error) {
    throw hostError('claimcheckRunOptions', error);
  }
}
