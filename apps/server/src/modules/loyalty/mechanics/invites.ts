import { randomBytes } from 'node:crypto';
import { normalizePhone } from '@salon/contract/phone';
import type { Clock } from '../../../platform/clock.js';
import type { Logger } from '../../../platform/logger.js';
import type { AdminBotMessages } from '../../../platform/files/admin-bot-files.js';
import type { RateLimiter, RateRule } from '../../../platform/rate-limit/rate-limiter.js';
import type { CrmRepository } from '../../../crm/repository.js';
import type { ReferralRejectReason } from '@salon/contract/loyalty-rules';
import type { ActionRow, InviteRow, MechanicsRepository } from './repository.js';

export const INVITE_PATH = '/invite';
// 16 random bytes in base64url: 22 characters.
export const INVITE_CODE = /^[A-Za-z0-9_-]{10,64}$/;

const HOUR = 3_600_000;
// A public form that writes to the admins: a person sends a few requests, a script many.
export const SIGNUP_RULES = {
  perIp: { name: 'invite-signup:ip', limit: 60, windowMs: HOUR },
  perCodeIp: { name: 'invite-signup:code-ip', limit: 10, windowMs: HOUR },
} satisfies Record<string, RateRule>;

export interface PartnerLinkRequest {
  accId: number;
  actionId: number;
  phone: string;
  name: string;
}

export interface InviteDeps {
  repo: MechanicsRepository;
  crmRepo: CrmRepository;
  clock: Clock;
  logger: Logger;
  botMessages: AdminBotMessages;
  branchName: (accId: number) => Promise<string | null>;
  publicBase: string;
  limiter: RateLimiter;
}

export function runs(action: ActionRow | null): action is ActionRow {
  return action !== null && action.active && action.deletedAt === null;
}

// An open invitation: the code's invite and its action, while the action runs.
export interface OpenInvite {
  invite: InviteRow;
  action: ActionRow;
  salon: string;
}

export type SignupOutcome =
  | { kind: 'attributed' }
  | { kind: 'rejected'; reason: ReferralRejectReason }
  // The friend came through a link before: the first attribution stays.
  | { kind: 'known' };

// Personal invite links ({partner_link}) and the friend's side of them: the page's facts and the
// signup that attributes the friend to the inviting client.
export class InviteService {
  constructor(private readonly d: InviteDeps) {}

  // '' when the action does not run or there is no phone (the text then shows no link).
  async partnerLink(req: PartnerLinkRequest): Promise<string> {
    const phone = normalizePhone(req.phone);
    if (!phone) return '';
    const action = await this.d.repo.action(req.accId, req.actionId);
    if (!runs(action)) return '';
    const code = await this.d.repo.ensureInvite({
      code: randomBytes(16).toString('base64url'),
      accId: req.accId,
      actionId: action.id,
      parentPhone: phone,
      parentName: req.name.trim(),
      createdAt: this.d.clock.now(),
    });
    return `${this.d.publicBase.replace(/\/+$/, '')}/api${INVITE_PATH}/${code}`;
  }

  async open(code: string): Promise<OpenInvite | null> {
    const invite = await this.d.repo.invite(code);
    if (!invite) return null;
    const action = await this.d.repo.action(invite.accId, invite.actionId);
    if (!runs(action)) return null;
    const salon = (await this.d.branchName(invite.accId)) ?? '';
    return { invite, action, salon };
  }

  async allowSignup(code: string, ip: string): Promise<boolean> {
    return (
      (await this.d.limiter.hit(SIGNUP_RULES.perIp, ip)) &&
      (await this.d.limiter.hit(SIGNUP_RULES.perCodeIp, `${code}@${ip}`))
    );
  }

  // The friend's form: one referral per branch and friend phone; a self-invitation or a client the
  // branch already had is kept with its reason and never earns anything.
  async signup(open: OpenInvite, friend: { name: string; phone: string }): Promise<SignupOutcome> {
    const { invite } = open;
    const now = this.d.clock.now();
    const reason = await this.rejectReason(invite, friend.phone, now);
    const saved = await this.d.repo.addReferral({
      accId: invite.accId,
      actionId: invite.actionId,
      inviteCode: invite.code,
      parentPhone: invite.parentPhone,
      childPhone: friend.phone,
      childName: friend.name,
      status: reason ? 'rejected' : 'attributed',
      rejectReason: reason,
      createdAt: now,
    });
    if (!saved) return { kind: 'known' };
    await this.notifyAdmins(invite, friend);
    return reason ? { kind: 'rejected', reason } : { kind: 'attributed' };
  }

  private async rejectReason(invite: InviteRow, phone: string, now: Date): Promise<ReferralRejectReason | null> {
    if (phone === invite.parentPhone) return 'self_referral';
    const client = await this.d.crmRepo.clientByPhone(invite.accId, phone);
    if (client && (client.createdAt.getTime() < now.getTime() || client.successVisits > 0)) return 'existing_client';
    return null;
  }

  // "A friend left a request" to the branch's owners and notified admins; a chat that cannot be
  // reached must not lose the friend's signup.
  private async notifyAdmins(invite: InviteRow, friend: { name: string; phone: string }): Promise<void> {
    const parent = invite.parentName || `+${invite.parentPhone}`;
    const text = `Новый друг по приглашению: ${friend.name}, +${friend.phone} (пригласил(а) ${parent})`;
    for (const chatId of await this.d.repo.notifiedChats(invite.accId)) {
      try {
        await this.d.botMessages.sendText(chatId, text);
      } catch (err) {
        this.d.logger.warn({ err, chatId }, 'loyalty: friend note not delivered');
      }
    }
  }
}
