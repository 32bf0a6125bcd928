import {
  CONSULTANT_BADGES,
  DEFAULT_PARTNER_STATUS,
  PARTNER_AWARDS,
  SALON_BADGES,
  badgesOf,
  type PartnerAward,
  type PartnerBadge,
  type PartnerBadgesWire,
} from '@salon/contract/partners';

export type PartnerType = 'salon' | 'consultant';

export interface BadgeStep {
  name: PartnerBadge;
  // Paying salons the step asks for.
  paidClients: number;
  reached: boolean;
  // The partner's status (the highest step reached).
  current: boolean;
}

export interface BadgeView {
  status: PartnerBadge;
  steps: BadgeStep[];
  awards: PartnerAward[];
  // The first step not reached yet and the paying salons still missing for it (null when all are reached).
  next: { name: PartnerBadge; missing: number } | null;
}

function tableOf(partnerType: PartnerType): readonly { name: PartnerBadge; paidClients: number }[] {
  return partnerType === 'salon' ? SALON_BADGES : CONSULTANT_BADGES;
}

// SPEC 3 Badges: the steps in the table's order. The server's answer says which are reached; a step
// it does not list is judged from its counts. partnerStatus defaults to firstStep.
export function badgeView(wire: PartnerBadgesWire, partnerType: PartnerType): BadgeView {
  const table = tableOf(partnerType);
  const fallback = badgesOf(partnerType, { paidClients: wire.paid_clients, leads: wire.leads });
  const known = new Set<string>(table.map((b) => b.name));
  const status: PartnerBadge = known.has(wire.partner_status)
    ? (wire.partner_status as PartnerBadge)
    : DEFAULT_PARTNER_STATUS;
  const steps = table.map((b, index) => {
    const sent = wire.badges.find((w) => w.name === b.name);
    return {
      name: b.name,
      paidClients: b.paidClients,
      reached: sent ? sent.reached : (fallback.steps[index]?.reached ?? false),
      current: b.name === status,
    };
  });
  // The first step is where every partner starts.
  if (steps[0]) steps[0].reached = true;
  const awards = PARTNER_AWARDS.filter((award) => wire.partner_awards.includes(award));
  const pending = steps.find((s) => !s.reached);
  const next = pending ? { name: pending.name, missing: Math.max(0, pending.paidClients - wire.paid_clients) } : null;
  return { status, steps, awards, next };
}
