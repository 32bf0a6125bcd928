import { and, eq, lt, sql } from 'drizzle-orm';
import type { ConsentCountsWire } from '@salon/contract/mailing-sendouts';
import { queryRows, type Db } from '../../../platform/db/client.js';
import { consentEntriesSql } from '../../consents/repository.js';
import { sendouts } from '../schema.js';
import type { DraftRecipient } from './draft-input.js';

export interface NewDraft {
  id: string;
  accId: number;
  source: 'xlsx' | 'crm';
  keys: readonly string[];
  batchLen: number;
  betweenTime: number;
  instanceId: string | null;
  loyaltyActionId: string | null;
  createdBy: number | null;
}

// What the recipients add up to once their consent and CRM facts are read.
export interface DraftFigures {
  consent: ConsentCountsWire;
  visitsMedian: number | null;
  lastVisitTimeMedian: number | null;
  clientsWithoutRecords: number;
}

// Rows per insert: 100 000 recipients go in 20 statements of one row set each.
const CHUNK = 5_000;

interface FiguresRow {
  consent_count: number | string;
  neutral_count: number | string;
  declined_count: number | string;
  active_count: number | string;
  visits_median: number | string | null;
  last_visit_time_median: number | string | null;
  without_records: number | string;
}

const num = (v: number | string) => Number(v);
const numOrNull = (v: number | string | null) => (v === null ? null : Number(v));

export class DraftRepository {
  constructor(private readonly db: Db) {}

  // The first recipient of one of the branch's drafts; undefined when no such draft is left.
  async firstRecipient(
    accId: number,
    sendoutId: string,
  ): Promise<{ name: string; phone: string; vars: Record<string, string> } | undefined> {
    const rows = await queryRows<{ name: string; phone: string; vars: Record<string, unknown> | null }>(
      this.db,
      sql`select r.name, r.phone, r.vars from sendouts s
          join sendout_recipients r on r.sendout_id = s.id
          where s.id = ${sendoutId} and s.acc_id = ${accId} and s.status = 'draft'
          order by r.position limit 1`,
    );
    const row = rows[0];
    if (!row) return undefined;
    const vars = Object.fromEntries(Object.entries(row.vars ?? {}).map(([k, v]) => [k, v == null ? '' : String(v)]));
    return { name: row.name, phone: row.phone, vars };
  }

  // The draft and its recipients in one transaction: a failure leaves no half-written send-out.
  // Recipients go in as row sets (unnest of one array per column); each row's consent state and,
  // when the source did not give them, its CRM visits and last visit are joined in the same
  // statement, so nothing is looked up row by row.
  async insertDraft(draft: NewDraft, recipients: readonly DraftRecipient[], now: Date): Promise<DraftFigures> {
    return this.db.transaction(async (tx) => {
      await tx.insert(sendouts).values({
        id: draft.id,
        accId: draft.accId,
        status: 'draft',
        source: draft.source,
        keys: [...draft.keys],
        parsedCount: recipients.length,
        batchLen: draft.batchLen,
        betweenTime: draft.betweenTime,
        instanceId: draft.instanceId,
        loyaltyActionId: draft.loyaltyActionId,
        consentCounts: { consent_count: 0, neutral_count: 0, declined_count: 0, active_count: 0 },
        createdBy: draft.createdBy,
        createdAt: now,
        updatedAt: now,
      });
      for (let start = 0; start < recipients.length; start += CHUNK) {
        await this.insertRecipients(tx, draft, recipients.slice(start, start + CHUNK), start);
      }
      const figures = await this.figures(tx, draft.id, now);
      await tx
        .update(sendouts)
        .set({
          consentCounts: figures.consent,
          visitsMedian: figures.visitsMedian,
          lastVisitTimeMedian: figures.lastVisitTimeMedian,
          clientsWithoutRecords: figures.clientsWithoutRecords,
        })
        .where(eq(sendouts.id, draft.id));
      return figures;
    });
  }

  private async insertRecipients(db: Db, draft: NewDraft, chunk: readonly DraftRecipient[], offset: number) {
    const positions: number[] = [];
    const phones: string[] = [];
    const names: string[] = [];
    const vars: string[] = [];
    const known: boolean[] = [];
    const visits: (number | null)[] = [];
    const lastVisits: (string | null)[] = [];
    chunk.forEach((r, i) => {
      positions.push(offset + i);
      phones.push(r.phone);
      names.push(r.name);
      vars.push(JSON.stringify(r.vars));
      // The source knows the CRM facts (a segment) or leaves them to be looked up (a file).
      known.push(r.visits !== undefined || r.lastVisitAt !== undefined);
      visits.push(r.visits ?? null);
      lastVisits.push(r.lastVisitAt ? r.lastVisitAt.toISOString() : null);
    });
    const acc = draft.accId;
    // The CRM facts are grouped per phone once (hash joins), not looked up per row.
    await db.execute(sql`
      with u as (
        select * from unnest(
          ${sql.param(positions)}::int[],
          ${sql.param(phones)}::text[],
          ${sql.param(names)}::text[],
          ${sql.param(vars)}::jsonb[],
          ${sql.param(known)}::boolean[],
          ${sql.param(visits)}::int[],
          ${sql.param(lastVisits)}::timestamptz[]
        ) as u(position, phone, name, vars, known, visits, last_visit_at)
      ),
      crm_visits as (
        select cc.phone, max(cc.success_visits) as visits from crm_clients cc
        where cc.acc_id = ${acc} and cc.phone in (select phone from u where not known)
        group by cc.phone
      ),
      crm_last as (
        select r.client_phone as phone, max(r.starts_at) as last_visit_at from crm_records r
        where r.acc_id = ${acc} and r.attendance = 1 and not r.deleted
          and r.client_phone in (select phone from u where not known)
        group by r.client_phone
      )
      insert into sendout_recipients (sendout_id, position, acc_id, phone, name, vars, consent, visits, last_visit_at)
      select ${draft.id}, u.position, ${acc}, u.phone, u.name, u.vars,
        case
          when c.consent is true then 'consent'
          when c.consent is false then 'declined'
          when c.active then 'await'
          else 'neutral'
        end,
        case when u.known then u.visits else v.visits end,
        case when u.known then u.last_visit_at else l.last_visit_at end
      from u
      left join ${consentEntriesSql(acc)} c on c.phone = u.phone
      left join crm_visits v on v.phone = u.phone
      left join crm_last l on l.phone = u.phone`);
  }

  // SPEC 3 consent counts (await is "active"), the medians over the recipients the CRM knows, and
  // how many never came (no visit on record).
  private async figures(db: Db, sendoutId: string, now: Date): Promise<DraftFigures> {
    const [row] = await queryRows<FiguresRow>(
      db,
      sql`
        select
          count(*) filter (where consent = 'consent')::int as consent_count,
          count(*) filter (where consent = 'neutral')::int as neutral_count,
          count(*) filter (where consent = 'declined')::int as declined_count,
          count(*) filter (where consent = 'await')::int as active_count,
          percentile_cont(0.5) within group (order by visits) as visits_median,
          percentile_cont(0.5) within group (
            order by floor(extract(epoch from (${now.toISOString()}::timestamptz - last_visit_at)) / 86400)
          ) as last_visit_time_median,
          count(*) filter (where last_visit_at is null)::int as without_records
        from sendout_recipients where sendout_id = ${sendoutId}`,
    );
    return {
      consent: {
        consent_count: num(row!.consent_count),
        neutral_count: num(row!.neutral_count),
        declined_count: num(row!.declined_count),
        active_count: num(row!.active_count),
      },
      visitsMedian: numOrNull(row!.visits_median),
      lastVisitTimeMedian: numOrNull(row!.last_visit_time_median),
      clientsWithoutRecords: num(row!.without_records),
    };
  }

  // Drafts nobody launched; their recipients go with them (cascade).
  async deleteDraftsBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(sendouts)
      .where(and(eq(sendouts.status, 'draft'), lt(sendouts.createdAt, before)))
      .returning({ id: sendouts.id });
    return rows.length;
  }
}
