import { describe, expect, it } from 'vitest';
import type { PartnerBadgesWire } from '@salon/contract/partners';
import { badgeView } from './badge-rules';

const wire = (patch: Partial<PartnerBadgesWire>): PartnerBadgesWire => ({
  partner_status: 'firstStep',
  partner_awards: [],
  badges: [],
  paid_clients: 0,
  leads: 0,
  ...patch,
});

describe('badgeView', () => {
  it('lists every consultant step in order, firstStep by default', () => {
    const view = badgeView(wire({ partner_status: '' }), 'consultant');
    expect(view.status).toBe('firstStep');
    expect(view.steps.map((s) => s.name)).toEqual([
      'firstStep',
      'firstLead',
      'firstPay',
      'silver',
      'gold',
      'vip',
      'god',
    ]);
    expect(view.steps.map((s) => s.reached)).toEqual([true, false, false, false, false, false, false]);
    expect(view.steps.find((s) => s.current)?.name).toBe('firstStep');
  });

  it('takes reached steps from the answer and judges the unlisted ones from the counts', () => {
    const view = badgeView(
      wire({
        partner_status: 'firstFive',
        paid_clients: 6,
        badges: [{ name: 'firstFive', paid_clients: 5, reached: true }],
      }),
      'salon',
    );
    expect(view.steps.filter((s) => s.reached).map((s) => s.name)).toEqual(['firstStep', 'firstSuccess', 'firstFive']);
    expect(view.status).toBe('firstFive');
    expect(view.next).toEqual({ name: 'silverPartner', missing: 4 });
  });

  it('ignores a status of the other table and unknown awards, keeping award order', () => {
    const view = badgeView(
      wire({
        partner_status: 'silverPartner',
        partner_awards: ['leader', 'x2'] as PartnerBadgesWire['partner_awards'],
      }),
      'consultant',
    );
    expect(view.status).toBe('firstStep');
    expect(view.awards).toEqual(['x2', 'leader']);
  });

  it('has no next step once all are reached', () => {
    const view = badgeView(wire({ partner_status: 'god', paid_clients: 40, leads: 3 }), 'consultant');
    expect(view.steps.every((s) => s.reached)).toBe(true);
    expect(view.next).toBeNull();
  });
});
