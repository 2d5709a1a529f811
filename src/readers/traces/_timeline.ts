/**
 * Internal: a trace's steps, in the order they happened, into the events of a conversation. A model call's
 * input brings the user's new messages (and the results of calls no tool span recorded), its output the
 * assistant's text and the calls it asked for; a tool step settles the call it answers (by call id, else the
 * first open call of that tool), or stands alone when the model's request was not recorded. The steps are read in
 * the order {@link orderedMoments} gives; a model input that carries the result of a call a tool step recorded is
 * read after that step, whatever the span times say: the step ended before the input was sent.
 */
import type { ConversationEvent } from '../../conversation.js';
import { CallBook, type OpenCall } from '../_call-book.js';
import { parseResultText } from '../_json.js';
import { LazyMessages, type ChatMessage } from './_chat-message.js';
import { orderedMoments } from './_step-order.js';
import type { ModelStep, ToolStep } from './_trace-step.js';

/** What {@link timelineEvents} read: the events, and whether any message content was recorded. */
export interface Timeline {
  events: ConversationEvent[];
  /** False when no model step recorded its input or output (content capture off). */
  hasContent: boolean;
}

/** The conversation events of a trace's model and tool steps (wrappers already removed). */
export function timelineEvents(models: readonly ModelStep[], tools: readonly ToolStep[]): Timeline {
  const moments = orderedMoments(models, tools);
  const book = new CallBook();
  const open: OpenCall[] = [];
  const fromInput = new Set<string>();
  /** Tool steps by call id, until they are read (at their moment, or earlier by an input that holds their result). */
  const unread = toolsById(tools);
  const readEarly = new Set<ToolStep>();
  /** Call ids a tool step settled before the model's answer that asked for them was read (its span ended later). */
  const byTool = new Set<string>();
  let users = -1;
  let previousInput: LazyMessages | null = null;
  let hasContent = false;
  moments.forEach((moment, index) => {
    if (moment.phase === 'tool') {
      // A call already settled from a model input (its span ended in the same instant) is not a second call.
      const id = moment.step.callId;
      if (readEarly.has(moment.step) || (id !== null && fromInput.has(id))) return;
      if (id !== null) unread.delete(id);
      if (!settleTool(book, open, moment.step, index) && id !== null) byTool.add(id);
      return;
    }
    const recorded = moment.phase === 'input' ? moment.step.input : moment.step.output;
    if (recorded === null) return;
    hasContent = true;
    // An input that extends the one before it: only what it adds is read (all of its user messages are new).
    let added: ChatMessage[] | null = null;
    if (moment.phase === 'input' && recorded instanceof LazyMessages) {
      if (previousInput !== null && users >= 0) added = recorded.after(previousInput, open.length > 0);
      previousInput = recorded;
    }
    if (added !== null) {
      for (const m of added) if (m.role === 'user') users++;
      sayUsers(book, added, 0, index);
      settleResults(book, open, fromInput, { unread, readEarly }, added, index);
      return;
    }
    const messages = recorded instanceof LazyMessages ? recorded.messages() : recorded;
    if (moment.phase === 'output') {
      for (const m of messages) {
        if (m.role !== 'assistant' && m.role !== 'model') continue;
        book.say('assistant', index, m.text);
        for (const call of m.calls) if (call.id === null || !byTool.has(call.id)) open.push({ tool: call.name, args: call.args, callId: call.id, index });
      }
      return;
    }
    users = sayNewUsers(book, messages, users, index);
    settleResults(book, open, fromInput, { unread, readEarly }, messages, index);
  });
  for (const call of open) book.open(call);
  return { events: book.finish(), hasContent };
}

/**
 * Say the user messages a model input adds. The first input says only those after its last assistant message
 * (the turn's request; earlier ones belong to turns traced before), each later input those past the count seen.
 */
function sayNewUsers(book: CallBook, messages: readonly ChatMessage[], seen: number, index: number): number {
  let from = seen;
  if (seen < 0) {
    const lastAssistant = messages.findLastIndex((m) => m.role === 'assistant');
    from = messages.slice(0, lastAssistant + 1).filter((m) => m.role === 'user').length;
  }
  return Math.max(sayUsers(book, messages, from, index), from);
}

/** Say the user messages past the first `skip`; returns how many user messages there are. */
function sayUsers(book: CallBook, messages: readonly ChatMessage[], skip: number, index: number): number {
  let count = 0;
  for (const m of messages) {
    if (m.role !== 'user') continue;
    count++;
    if (count > skip) book.say('user', index, m.text);
  }
  return count;
}

/**
 * Settle the open calls a model input carries results for: by the tool step of the call when the trace has one
 * not yet read (producers round span start times, so the input can seem to begin before the tool ended), else by
 * the result the input holds.
 */
function settleResults(book: CallBook, open: OpenCall[], fromInput: Set<string>, steps: { unread: Map<string, ToolStep>; readEarly: Set<ToolStep> }, messages: readonly ChatMessage[], index: number): void {
  for (const m of messages) {
    for (const r of m.results) {
      const step = r.id === null ? undefined : steps.unread.get(r.id);
      if (step !== undefined && r.id !== null) {
        steps.unread.delete(r.id);
        steps.readEarly.add(step);
        settleTool(book, open, step, index);
        continue;
      }
      const call = takeOpen(open, r.id, r.name);
      if (call === undefined) continue;
      book.settle(call, { result: typeof r.result === 'string' ? parseResultText(r.result) : r.result, marked: r.failed }, index);
      if (call.callId !== null) fromInput.add(call.callId);
    }
  }
}

/** The tool steps that carry a call id, by id; an id two steps share is left out (neither can be told apart by it). */
function toolsById(tools: readonly ToolStep[]): Map<string, ToolStep> {
  const byId = new Map<string, ToolStep>();
  const shared = new Set<string>();
  for (const step of tools) {
    if (step.callId === null) continue;
    if (byId.has(step.callId)) shared.add(step.callId);
    byId.set(step.callId, step);
  }
  for (const id of shared) byId.delete(id);
  return byId;
}

/** Settle a tool step; returns whether it answered an open call (else it stands alone). */
function settleTool(book: CallBook, open: OpenCall[], step: ToolStep, index: number): boolean {
  const requested = takeOpen(open, step.callId, step.tool);
  const call = { tool: step.tool, args: step.args === undefined ? requested?.args : step.args, callId: step.callId ?? requested?.callId ?? null };
  book.settle(call, { result: step.result, marked: step.failed, errorText: step.error, startedAt: step.start, endedAt: step.end }, index);
  return requested !== undefined;
}

/** The open call a result answers: the one with its id, else (either side without an id) the first of its tool. */
function takeOpen(open: OpenCall[], callId: string | null, tool: string | null): OpenCall | undefined {
  let at = callId === null ? -1 : open.findIndex((c) => c.callId === callId);
  if (at < 0) at = open.findIndex((c) => c.tool === tool && (callId === null || c.callId === null));
  return at < 0 ? undefined : open.splice(at, 1)[0];
}

