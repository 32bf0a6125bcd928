import { PARTNER_STATUS, isValidPromoCode, normalizePromoCode, type PromoCodeData } from '@salon/contract/partners';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { HeldCode, PartnerAccess } from './access.js';
import type { PartnerProfiles } from './profile-repository.js';
import type { ViewsRepository } from './views-repository.js';

// A connecting salon's leads of the code's partner get its branch and 'on test' (leads/repository.ts).
export interface LeadsOnConnect {
  linkBranch(tx: Db, link: { accId: number; code: string; phones: string[] }): Promise<void>;
}

/** What the onboarding module asks of the partner programme when a salon connects through a code. */
export interface PartnersOnboardingPort {
  promoCodeData(code: string): Promise<PromoCodeData | null>;
  // Inside the connecting transaction: the branch is the code's from now on, once. Null when the
  // code is unknown or the branch was attributed before (no second bonus).
  attribute(tx: Db, accId: number, code: string, phones: string[]): Promise<{ bonusDays: number } | null>;
}

export interface PromoServiceDeps {
  repo: ViewsRepository;
  profiles: PartnerProfiles;
  access: PartnerAccess;
  leads: LeadsOnConnect;
  clock: Clock;
}

// Promo codes: a partner's extra codes, the public card of a code, a salon attributed to one.
export class PromoService implements PartnersOnboardingPort {
  constructor(private readonly d: PromoServiceDeps) {}

  // Only the partner itself with rights exactly owner, under its main code; the new code is free.
  async addPromo(userId: number, add: { code: string; name: string; days: number }): Promise<HeldCode> {
    const me = await this.d.access.requirePartner(userId);
    const held = await this.d.access.requireOwner(userId, me.promoCode);
    const inserted = await this.d.repo.insertPromoCode({
      code: add.code,
      userId: me.userId,
      name: add.name,
      bonusDays: add.days,
      isMain: false,
      createdAt: this.d.clock.now(),
    });
    if (!inserted) throw new AppError(409, PARTNER_STATUS.promoTaken);
    return held;
  }

  async promoCodeData(raw: string): Promise<PromoCodeData | null> {
    const code = normalizePromoCode(raw);
    if (!isValidPromoCode(code)) return null;
    const row = await this.d.repo.promoCode(code);
    if (!row) return null;
    const [owner, name] = await Promise.all([this.d.profiles.consultant(row.userId), this.d.repo.userName(row.userId)]);
    return {
      promo_code: row.code,
      bonus_days: row.bonusDays,
      discount: Number(owner?.oneTimeDiscount ?? 0),
      partner_name: name,
    };
  }

  async attribute(tx: Db, accId: number, raw: string, phones: string[]): Promise<{ bonusDays: number } | null> {
    const code = normalizePromoCode(raw);
    if (!isValidPromoCode(code)) return null;
    const row = await this.d.repo.promoCode(code, tx);
    if (!row) return null;
    if (!(await this.d.repo.insertAttribution(tx, accId, code, this.d.clock.now()))) return null;
    await this.d.leads.linkBranch(tx, { accId, code, phones });
    return { bonusDays: row.bonusDays };
  }
}
