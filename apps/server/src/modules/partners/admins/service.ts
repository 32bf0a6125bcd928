import { PARTNER_STATUS, type PartnerAdmin, type partnerAdminBody } from '@salon/contract/partners';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock.js';
import { DomainError } from '../../../platform/errors.js';
import type { PartnerAccess } from '../access.js';
import type { PartnerAdminRow, PartnerAdminsRepository } from './repository.js';

// The telegram_id arrives checked, as digits.
export type PartnerAdminInput = z.infer<typeof partnerAdminBody>;

const toWire = (row: PartnerAdminRow): PartnerAdmin => ({
  name: row.name,
  telegram_id: row.telegramId,
  access: row.access,
});

// SPEC 6 Access page: the partner itself, with rights exactly owner, grants or denies Telegram ids
// one of its promo codes. A granted admin holds the code (PartnerProfiles.heldCodes); a denied one
// stays listed without it.
export class PartnerAdminsService {
  constructor(
    private readonly repo: PartnerAdminsRepository,
    private readonly access: PartnerAccess,
    private readonly clock: Clock,
  ) {}

  async list(userId: number, promoCode: string): Promise<PartnerAdmin[]> {
    const held = await this.access.requireOwner(userId, promoCode);
    return this.listOf(held.code);
  }

  async add(userId: number, promoCode: string, body: PartnerAdminInput): Promise<PartnerAdmin[]> {
    const held = await this.access.requireOwner(userId, promoCode);
    const telegramId = Number(body.telegram_id);
    // The partner already holds its codes; listing it as its own admin would only confuse the page.
    if (telegramId === held.owner) throw new DomainError('conflict', PARTNER_STATUS.adminIsOwner, 'telegram_id');
    const added = await this.repo.add({
      code: held.code,
      telegramId,
      name: body.name,
      access: body.access,
      now: this.clock.now(),
    });
    if (!added) throw new DomainError('conflict', PARTNER_STATUS.adminExists, 'telegram_id');
    return this.listOf(held.code);
  }

  async update(userId: number, promoCode: string, body: PartnerAdminInput): Promise<PartnerAdmin[]> {
    const held = await this.access.requireOwner(userId, promoCode);
    const changed = await this.repo.update(held.code, Number(body.telegram_id), {
      name: body.name,
      access: body.access,
    });
    if (!changed) throw new DomainError('not_found', PARTNER_STATUS.adminNotFound, 'telegram_id');
    return this.listOf(held.code);
  }

  async remove(userId: number, promoCode: string, telegramId: string): Promise<PartnerAdmin[]> {
    const held = await this.access.requireOwner(userId, promoCode);
    if (!(await this.repo.remove(held.code, Number(telegramId)))) {
      throw new DomainError('not_found', PARTNER_STATUS.adminNotFound, 'telegram_id');
    }
    return this.listOf(held.code);
  }

  private async listOf(code: string): Promise<PartnerAdmin[]> {
    return (await this.repo.list(code)).map(toWire);
  }
}
