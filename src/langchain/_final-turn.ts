/**
 * Internal: the turn an agent run ends with, read from its state's messages: the final reply, the
 * user's request it answers, and the tools called in between.
 */
import { messageText } from './_message-text.js';
import { readMessage, type ReadMessage } from './_read-message.js';

/** The end of a run. */
export interface FinalTurn {
  /** The text of the last message when it is an AI message; `''` otherwise (the run ended on a tool). */
  text: string;
  /** Index of that AI message in the list, or `-1`. */
  index: number;
  /** The text of the last human message, when there is one. */
  request: string | undefined;
  /** Names of the tools the AI messages after the last human message called (each once). */
  calledTools: string[];
}

/** Read the end of a run; a message in no known form counts as no human, AI or tool message (never throws). */
export function finalTurn(messages: readonly unknown[]): FinalTurn {
  const read = messages.map(lenient);
  let start = read.length;
  while (start > 0 && read[start - 1]?.kind !== 'human') start--;
  const last = read[read.length - 1];
  const human = read[start - 1];
  const calledTools = new Set<string>();
  for (const m of read.slice(start)) for (const c of m?.calls ?? []) calledTools.add(c.name);
  const isReply = last?.kind === 'ai';
  return {
    text: isReply ? messageText(last.content) : '',
    index: isReply ? read.length - 1 : -1,
    request: human === undefined ? undefined : messageText(human.content),
    calledTools: [...calledTools],
  };
}

function lenient(message: unknown, index: number): ReadMessage | undefined {
  try {
    return readMessage(message, index);
  } catch {
    return undefined;
  }
}
