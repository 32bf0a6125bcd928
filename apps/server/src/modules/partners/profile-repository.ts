import type { ConsultantDataWire } from '@salon/contract/accounts';
import { PARTNER_TYPES, type PartnerType } from '@salon/contract/accounts';
import { expandRights } from '@salon/contract/rights';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { consultants, partnerAdmins, partnerPromoCodes } from './schema.js';

export type ConsultantRow = typeof consultants.$inferSelect;

const partnerType = (value: string): PartnerType =>
  (PARTNER_TYPES as readonly string[]).includes(value) ? (value as PartnerType) : 'consultant';

// Who a user is in the partner programme: a partner (its row and codes) or a partner admin of some
// codes (access granted), or nobody. One module reads it for the accounts response, the partner
// routes for their rights.
export class PartnerProfiles {
  constructor(private readonly db: Db) {}

  async consultant(userId: number): Promise<ConsultantRow | undefined> {
    const [row] = await this.db.select().from(consultants).where(eq(consultants.userId, userId));
    return row;
  }

  // Every code the user holds: its own (main first, then by creation), then those it administers.
  async heldCodes(userId: number): Promise<{ code: string; owner: number; own: boolean }[]> {
    const own = await this.db
      .select({ code: partnerPromoCodes.code, owner: partnerPromoCodes.userId })
      .from(partnerPromoCodes)
      .where(eq(partnerPromoCodes.userId, userId))
      .orderBy(desc(partnerPromoCodes.isMain), asc(partnerPromoCodes.createdAt), asc(partnerPromoCodes.code));
    const administered = await this.db
      .select({ code: partnerAdmins.promoCode, owner: partnerPromoCodes.userId })
      .from(partnerAdmins)
      .innerJoin(partnerPromoCodes, eq(partnerPromoCodes.code, partnerAdmins.promoCode))
      .where(and(eq(partnerAdmins.telegramId, userId), eq(partnerAdmins.access, true)))
      .orderBy(asc(partnerAdmins.createdAt), asc(partnerAdmins.promoCode));
    const seen = new Set(own.map((c) => c.code));
    return [
      ...own.map((c) => ({ ...c, own: true })),
      ...administered.filter((c) => !seen.has(c.code)).map((c) => ({ ...c, own: false })),
    ];
  }

  // SPEC 7 accounts: consultant_data. A partner admin sees the codes it was granted, as its owner's
  // partner type, without partner-programme rights (the access page stays the owner's).
  async consultantData(userId: number): Promise<ConsultantDataWire | null> {
    const [row, held] = await Promise.all([this.consultant(userId), this.heldCodes(userId)]);
    if (row) {
      const codes = held.map((c) => c.code);
      return {
        partner_type: partnerType(row.partnerType),
        rights: expandRights(row.rights),
        promo_code: row.promoCode,
        promo_codes: codes.includes(row.promoCode) ? codes : [row.promoCode, ...codes],
      };
    }
    const first = held[0];
    if (!first) return null;
    const owner = await this.consultant(first.owner);
    return {
      partner_type: partnerType(owner?.partnerType ?? 'consultant'),
      rights: [],
      promo_code: first.code,
      promo_codes: held.map((c) => c.code),
    };
  }
}
