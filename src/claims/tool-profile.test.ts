/**
 * What the matcher reads off a tool definition: the verb of its name, or for a verbless name the verbs
 * of its description; whether it only reads; whether it is a passthrough that can do anything.
 */
import { describe, expect, it } from 'vitest';
import { canonicalNoun, nounSpellings, profileTool } from './tool-profile.js';
import { nounSynonyms } from './_lookup.js';

const profile = (name: string, description = '') => profileTool({ name, description });

describe('profileTool: tools with a verb in the name', () => {
  it.each([
    ['send_email', 'send'],
    ['sendEmail', 'send'],
    ['create-invoice', 'create'],
    ['lookup_order', 'lookup'],
    ['get_weather', 'get'],
    // Named verb first: a leading word that is mainly a verb, before a later word the families know.
    ['reverse_charge', 'reverse'],
    ['dispute_charge', 'dispute'],
    ['waive_late_charge', 'waive'],
  ])('%s has the name verb %s', (name, verb) => {
    expect(profile(name).nameVerb).toBe(verb);
  });

  it('takes its families from the name verb, not the description', () => {
    const p = profile('send_email', 'Looks up nothing; delivers an email.');
    expect([...p.families].sort()).toEqual(['pay', 'send']);
    expect(p.read).toBe(false);
  });

  it('folds the name nouns to canonical nouns', () => {
    expect(profile('send_sms').nameNouns.has('text')).toBe(true);
    expect(profile('send_invitation').nameNouns.has('invite')).toBe(true);
    expect(profile('list_calendar_meetings').nameNouns.has('event')).toBe(true);
  });

  it('marks a tool whose name verb reads as read-only', () => {
    expect(profile('lookup_order').read).toBe(true);
    expect(profile('get_weather').read).toBe(true);
    expect(profile('list_events').read).toBe(true);
    expect(profile('cancel_order').read).toBe(false);
  });
});

describe('profileTool: verbless names take their verbs from the description', () => {
  it('an action description gives action families', () => {
    const p = profile('gcal', 'Create, update and delete Google Calendar events.');
    expect(p.nameVerb).toBeNull();
    expect([...p.descriptionVerbs]).toEqual(['create', 'update', 'delete']);
    expect(p.families).toEqual(new Set(['create', 'update', 'remove', 'cancel']));
    expect(p.read).toBe(false);
  });

  it('a read verb in the first clause makes the tool a reader, whatever follows', () => {
    const p = profile('calendar', 'Look up events on the user calendar. Can also create events when asked.');
    expect(p.read).toBe(true);
    expect(p.families).toEqual(new Set(['lookup']));
  });

  it('"get" in the first clause reads', () => {
    expect(profile('weather', 'Get the current forecast for a city.').read).toBe(true);
  });

  it('a tool named by a noun whose description says it is read-only reads', () => {
    expect(profile('roster', 'Team roster: read-only view of members, roles and shifts.').read).toBe(true);
    expect(profile('roster', 'Team roster: read only.').families).toEqual(new Set(['lookup']));
    expect(profile('roster', 'Team roster: members, roles and shifts.').read).toBe(false);
  });

  it('"read/write" in the description is not a reader', () => {
    const p = profile('notion', 'Read/write access to Notion pages: search, create and update pages.');
    expect(p.read).toBe(false);
    expect(p.families.has('create')).toBe(true);
  });

  it('a name and no description has no families', () => {
    const p = profile('nest');
    expect(p.nameVerb).toBeNull();
    expect(p.families.size).toBe(0);
  });
});

describe('profileTool: passthrough tools', () => {
  it('an API passthrough is generic and can act', () => {
    const p = profile('stripe', 'Stripe API passthrough: call any Stripe endpoint with a method, path and body.');
    expect(p).toMatchObject({ generic: true, read: false, nameVerb: null });
  });

  it('a CLI runner named by its command is generic', () => {
    expect(profile('kubectl').generic).toBe(true);
    expect(profile('k8s', 'Run a kubectl command against the cluster.').generic).toBe(true);
  });

  it('a read-only passthrough is generic and reads', () => {
    expect(profile('sql', 'Run a read-only SQL query against the analytics warehouse.')).toMatchObject({ generic: true, read: true });
  });

  it('a tool with its own action verb is never generic', () => {
    expect(profile('send_email', 'Send an email through the Mailgun API.').generic).toBe(false);
  });
});

describe('canonicalNoun', () => {
  it.each([
    ['invitations', 'invite'],
    ['Meetings', 'event'],
    ['Emails', 'email'],
    ['PRs', 'pull'],
    ['replicas', 'replica'],
    ['files', 'file'],
    ['memories', 'memory'],
  ])('%s → %s', (word, noun) => {
    expect(canonicalNoun(word)).toBe(noun);
  });
});

describe('nounSpellings', () => {
  it('gives every word whose canonical noun it is: synonyms and plurals', () => {
    expect([...nounSpellings('booking')].sort()).toEqual(['booking', 'bookings', 'pnr', 'pnrs', 'reservation', 'reservations']);
    expect([...nounSpellings('memory')].sort()).toEqual(['fact', 'facts', 'memories', 'memory', 'memorys', 'preference', 'preferences']);
    expect(nounSpellings('baggage')).toContain('bags');
  });

  it('gives every word of the synonym table, also one written as a plural ("pods" → replica)', () => {
    for (const [word, noun] of nounSynonyms) if (canonicalNoun(word) === noun) expect(nounSpellings(noun), word).toContain(word);
    expect(nounSpellings('replica')).toContain('pods');
  });

  it('gives only words that canonicalNoun reads as the noun', () => {
    for (const noun of ['booking', 'event', 'file', 'flight', 'passenger', 'todo', 'pull', 'class', 'status', 'policy']) {
      for (const w of nounSpellings(noun)) expect(canonicalNoun(w)).toBe(noun);
      expect(nounSpellings(noun).length).toBeGreaterThan(0);
    }
  });
});

describe('profileTool: names read against their words and descriptions', () => {
  it.each([
    // Object first: the verb after the noun it acts on.
    ['contract_extend', '', 'extend'],
    ['invoice_list', '', 'list'],
    ['customer_note_add', '', 'add'],
    ['vendor_message_send', '', 'send'],
    ['partsOrderCreate', '', 'create'],
    // An act's noun at the end of a name without a verb.
    ['price_adjustment', '', 'adjust'],
    ['escalation', '', 'escalate'],
    // A word that is mostly a noun, beside a description that opens with another verb, is no verb of the name.
    ['team_membership', 'Team membership changes: adds people to or removes them from teams.', null],
    // …but one the description uses as a verb is.
    ['flag', 'Flag a comment for review.', 'flag'],
    // A verb the families know keeps its place.
    ['record_expense', 'Enter an expense report line.', 'record'],
  ])('%s has the name verb %s', (name, description, verb) => {
    expect(profileTool({ name, description }).nameVerb).toBe(verb);
  });

  it('reads a name that ends in what it passes through as a passthrough of that domain, not a verb', () => {
    for (const name of ['warehouse_sql', 'billing_db', 'crm_api', 'fleet_cli']) {
      const p = profileTool({ name, description: '' });
      expect([p.nameVerb, p.generic]).toEqual([null, true]);
    }
    // A service is no passthrough, nor is a tool that runs one named thing.
    expect(profileTool({ name: 'restart_service', description: '' }).generic).toBe(false);
    expect(profileTool({ name: 'run_lint_checks', description: 'Run the lint checks on a branch.' }).generic).toBe(false);
    expect(profileTool({ name: 'menu_86', description: 'Mark a dish unavailable for the rest of service today.' }).generic).toBe(false);
  });

  it('reads the acts a verbless name’s description names by their nouns', () => {
    const p = profileTool({ name: 'keycard', description: 'Keycard activation, deactivation and floor assignment.' });
    expect([...p.descriptionVerbs].sort()).toEqual(['activate', 'assign', 'deactivate']);
  });
});

describe('profileTool: description nouns', () => {
  it('reads a word after a possessive as a noun, whatever verb reading it has', () => {
    const p = profileTool({ name: 'publish_story', description: 'Publish a story now or later. Returns the story id and its review state.' });
    expect(p.descriptionNouns.has('review')).toBe(true);
    // After an article the word may open a compound whose head is another noun ("a pull request"): no noun of its own.
    expect(profileTool({ name: 'close_issue', description: 'Close a pull request.' }).descriptionNouns.has('pull')).toBe(false);
  });
});
