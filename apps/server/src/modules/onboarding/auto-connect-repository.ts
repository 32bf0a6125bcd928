import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { branches } from '../../platform/db/schema.js';
import { autoConnectForms } from './schema.js';

// The accepted fields of a wizard so far (SPEC 7 accept_step names, normalised).
export interface AutoConnectData {
  branch_name?: string;
  emoji?: string;
  address?: string;
  salon_phone?: string;
  owner_phone?: string;
  wa_life_time?: string;
  main_channel?: string;
  main_url?: string;
  other_urls?: string[];
  telegram_id?: string;
  // The branch's zone as the CRM gave it when the form was opened.
  time_zone?: string;
  agreements?: { mandatory_agreement: boolean; optional_agreement: boolean };
}

export interface AutoConnectFormRow {
  formHash: string;
  crmName: string;
  crmCompanyId: number;
  stepId: number;
  promoCode: string | null;
  data: AutoConnectData;
  completedAt: Date | null;
  accId: number | null;
}

export interface NewCrmBranch {
  companyId: number;
  crmName: string;
  name: string;
  address: string;
  timeZone: string;
}

const columns = {
  formHash: autoConnectForms.formHash,
  crmName: autoConnectForms.crmName,
  crmCompanyId: autoConnectForms.crmCompanyId,
  stepId: autoConnectForms.stepId,
  promoCode: autoConnectForms.promoCode,
  data: autoConnectForms.data,
  completedAt: autoConnectForms.completedAt,
  accId: autoConnectForms.accId,
};

// The wizard's forms (auto_connect_forms) and the branch its last step creates. Methods given `tx`
// run in the caller's transaction.
export class AutoConnectRepository {
  constructor(private readonly db: Db) {}

  async insertForm(
    form: { formHash: string; crmName: string; crmCompanyId: number; promoCode: string | null; data: AutoConnectData },
    now: Date,
  ) {
    await this.db.insert(autoConnectForms).values({ ...form, createdAt: now, updatedAt: now });
  }

  async form(
    formHash: string,
    crmName: string,
    companyId: number,
    db: Db = this.db,
  ): Promise<AutoConnectFormRow | null> {
    const [row] = await db
      .select(columns)
      .from(autoConnectForms)
      .where(
        and(
          eq(autoConnectForms.formHash, formHash),
          eq(autoConnectForms.crmName, crmName),
          eq(autoConnectForms.crmCompanyId, companyId),
        ),
      );
    return row ? { ...row, data: (row.data ?? {}) as AutoConnectData } : null;
  }

  // The last step waits for another last step of the same form (a double click, a second tab).
  async lockForm(tx: Db, formHash: string): Promise<void> {
    await tx.execute(sql`select 1 from auto_connect_forms where form_hash = ${formHash} for update`);
  }

  // Two forms of one company finish one at a time: the second sees the first one's branch.
  async lockCompany(tx: Db, crmName: string, companyId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`autoconnect:${crmName}:${companyId}`}))`);
  }

  async saveStep(
    formHash: string,
    step: { stepId: number; data: AutoConnectData; promoCode: string | null },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(autoConnectForms)
      .set({ ...step, updatedAt: now })
      .where(eq(autoConnectForms.formHash, formHash));
  }

  async complete(tx: Db, formHash: string, data: AutoConnectData, accId: number, now: Date): Promise<void> {
    await tx
      .update(autoConnectForms)
      .set({ data, accId, completedAt: now, updatedAt: now })
      .where(eq(autoConnectForms.formHash, formHash));
  }

  // The branch of the CRM's company, if the company is connected already.
  async branchOfCompany(crmName: string, companyId: number, db: Db = this.db): Promise<number | null> {
    const [row] = await db
      .select({ accId: branches.accId })
      .from(branches)
      .where(and(eq(branches.crmName, crmName), eq(branches.branchId, companyId), eq(branches.sendOutAccount, false)))
      .limit(1);
    return row?.accId ?? null;
  }

  async createBranch(tx: Db, branch: NewCrmBranch, now: Date): Promise<number> {
    const [row] = await tx
      .insert(branches)
      .values({
        branchId: branch.companyId,
        name: branch.name,
        address: branch.address,
        crmName: branch.crmName,
        timeZone: branch.timeZone,
        createdAt: now,
      })
      .returning({ accId: branches.accId });
    return row!.accId;
  }
}
