/**
 * Internal: the error text of the failed call behind a `tool_failed` flag, for the readable report of
 * `claimcheck check` ("SMTP timeout"): the last failed call of the claim's tool that settled before the
 * assistant's next reply with text. The conversation is read again only when a report asks.
 */
import type { MessageFormat } from '../conversation.js';
import { readConversation } from '../readers/index.js';

/** The error of the failed call of `tool` that a flag in the reply at `messageIndex` rests on, if any recorded one. */
export type ToolErrorOf = (tool: string, messageIndex: number) => string | undefined;

/** {@link ToolErrorOf} for one conversation, as `check` read it. */
export function toolErrors(messages: unknown, options: { format: MessageFormat | 'auto'; tools: unknown }): ToolErrorOf {
  let events: ReturnType<typeof readConversation>['events'] | undefined;
  return (tool, messageIndex) => {
    events ??= readConversation(messages, options).events;
    const next = events.find((e) => e.kind === 'assistant' && e.index > messageIndex)?.index ?? Infinity;
    let error: string | undefined;
    for (const e of events) {
      if (e.index >= next) break;
      if (e.kind === 'tool' && e.entry.tool === tool && e.entry.status === 'error' && typeof e.entry.error === 'string' && e.entry.error !== '') error = e.entry.error;
    }
    return error;
  };
}
