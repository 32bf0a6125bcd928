import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../platform/db/client.js';

// One action's figures over the referrals made in a range (raw: numbers may come back as text).
export interface AnalyticsFigures {
  actionId: number;
  title: string;
  firstActivatedAt: Date | null;
  countParent: number;
  countChild: number;
  countChildPaid: number;
  invitesIssued: number;
  amountPaymentsChild: number;
  amountAccruedBonusesParents: number;
  amountAccruedBonusesChildren: number;
  childHaveRecords: number;
  medianChildrenRecords: number;
  medianPaymentsChild: number;
}

interface Row {
  action_id: number;
  title: string;
  first_activated_at: Date | string | null;
  count_parent: number | string | null;
  count_child: number | string | null;
  count_child_paid: number | string | null;
  invites_issued: number | string | null;
  amount_payments_child: number | string | null;
  bonuses_parents: number | string | null;
  bonuses_children: number | string | null;
  child_have_records: number | string | null;
  median_records: number | string | null;
  median_paid: number | string | null;
}

const num = (v: number | string | null) => (v === null ? 0 : Number(v));

// SQL of the invite-friends statistics. The referrals counted are the attributed ones created in
// [from, to); their ledger rows give the bonuses and the friends' paid visits.
export class LoyaltyAnalyticsRepository {
  constructor(private readonly db: Db) {}

  // Every live action of the branch, and deleted ones that have referrals in the range.
  async figures(accId: number, from: Date, to: Date): Promise<AnalyticsFigures[]> {
    const rows = await queryRows<Row>(
      this.db,
      sql`
        with r as (
          select id, action_id, parent_phone
          from loyalty_referrals
          where acc_id = ${accId} and status = 'attributed'
            and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
        ),
        -- A friend's paid visit is one CRM record, whoever was paid for it; a reversed one (the visit
        -- was unpaid or deleted afterwards) does not count.
        visits as (
          select l.referral_id, l.record_id,
            max(l.paid_amount) filter (where l.kind = 'accrual') as paid,
            bool_or(l.kind = 'reversal') as reversed
          from loyalty_ledger l join r on r.id = l.referral_id
          group by l.referral_id, l.record_id
        ),
        child_paid as (
          select referral_id, count(*) as visits, sum(paid) as paid
          from visits where not reversed and paid is not null
          group by referral_id
        ),
        -- Paid friends: at least one paid visit that was not taken back (first_paid_at stays set
        -- after a refund, so it is not the measure).
        per_action as (
          select r.action_id,
            count(distinct r.parent_phone) as count_parent,
            count(*) as count_child,
            count(cp.referral_id) as count_child_paid
          from r left join child_paid cp on cp.referral_id = r.id
          group by r.action_id
        ),
        bonuses as (
          select l.action_id,
            sum(l.amount) filter (where l.beneficiary = 'parent') as parents,
            sum(l.amount) filter (where l.beneficiary = 'child') as children
          from loyalty_ledger l join r on r.id = l.referral_id
          group by l.action_id
        ),
        paid as (
          select r.action_id,
            count(*) as have_records,
            sum(cp.paid) as amount,
            percentile_cont(0.5) within group (order by cp.visits) as median_records,
            percentile_cont(0.5) within group (order by cp.paid) as median_paid
          from child_paid cp join r on r.id = cp.referral_id
          group by r.action_id
        ),
        invites as (
          select action_id, count(*) as issued from loyalty_invites where acc_id = ${accId} group by action_id
        )
        select a.id as action_id, a.title, a.first_activated_at,
          pa.count_parent, pa.count_child, pa.count_child_paid,
          i.issued as invites_issued,
          p.amount as amount_payments_child,
          b.parents as bonuses_parents, b.children as bonuses_children,
          p.have_records as child_have_records, p.median_records, p.median_paid
        from loyalty_actions a
        left join per_action pa on pa.action_id = a.id
        left join bonuses b on b.action_id = a.id
        left join paid p on p.action_id = a.id
        left join invites i on i.action_id = a.id
        where a.acc_id = ${accId} and (a.deleted_at is null or pa.action_id is not null)
        order by a.id desc`,
    );
    return rows.map((row) => ({
      actionId: Number(row.action_id),
      title: row.title,
      firstActivatedAt: row.first_activated_at === null ? null : new Date(row.first_activated_at),
      countParent: num(row.count_parent),
      countChild: num(row.count_child),
      countChildPaid: num(row.count_child_paid),
      invitesIssued: num(row.invites_issued),
      amountPaymentsChild: num(row.amount_payments_child),
      amountAccruedBonusesParents: num(row.bonuses_parents),
      amountAccruedBonusesChildren: num(row.bonuses_children),
      childHaveRecords: num(row.child_have_records),
      medianChildrenRecords: num(row.median_records),
      medianPaymentsChild: num(row.median_paid),
    }));
  }
}
