import { PARTNER_STATUS, type Lead, type leadBody } from '@salon/contract/partners';
import { addDaysToDay } from '@salon/contract/payments';
import { normalizeStrictPhone } from '@salon/contract/phone';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock.js';
import { DomainError } from '../../../platform/errors.js';
import type { PartnerAccess } from '../access.js';
import { partnerDay } from '../money-rules.js';
import type { LeadRow, LeadsRepository } from './repository.js';

export type LeadBody = z.infer<typeof leadBody>;

const NEW_REQUEST = 4;

export interface LeadsServiceDeps {
  repo: LeadsRepository;
  access: PartnerAccess;
  clock: Clock;
  // PARTNER_LEAD_PROTECTION_DAYS
  protectionDays: number;
}

// SPEC 3 Leads: a partner registers a salon it is talking to by phone; for the protection window
// no other partner may register that phone (the first to register it gets the salon's money).
export class LeadsService {
  constructor(private readonly d: LeadsServiceDeps) {}

  async list(userId: number, promoCode: string): Promise<Lead[]> {
    const held = await this.d.access.require(userId, promoCode);
    return this.listOf(held.code);
  }

  // The same phone twice is refused whoever registered it first: another partner's lead is
  // protected, and the partner's own would be a duplicate.
  async add(userId: number, body: LeadBody): Promise<Lead[]> {
    const held = await this.d.access.require(userId, body.promo_code);
    const phone = normalizeStrictPhone(body.phone);
    if (!phone) {
      throw new DomainError('invalid', PARTNER_STATUS.leadPhoneInvalid, undefined, [
        { path: 'body.phone', code: PARTNER_STATUS.leadPhoneInvalid },
      ]);
    }
    await this.d.repo.underPhoneLock(phone, async (tx) => {
      const now = this.d.clock.now();
      const latest = await this.d.repo.latestByPhone(tx, phone);
      if (latest) {
        const till = this.protectedTill(latest.createdAt);
        if (partnerDay(now) < till) throw new DomainError('conflict', PARTNER_STATUS.leadProtected, till);
      }
      await this.d.repo.insert(tx, {
        promoCode: held.code,
        userId: held.owner,
        phone,
        branchId: body.branch_id ?? null,
        branchName: body.branch_name ?? '',
        comment: body.comment ?? '',
        status: NEW_REQUEST,
        createdAt: now,
      });
    });
    return this.listOf(held.code);
  }

  private async listOf(code: string): Promise<Lead[]> {
    return (await this.d.repo.listOf(code)).map((row) => this.toWire(row));
  }

  // The day the phone is free again: the registration day (on the programme's Moscow time; a lead
  // has no branch yet) plus the window.
  private protectedTill(createdAt: Date): string {
    return addDaysToDay(partnerDay(createdAt), this.d.protectionDays);
  }

  private toWire(row: LeadRow): Lead {
    return {
      id: row.id,
      phone: row.phone,
      branch: row.branchId,
      branch_name: row.branchName,
      status: row.status,
      comment: row.comment,
      promo_code: row.promoCode,
      created_at: row.createdAt.toISOString(),
      amo_contact_id: row.amoContactId,
      protected_till: this.protectedTill(row.createdAt),
    };
  }
}
