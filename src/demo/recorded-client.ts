/**
 * A scripted model for `run()`: an object with `chat.completions.create(body)`, so `run()` treats it as
 * an OpenAI client, that answers each request with the next of the given Chat Completions response
 * bodies. Nothing leaves the process and no SDK is loaded.
 */
import { ClaimcheckError } from '../errors.js';
import type { OpenAIChatClient } from '../run/clients.js';

/** A {@link createRecordedClient} client, with the requests it was sent. */
export interface RecordedClient extends OpenAIChatClient {
  /** The request bodies received, in order. */
  readonly requests: readonly unknown[];
  /** Responses not yet served. */
  readonly remaining: number;
}

/**
 * A client that serves `responses` in order, a fresh copy each time.
 * @throws ClaimcheckError `invalid_input` (from `create`) when asked for more responses than were given.
 */
export function createRecordedClient(responses: readonly unknown[]): RecordedClient {
  const requests: unknown[] = [];
  let next = 0;
  const create = async (body: unknown): Promise<unknown> => {
    requests.push(body);
    if (next >= responses.length) {
      throw new ClaimcheckError('invalid_input', `The scripted model was asked for response ${next + 1} but has only ${responses.length}.`);
    }
    return structuredClone(responses[next++]);
  };
  return {
    chat: { completions: { create: create as OpenAIChatClient['chat']['completions']['create'] } },
    requests,
    get remaining() {
      return responses.length - next;
    },
  };
}
