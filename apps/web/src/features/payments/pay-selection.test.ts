import { describe, expect, it } from 'vitest';
import { initialSelection, nextSelection, priceRequest, toggleModule, type PaySelection } from './pay-selection';

describe('pay selection', () => {
  it('opens with no card and the active modules', () => {
    expect(initialSelection(['TG'])).toEqual({ months: null, modules: ['TG'] });
    expect(initialSelection([])).toEqual({ months: null, modules: ['WA', 'TG', 'loyalty'] });
  });

  it('keeps the wire order when modules are ticked and unticked', () => {
    expect(toggleModule(['loyalty'], 'WA')).toEqual(['WA', 'loyalty']);
    expect(toggleModule(['WA', 'TG', 'loyalty'], 'TG')).toEqual(['WA', 'loyalty']);
    expect(toggleModule(['WA'], 'WA')).toEqual([]);
  });

  it('resets the card and the modules once a pay link is obtained (SPEC 4)', () => {
    const active = ['WA'] as const;
    let state: PaySelection = initialSelection(active);
    state = nextSelection(state, { type: 'choosePeriod', months: 6 }, active);
    state = nextSelection(state, { type: 'toggleModule', module: 'loyalty' }, active);
    expect(state).toEqual({ months: 6, modules: ['WA', 'loyalty'] });
    expect(nextSelection(state, { type: 'linkObtained' }, active)).toEqual({ months: null, modules: ['WA'] });
  });

  it('asks for a price only with a card and at least one module', () => {
    expect(priceRequest({ months: null, modules: ['WA'] })).toBeNull();
    expect(priceRequest({ months: 3, modules: [] })).toBeNull();
    expect(priceRequest({ months: 3, modules: ['WA', 'TG'] })).toEqual({ months: 3, modules: ['WA', 'TG'] });
  });
});
