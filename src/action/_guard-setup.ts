/**
 * Internal: a guard's options, checked and resolved once at creation.
 */
import { ClaimcheckError } from '../errors.js';
import { Ledger } from '../ledger.js';
import { normalizeTools, type ToolSpec } from '../tools.js';
import { createValidator, type Validator } from '../validate/create-validator.js';
import { isAction, type Action, type Executor } from './action.js';
import type { GuardOptions } from './guard.js';
import type { GuardObserver } from './guard-observer.js';
import type { GuardLogger } from './_incidents.js';
import { createMemorySink, type OperationSink } from './operation-sink.js';
import { isAsyncFunction } from './_run-call.js';
import { declaredNames } from './_mask-arguments.js';

/** What a guard runs on. */
export interface GuardSetup {
  tools: ToolSpec[];
  /** Registered tool names. */
  registered: ReadonlySet<string>;
  executors: ReadonlyMap<string, Executor | Action>;
  /** Names of the tools marked with `action()`. */
  actions: ReadonlySet<string>;
  /** Names of the tools whose executor is an `async function` (refused by the synchronous `execute`). */
  asyncTools: ReadonlySet<string>;
  validator: Validator;
  ledger: Ledger;
  sink: OperationSink;
  logger: GuardLogger;
  captureArgs: boolean;
  ignoreTools: readonly string[] | undefined;
  observers: readonly GuardObserver[];
  /** Registered tools' non-empty descriptions, by name. */
  descriptions: ReadonlyMap<string, string>;
  /** The member names a tool's schema declares (computed once per tool; none for an unknown tool). */
  declared(tool: string): ReadonlySet<string>;
}

/** Check and resolve guard options; see `guard()` for what throws. */
export function setUpGuard(options: GuardOptions): GuardSetup {
  if (typeof options !== 'object' || options === null || typeof options.executors !== 'object' || options.executors === null) {
    throw new ClaimcheckError('invalid_options', 'guard(options) needs { executors: { toolName: fn or action(fn, { receipt }) } }.');
  }
  const executors = new Map<string, Executor | Action>();
  const actions = new Set<string>();
  const asyncTools = new Set<string>();
  for (const [name, entry] of Object.entries(options.executors)) {
    if (isAction(entry)) actions.add(name);
    else if (typeof entry !== 'function') {
      throw new ClaimcheckError('invalid_options', `guard executor ${JSON.stringify(name)} is ${typeof entry}; expected a function or action(fn, { receipt }).`);
    }
    executors.set(name, entry);
    if (isAsyncFunction(typeof entry === 'function' ? entry : entry.executor)) asyncTools.add(name);
  }
  const tools = normalizeTools(options.tools ?? [...executors.keys()]);
  const registered = new Set(tools.map((t) => t.name));
  const stray = [...executors.keys()].filter((name) => !registered.has(name));
  if (stray.length > 0) {
    throw new ClaimcheckError(
      'invalid_options',
      `guard executors ${stray.map((s) => JSON.stringify(s)).join(', ')} name no registered tool; registered: ${[...registered].join(', ') || 'none'}. Fix the name or add the tool to tools.`,
      { data: { executors: stray } },
    );
  }
  const sink = options.sink ?? createMemorySink();
  for (const method of ['recordOperation', 'recordInterception', 'recordReceipt'] as const) {
    if (typeof sink?.[method] !== 'function') {
      throw new ClaimcheckError('invalid_options', `guard option sink has no ${method}() method; a sink implements recordOperation, recordInterception and recordReceipt.`);
    }
  }
  const observers = [...(options.observers ?? [])];
  for (const [i, o] of observers.entries()) {
    if (typeof o?.callSettled !== 'function' || typeof o.replyChecked !== 'function') {
      throw new ClaimcheckError('invalid_options', `guard option observers[${i}] has no callSettled() and replyChecked() methods; an observer implements both (createOtelObserver() from claimcheck/otel makes one).`);
    }
  }
  const descriptions = new Map(tools.filter((t) => t.description !== '').map((t) => [t.name, t.description]));
  const schemas = new Map(tools.map((t) => [t.name, t.parameters]));
  const declaredByTool = new Map<string, ReadonlySet<string>>();
  const declared = (tool: string): ReadonlySet<string> => {
    let names = declaredByTool.get(tool);
    if (names === undefined) declaredByTool.set(tool, (names = declaredNames(schemas.get(tool))));
    return names;
  };
  const ledger = new Ledger({
    ...(options.captureResults === undefined ? {} : { captureResults: options.captureResults }),
    ...(options.maxResultChars === undefined ? {} : { maxResultChars: options.maxResultChars }),
  });
  return {
    tools,
    registered,
    executors,
    actions,
    asyncTools,
    validator: createValidator({ tools, strictProperties: options.strictProperties ?? false }),
    ledger,
    sink,
    logger: options.logger ?? console,
    captureArgs: options.captureArgs ?? false,
    ignoreTools: options.ignoreTools,
    observers,
    descriptions,
    declared,
  };
}
