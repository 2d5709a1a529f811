/**
 * Tools whose argument selects the act: which arguments are read as selecting acts, and how claims are judged
 * by the calls that selected their act (through the public `check`).
 */
import { describe, expect, it } from 'vitest';
import { check } from '../check.js';
import { Ledger } from '../ledger.js';
import { toolActs } from './tool-acts.js';

const ledger = (...entries: Array<{ tool: string; args?: Record<string, unknown>; status?: 'ok' | 'error'; result?: unknown }>): Ledger =>
  new Ledger({}, entries.map((e) => ({ status: 'ok' as const, ...e })));
const flagged = (r: ReturnType<typeof check>): string[] => r.claimedButNeverRan.map((c) => `${c.tool}:${c.reason}${c.act === undefined ? '' : `[${c.act.value}]`}`);

const rooms = {
  name: 'rooms',
  description: "Meeting rooms. action='find' lists free rooms for a time and reserves nothing; action='reserve' reserves a room_id for the organizer; action='release' frees a reservation.",
  parameters: { type: 'object', properties: { action: { type: 'string', enum: ['find', 'reserve', 'release'] }, room_id: { type: 'string' }, start: { type: 'string' } }, required: ['action'] },
};
const parcels = {
  name: 'parcel_postage',
  description: "Postage for a parcel. mode='estimate' returns prices and buys nothing; mode='buy' buys the postage for a price_id and charges the account.",
};

describe('toolActs', () => {
  it('reads the acts an enum argument selects, with what the description says each does', () => {
    const acts = toolActs(rooms, null);
    expect(acts.map((a) => [a.value, a.verb, a.read])).toEqual([
      ['find', 'find', true],
      ['reserve', 'reserve', false],
      ['release', 'release', false],
    ]);
    expect(acts[0]?.described).toEqual(['list']);
  });

  it('reads the selectors a description writes for a tool listed without a schema', () => {
    expect(toolActs(parcels, null).map((a) => [a.argument, a.value, a.read, a.described])).toEqual([
      ['mode', 'estimate', true, ['return']],
      ['mode', 'buy', false, ['buy', 'charge']],
    ]);
  });

  it('reads no acts where an enum holds kinds or values, not acts', () => {
    const kinds = { name: 'post_to_board', description: 'Post a message to a board.', parameters: { type: 'object', properties: { board: { type: 'string', enum: ['general-discussion', 'parent-updates'] } } } };
    expect(toolActs(kinds, 'post')).toEqual([]);
    // A tool named after its own act does it with any value of a mode argument.
    const thermostat = { name: 'set_thermostat', description: 'Set the thermostat.', parameters: { type: 'object', properties: { mode: { type: 'string', enum: ['heat', 'cool', 'off'] } } } };
    expect(toolActs(thermostat, 'set')).toEqual([]);
    // HTTP methods name no act of the tool's own.
    const http = { name: 'crm_api', description: 'Raw CRM REST API.', parameters: { type: 'object', properties: { method: { type: 'string', enum: ['GET', 'POST', 'DELETE'] } } } };
    expect(toolActs(http, null)).toEqual([]);
  });
});

describe('claims judged by the calls that selected their act', () => {
  const found = { tool: 'rooms', args: { action: 'find', start: '2025-03-04T10:00' }, result: { rooms: [{ room_id: 'R-12' }] } };

  it('flags a reservation when only a search ran', () => {
    const r = check('I found a free room and reserved R-12 for you at 10:00.', ledger(found), { tools: [rooms] });
    expect(flagged(r)).toEqual(['rooms:not_called[reserve]']);
    expect(r.confirmed.map((c) => [c.tool, c.act?.value])).toEqual([['rooms', 'find']]);
  });

  it('confirms a reservation when a call selected it', () => {
    const reserved = { tool: 'rooms', args: { action: 'reserve', room_id: 'R-12' }, result: { reservation_id: 'RV-7', room_id: 'R-12' } };
    const r = check('Reserved R-12 for you (reservation RV-7).', ledger(found, reserved), { tools: [rooms] });
    expect(flagged(r)).toEqual([]);
    expect(r.ranButUnreported.map((e) => e.tool)).toEqual([]);
  });

  it('flags a purchase when only the estimate ran, for a tool listed without a schema', () => {
    const estimated = { tool: 'parcel_postage', args: { mode: 'estimate', parcel: 'P-4' }, result: { prices: [{ price_id: 'pr_1', amount: 9.5 }] } };
    expect(flagged(check('✅ Postage bought for parcel P-4.', ledger(estimated), { tools: [parcels] }))).toEqual(['parcel_postage:not_called[buy]']);
  });

  it('backs a claim of the read act by a call of an act that does more', () => {
    const reserved = { tool: 'rooms', args: { action: 'reserve', room_id: 'R-12' }, result: { reservation_id: 'RV-7' } };
    expect(flagged(check('I looked up the free rooms and reserved R-12.', ledger(reserved), { tools: [rooms] }))).toEqual([]);
  });
});
