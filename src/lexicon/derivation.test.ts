import { describe, expect, it } from 'vitest';
import { verbsOfAdjective, verbsOfNoun } from './derivation.js';

describe('verbsOfNoun', () => {
  it('finds the verb of an action noun', () => {
    expect(verbsOfNoun('booking')).toEqual(['book']);
    expect(verbsOfNoun('reservation')).toEqual(['reserve']);
    expect(verbsOfNoun('cancellation')).toEqual(['cancel']);
    expect(verbsOfNoun('deletion')).toEqual(['delete']);
    expect(verbsOfNoun('payment')).toEqual(['pay']);
    expect(verbsOfNoun('refund')).toEqual(['refund']);
    expect(verbsOfNoun('subscription')).toEqual(['subscribe']);
    expect(verbsOfNoun('invitation')).toEqual(['invite']);
    expect(verbsOfNoun('bookings')).toEqual(['book']);
  });

  it('reads a solid two-word verb and British nominalisations', () => {
    expect(verbsOfNoun('setup')).toEqual(['set up']);
    expect(verbsOfNoun('prioritisation')).toEqual(['prioritize']);
  });

  it('is [] for nouns with no verb', () => {
    expect(verbsOfNoun('table lamp')).toEqual([]);
    expect(verbsOfNoun('rollback')).toEqual([]); // WordNet 3.1 has no verb "roll back"
  });
});

describe('verbsOfAdjective', () => {
  it('finds the verb of participial and derived adjectives', () => {
    expect(verbsOfAdjective('closed')).toEqual(['close']);
    expect(verbsOfAdjective('cancelled')).toEqual(['cancel']);
    expect(verbsOfAdjective('paused')).toEqual(['pause']);
    expect(verbsOfAdjective('inactive')).toEqual(['inactivate']);
  });

  it('is [] where WordNet links no verb', () => {
    expect(verbsOfAdjective('online')).toEqual([]);
    expect(verbsOfAdjective('offline')).toEqual([]);
  });
});
