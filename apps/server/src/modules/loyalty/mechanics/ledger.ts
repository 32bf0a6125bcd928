import { localParts, zonedToUtc } from '@salon/contract/zoned-time';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import type { CrmRecord } from '../../../crm/crm.js';
import type { ActionRow, MechanicsRepository, NewLedgerEntry, ReferralRow } from './repository.js';

export interface LedgerDeps {
  db: Db;
  repo: MechanicsRepository;
  clock: Clock;
}

// What one visit earns: the inviting client (parent) and the friend (child).
export interface VisitBonuses {
  parent: number | null;
  child: number | null;
}

export function paidAmount(record: Pick<CrmRecord, 'services' | 'goods'>): number {
  return [...record.services, ...record.goods].reduce((sum, item) => sum + item.cost * (item.amount || 1), 0);
}

export function isPaidVisit(record: CrmRecord): boolean {
  return record.paid && record.attendance === 1 && !record.deleted;
}

// SPEC 3 bonus types. first_visit: the first paid visit pays both sides fixed points. percents: the
// friend's paid visits 1…range_to pay the parent a percent of what the friend paid; the friend gets
// their points on the first. null: nothing for that side on this visit.
export function visitBonuses(action: ActionRow, visit: number, paid: number): VisitBonuses {
  if (action.bonusType === 'first_visit') {
    return visit === 1 ? { parent: action.loyaltyPoints ?? 0, child: action.newCustomerPoints } : none;
  }
  if (action.bonusType === 'percents') {
    const parent = visit >= 1 && visit <= action.rangeTo ? Math.round((paid * (action.interest ?? 0)) / 100) : null;
    return { parent, child: visit === 1 ? action.newCustomerPoints : null };
  }
  return none;
}
const none: VisitBonuses = { parent: null, child: null };

// The calendar month around `at` in the branch's zone: [start, next start).
export function monthOf(at: Date, timeZone: string): { from: Date; to: Date } {
  const p = localParts(at, timeZone);
  const next = p.month === 12 ? { year: p.year + 1, month: 1 } : { year: p.year, month: p.month + 1 };
  return {
    from: zonedToUtc({ year: p.year, month: p.month, day: 1, hour: 0, minute: 0 }, timeZone),
    to: zonedToUtc({ ...next, day: 1, hour: 0, minute: 0 }, timeZone),
  };
}

export type LedgerOutcome = 'accrued' | 'reversed' | 'nothing';

// The bonus ledger of the friends' visits. Every write is an insert under the ledger's unique key
// (record, beneficiary, kind) with ON CONFLICT DO NOTHING, inside a transaction that holds the
// inviting client's invite row: a replayed change or a second worker can never pay twice, and the
// visit number and monthly limit are read by one writer at a time.
export class BonusLedger {
  constructor(private readonly d: LedgerDeps) {}

  async recordChanged(accId: number, record: CrmRecord): Promise<LedgerOutcome> {
    if (isPaidVisit(record)) return this.accrue(accId, record);
    return this.reverse(accId, record);
  }

  private async accrue(accId: number, record: CrmRecord): Promise<LedgerOutcome> {
    if (!record.clientPhone) return 'nothing';
    const seen = await this.d.repo.referralOf(accId, record.clientPhone);
    if (!seen || seen.status !== 'attributed') return 'nothing';
    const action = await this.d.repo.action(accId, seen.actionId);
    if (!action || !action.active || action.deletedAt) return 'nothing';
    const facts = await this.d.repo.branchFacts(accId);
    const now = this.d.clock.now();
    return this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      if (!(await repo.lockInvite(seen.inviteCode))) return 'nothing';
      const referral = await repo.referralOf(accId, record.clientPhone, true);
      if (!referral || referral.status !== 'attributed') return 'nothing';
      // A record already in the ledger keeps the number it was paid under: nothing more to do.
      if ((await repo.entriesOfRecord(accId, record.id)).some((e) => e.kind === 'accrual')) return 'nothing';
      const visit = (await repo.paidVisits(referral.id)) + 1;
      const paid = paidAmount(record);
      const bonuses = visitBonuses(action, visit, paid);
      if (bonuses.parent === null && bonuses.child === null) return 'nothing';
      if (bonuses.parent !== null && (await this.overLimit(repo, action, referral, facts?.timeZone, now))) {
        await repo.rejectReferral(referral.id, 'monthly_limit');
        return 'nothing';
      }
      const base = {
        accId,
        actionId: action.id,
        referralId: referral.id,
        recordId: record.id,
        cardTypeId: action.cardTypeId,
        kind: 'accrual',
        paidAmount: paid,
        visitNumber: visit,
        createdAt: now,
      } satisfies Partial<NewLedgerEntry>;
      let added = 0;
      if (bonuses.parent !== null) {
        const id = await repo.addEntry(
          { ...base, beneficiary: 'parent', phone: referral.parentPhone, amount: bonuses.parent },
          now,
        );
        if (id !== null) added += 1;
      }
      if (bonuses.child !== null) {
        const id = await repo.addEntry(
          { ...base, beneficiary: 'child', phone: referral.childPhone, amount: bonuses.child },
          now,
        );
        if (id !== null) added += 1;
      }
      if (visit === 1) await repo.markFirstPaid(referral.id, now);
      return added > 0 ? 'accrued' : 'nothing';
    });
  }

  // The inviting client is paid for at most monthly_limit new friends a calendar month; a friend
  // already paid for keeps earning (percents over the visit range).
  private async overLimit(
    repo: MechanicsRepository,
    action: ActionRow,
    referral: ReferralRow,
    timeZone: string | undefined,
    now: Date,
  ): Promise<boolean> {
    if (await repo.hasParentAccrual(referral.id)) return false;
    const { from, to } = monthOf(now, timeZone ?? 'Europe/Moscow');
    const friends = await repo.parentFriendsPaid(action.id, referral.parentPhone, referral.id, from, to);
    return friends >= action.monthlyLimit;
  }

  // A refunded or deleted visit takes back what it paid, once per beneficiary, whatever the action's
  // state now.
  private async reverse(accId: number, record: CrmRecord): Promise<LedgerOutcome> {
    if (record.paid && !record.deleted) return 'nothing';
    const entries = await this.d.repo.entriesOfRecord(accId, record.id);
    const accruals = entries.filter((e) => e.kind === 'accrual');
    if (accruals.length === 0) return 'nothing';
    const now = this.d.clock.now();
    return this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      let added = 0;
      for (const accrual of accruals) {
        const { id: _id, ...rest } = accrual;
        const id = await repo.addEntry({ ...rest, kind: 'reversal', amount: -accrual.amount, createdAt: now }, now);
        if (id !== null) added += 1;
      }
      return added > 0 ? 'reversed' : 'nothing';
    });
  }
}
