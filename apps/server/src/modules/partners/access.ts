import { PARTNER_TYPES, type PartnerType } from '@salon/contract/accounts';
import { errors } from '../../platform/http/errors.js';
import type { PartnerProfiles } from './profile-repository.js';

export interface HeldCode {
  code: string;
  // The code's partner (its money and its ledger), who may be someone else for a partner admin.
  owner: number;
  partnerType: PartnerType;
  // True when the caller is the partner itself, false for a partner admin.
  own: boolean;
}

// SPEC 6: a partner page answers only for a promo code the caller holds — its own codes, or a code
// it is a partner admin of with access granted; anything else is 403 'Fail rights' (never a 404 that
// would tell which codes exist).
export class PartnerAccess {
  constructor(private readonly profiles: PartnerProfiles) {}

  async require(userId: number, promoCode: string): Promise<HeldCode> {
    const held = (await this.profiles.heldCodes(userId)).find((c) => c.code === promoCode);
    if (!held) throw errors.failRights();
    const owner = await this.profiles.consultant(held.owner);
    if (!owner) throw errors.failRights();
    const partnerType = (PARTNER_TYPES as readonly string[]).includes(owner.partnerType)
      ? (owner.partnerType as PartnerType)
      : 'consultant';
    return { code: held.code, owner: held.owner, partnerType, own: held.own };
  }

  // The Access page and adding promo codes: the partner itself, with partner rights exactly owner.
  async requireOwner(userId: number, promoCode: string): Promise<HeldCode> {
    const held = await this.require(userId, promoCode);
    const me = held.own ? await this.profiles.consultant(userId) : undefined;
    if (!me || me.rights.length !== 1 || me.rights[0] !== 'owner') throw errors.failRights();
    return held;
  }

  // The caller's own partner row (salon pages, adding a code): none → 403.
  async requirePartner(userId: number) {
    const me = await this.profiles.consultant(userId);
    if (!me) throw errors.failRights();
    return me;
  }
}
