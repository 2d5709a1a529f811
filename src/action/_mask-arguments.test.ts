import { describe, expect, it } from 'vitest';
import { argumentValues, declaredNames, MAX_VALUES, maskPath, maskValues } from './_mask-arguments.js';

const schema = {
  type: 'object',
  properties: { label: { type: 'string' }, meta: { type: 'object', additionalProperties: { type: 'string' } }, items: { type: 'array', items: { properties: { sku: {} } } } },
  required: ['label', 'customer'],
};

describe('keeping a call’s arguments out of its records’ text', () => {
  it('knows every member name a schema declares, nested and required ones too', () => {
    expect([...declaredNames(schema)].sort()).toEqual(['customer', 'items', 'label', 'meta', 'sku']);
    expect(declaredNames(undefined).size).toBe(0);
  });

  it('masks string values of 4+ characters and undeclared keys, longest first and ignoring case; short ones stay', () => {
    const declared = declaredNames(schema);
    const values = argumentValues({ label: 'QuokkaZanzibar', meta: { WombatKey: 'no' }, items: [{ sku: 'QuokkaZanzibar-2' }] }, declared);
    expect(values).toEqual(['QuokkaZanzibar-2', 'QuokkaZanzibar', 'WombatKey']);
    expect(maskValues('tag quokkazanzibar-2 and QuokkaZanzibar failed for WombatKey: no', values)).toBe('tag [argument] and [argument] failed for [argument]: no');
    expect(argumentValues(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`label${i}`, `value number ${i}`])), declared)).toHaveLength(MAX_VALUES);
  });

  it('writes undeclared member names of 4+ characters in a path as [key]; declared names, indexes and short names stay', () => {
    const declared = declaredNames(schema);
    expect(maskPath('/meta/jane.doe@example.com', declared)).toBe('/meta/[key]');
    expect(maskPath('/items/3/sku', declared)).toBe('/items/3/sku');
    expect(maskPath('/cc', declared)).toBe('/cc');
    expect(maskPath('', declared)).toBe('');
  });
});
