/**
 * Internal: what a finished reply answers, read from the conversation with the core readers: the
 * user's latest message (for terse replies such as "Done — sent.") and the tools called since it.
 */
import { readConversation } from '../readers/read-conversation.js';

/** The user's latest request and the names of the tools called since; empty when the messages cannot be read. */
export function requestContext(messages: readonly unknown[], format: 'openai-chat' | 'anthropic'): { request: string | undefined; calledTools: string[] } {
  let events;
  try {
    events = readConversation(messages, { format }).events;
  } catch {
    return { request: undefined, calledTools: [] };
  }
  let request: string | undefined;
  let calledTools: string[] = [];
  for (const event of events) {
    if (event.kind === 'user') {
      request = event.text;
      calledTools = [];
    } else if (event.kind === 'tool') calledTools.push(event.entry.tool);
  }
  return { request, calledTools };
}
