import { LOCAL_CRM_STATUS, normalizeClientPhone, type Attendance } from '@salon/contract/local-crm';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError, errors } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import type { CrmClient, CrmRecord, RecordGood, RecordService } from '../../crm.js';
import { deriveRecordKinds } from '../../derive.js';
import type { CrmRepository } from '../../repository.js';
import { LocalCrmRepository, type GoodRow, type ServiceRow } from './local-repository.js';

export interface LocalCrmDeps {
  repo: CrmRepository;
  clock: Clock;
  // Asks the CRM processor to run soon; the worker's timer is the fallback when it fails.
  kick: () => Promise<void>;
  logger?: Logger;
}

export interface NewClient {
  name: string;
  // As typed: spaces, brackets, +7 or 8 are fine; stored as digits with the country code.
  phone: string;
  email?: string | null | undefined;
  birthday?: string | null | undefined;
  sex?: number | undefined;
  categories?: readonly string[] | undefined;
}

export interface NewRecord {
  client: { id: string } | { name: string; phone: string };
  staffId: string;
  serviceIds: readonly string[];
  goodsIds?: readonly string[] | undefined;
  startsAt: Date;
  // Default: the services' durations added up.
  lengthSec?: number | undefined;
  online?: boolean | undefined;
  labelIds?: readonly string[] | undefined;
  comment?: string | undefined;
}

export const LOCAL_SOURCE = 'local';

// Runs inside a change's transaction (the branch's CRM is locked) just before the record is
// written, so a check such as "the master is free" cannot race another booking; throws to refuse.
export type RecordGuard = (next: CrmRecord, tx: Db) => Promise<void>;

// Where a local record's page lives (relative: the local CRM has no public host of its own).
export function localShortLink(accId: number, recordId: string): string {
  return `/r/${accId}/${recordId}`;
}

export function recordServices(rows: readonly ServiceRow[], ids: readonly string[]): RecordService[] {
  const byId = new Map(rows.map((s) => [s.id, s]));
  return [...new Set(ids)].flatMap((id) => {
    const s = byId.get(id);
    return s ? [{ id: s.id, title: s.title, cost: s.priceMin, categoryId: s.categoryId, amount: 1 }] : [];
  });
}

export function recordGoods(rows: readonly GoodRow[], ids: readonly string[]): RecordGood[] {
  const byId = new Map(rows.map((g) => [g.id, g]));
  return [...new Set(ids)].flatMap((id) => {
    const g = byId.get(id);
    return g ? [{ id: g.id, title: g.title, cost: g.price, amount: 1 }] : [];
  });
}

// A record counts for its client's visits while it is not deleted: came is a success, did not come a failure.
function visitsOf(record: CrmRecord | null): { success: number; fail: number } {
  if (!record || record.deleted) return { success: 0, fail: 0 };
  return { success: record.attendance === 1 ? 1 : 0, fail: record.attendance === -1 ? 1 : 0 };
}

function sameState(a: CrmRecord, b: CrmRecord): boolean {
  return JSON.stringify({ ...a, changedAt: null }) === JSON.stringify({ ...b, changedAt: null });
}

const issue = (status: string, path: string) => errors.invalid(status, [{ path, code: status }]);

// The embedded CRM: its tables are the booking system. Every change of a record writes the new
// row and its inbox event (state 'derived', with the kinds it implies) in one transaction, then
// kicks the processor, which hands the event straight to the engine's planning step.
export class LocalCrm {
  readonly store: LocalCrmRepository;

  constructor(private readonly d: LocalCrmDeps) {
    this.store = new LocalCrmRepository(d.repo.db);
  }

  get repo(): CrmRepository {
    return this.d.repo;
  }

  now(): Date {
    return this.d.clock.now();
  }

  // Reads refuse a branch whose bookings live in another CRM, as changes do.
  async assertLocal(accId: number): Promise<void> {
    const connection = await this.d.repo.connection(accId);
    if (connection.kind !== 'local' || !connection.active) throw notLocal();
  }

  async timeZone(accId: number): Promise<string> {
    return (await this.store.timeZone(accId)) ?? 'Europe/Moscow';
  }

  // --- Clients ---

  // A phone the branch already knows is that client: the existing row is returned unchanged.
  async createClient(accId: number, input: NewClient): Promise<CrmClient> {
    return this.transaction(accId, (tx) => this.findOrCreateClient(accId, input, tx));
  }

  async updateClient(accId: number, id: string, patch: Partial<NewClient>): Promise<CrmClient> {
    return this.transaction(accId, async (tx) => {
      const client = await this.d.repo.client(accId, id, tx);
      if (!client) throw errors.notFound();
      const next: CrmClient = {
        ...client,
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.phone !== undefined ? { phone: phoneOf(patch.phone) } : {}),
        ...(patch.email !== undefined ? { email: patch.email } : {}),
        ...(patch.birthday !== undefined ? { birthday: patch.birthday } : {}),
        ...(patch.sex !== undefined ? { sex: patch.sex } : {}),
        ...(patch.categories !== undefined
          ? { categories: await this.clientCategories(accId, patch.categories, tx) }
          : {}),
        updatedAt: this.d.clock.now(),
      };
      await this.d.repo.saveClient(accId, next, tx);
      return next;
    });
  }

  // Bonus points on the client's balance (the loyalty module's card pushes); a phone the branch
  // does not know yet becomes a client, so the CRM page shows who holds the points.
  async addBonus(accId: number, who: { name: string; phone: string }, amount: number): Promise<CrmClient> {
    return this.transaction(accId, async (tx) => {
      const client = await this.findOrCreateClient(accId, { name: who.name || who.phone, phone: who.phone }, tx);
      return this.store.addBonus(accId, client.id, amount, this.d.clock.now(), tx);
    });
  }

  private async findOrCreateClient(accId: number, input: NewClient, tx: Db, path?: string): Promise<CrmClient> {
    const phone = phoneOf(input.phone, path);
    const known = await this.store.clientByPhone(accId, phone, tx);
    if (known) return known;
    const now = this.d.clock.now();
    const client: CrmClient = {
      id: await this.store.nextClientId(accId, tx),
      name: input.name.trim(),
      phone,
      email: input.email ?? null,
      birthday: input.birthday ?? null,
      sex: input.sex ?? 0,
      categories: await this.clientCategories(accId, input.categories ?? [], tx),
      successVisits: 0,
      failVisits: 0,
      bonusBalance: 0,
      createdAt: now,
      updatedAt: now,
    };
    await this.d.repo.saveClient(accId, client, tx);
    return client;
  }

  private async clientCategories(accId: number, ids: readonly string[], tx: Db): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = await this.store.clientCategories(accId, unique, tx);
    if (found.length !== unique.length) throw issue(LOCAL_CRM_STATUS.unknownCategory, 'body.categories');
    return unique;
  }

  // --- Records ---

  async createRecord(accId: number, input: NewRecord, guard?: RecordGuard): Promise<CrmRecord> {
    const now = this.d.clock.now();
    const record = await this.transaction(accId, async (tx) => {
      const client =
        'id' in input.client
          ? await this.d.repo.client(accId, input.client.id, tx)
          : await this.findOrCreateClient(accId, input.client, tx, 'body.client.phone');
      if (!client) throw issue(LOCAL_CRM_STATUS.unknownClient, 'body.client_id');
      const staff = await this.store.staffMember(accId, input.staffId, tx);
      if (!staff) throw issue(LOCAL_CRM_STATUS.unknownStaff, 'body.staff_id');
      const { services, lengthSec } = await this.pickServices(accId, input.serviceIds, input.lengthSec, tx);
      const goods = await this.pickGoods(accId, input.goodsIds ?? [], tx);
      const labels = await this.pickLabels(accId, input.labelIds ?? [], tx);
      const id = await this.store.nextRecordId(accId, tx);
      const next: CrmRecord = {
        id,
        clientId: client.id,
        clientName: client.name,
        clientPhone: client.phone,
        staffId: staff.id,
        staffName: staff.title,
        services,
        goods,
        startsAt: input.startsAt,
        lengthSec,
        attendance: 0,
        deleted: false,
        paid: false,
        online: input.online ?? false,
        labels,
        comment: input.comment ?? '',
        shortLink: localShortLink(accId, id),
        createdAt: now,
        changedAt: now,
        deletedAt: null,
      };
      await guard?.(next, tx);
      await this.write(accId, null, next, 0, tx);
      return next;
    });
    await this.kick();
    return record;
  }

  // A new start, a new master, or both.
  async moveRecord(
    accId: number,
    id: string,
    to: { startsAt?: Date | undefined; staffId?: string | undefined },
    guard?: RecordGuard,
  ) {
    return this.change(accId, id, async (prev, tx) => {
      const next = await this.moved(accId, prev, to, tx);
      await guard?.(next, tx);
      return next;
    });
  }

  private async moved(
    accId: number,
    prev: CrmRecord,
    to: { startsAt?: Date | undefined; staffId?: string | undefined },
    tx: Db,
  ): Promise<CrmRecord> {
    if (to.staffId === undefined || to.staffId === prev.staffId)
      return { ...prev, startsAt: to.startsAt ?? prev.startsAt };
    const staff = await this.store.staffMember(accId, to.staffId, tx);
    if (!staff) throw issue(LOCAL_CRM_STATUS.unknownStaff, 'body.staff_id');
    return { ...prev, startsAt: to.startsAt ?? prev.startsAt, staffId: staff.id, staffName: staff.title };
  }

  async changeServices(
    accId: number,
    id: string,
    input: { serviceIds: readonly string[]; goodsIds?: readonly string[] | undefined; lengthSec?: number | undefined },
  ) {
    return this.change(accId, id, async (prev, tx) => {
      const { services, lengthSec } = await this.pickServices(accId, input.serviceIds, input.lengthSec, tx);
      const goods = input.goodsIds ? await this.pickGoods(accId, input.goodsIds, tx) : prev.goods;
      return { ...prev, services, goods, lengthSec };
    });
  }

  // SPEC 3 Record client status: -1 did not come, 0 waiting, 1 came, 2 confirmed.
  async setAttendance(accId: number, id: string, attendance: Attendance) {
    return this.change(accId, id, async (prev) => ({ ...prev, attendance }));
  }

  // A client's "yes" to a confirmation request: only a waiting record becomes confirmed, so a late
  // answer never undoes "came" or "did not come", nor revives a cancelled record.
  async confirm(accId: number, id: string) {
    return this.change(accId, id, async (prev) => (prev.attendance === 0 ? { ...prev, attendance: 2 } : prev), {
      allowDeleted: true,
    });
  }

  async pay(accId: number, id: string) {
    return this.change(accId, id, async (prev) => ({ ...prev, paid: true }));
  }

  // Cancelling deletes the record, as a CRM does; cancelling it again changes nothing.
  async cancel(accId: number, id: string) {
    return this.change(accId, id, async (prev) => prev, { allowDeleted: true, delete: true });
  }

  private async change(
    accId: number,
    id: string,
    apply: (prev: CrmRecord, tx: Db) => Promise<CrmRecord>,
    options: { allowDeleted?: boolean; delete?: boolean } = {},
  ): Promise<CrmRecord> {
    const now = this.d.clock.now();
    const result = await this.transaction(accId, async (tx) => {
      const locked = await this.store.lockRecord(accId, id, tx);
      if (!locked) throw errors.notFound();
      const prev = locked.record;
      if (prev.deleted) {
        if (options.allowDeleted) return { record: prev, written: false };
        throw new AppError(409, LOCAL_CRM_STATUS.recordDeleted);
      }
      let next = await apply(prev, tx);
      if (options.delete) next = { ...next, deleted: true, deletedAt: now };
      if (sameState(prev, next)) return { record: prev, written: false };
      next = { ...next, changedAt: now };
      await this.write(accId, prev, next, locked.revision + 1, tx);
      return { record: next, written: true };
    });
    if (result.written) await this.kick();
    return result.record;
  }

  // The record row, the client's visit counters and the inbox event, in the caller's transaction.
  private async write(accId: number, prev: CrmRecord | null, next: CrmRecord, revision: number, tx: Db): Promise<void> {
    const now = this.d.clock.now();
    await this.d.repo.saveRecord(accId, next, tx);
    const before = visitsOf(prev);
    const after = visitsOf(next);
    if (next.clientId && (before.success !== after.success || before.fail !== after.fail)) {
      await this.store.addVisits(
        accId,
        next.clientId,
        after.success - before.success,
        after.fail - before.fail,
        now,
        tx,
      );
    }
    const eventId = await this.d.repo.addEvent(
      {
        accId,
        source: LOCAL_SOURCE,
        change: {
          companyId: accId,
          resource: 'record',
          resourceId: next.id,
          status: !prev ? 'create' : next.deleted ? 'delete' : 'update',
          data: { revision, changed_at: next.changedAt.toISOString() },
        },
        dedupKey: `${LOCAL_SOURCE}:${accId}:${next.id}:${revision}`,
        state: 'derived',
        kinds: deriveRecordKinds(prev, next),
      },
      now,
      tx,
    );
    // The key is taken (it cannot be, while revisions only grow): better no change than a silent one.
    if (eventId === null) throw new Error(`local CRM: event ${accId}/${next.id}/${revision} already exists`);
  }

  private async pickServices(
    accId: number,
    ids: readonly string[],
    lengthSec: number | undefined,
    tx: Db,
  ): Promise<{ services: RecordService[]; lengthSec: number }> {
    const unique = [...new Set(ids)];
    const rows = await this.store.services(accId, unique, tx);
    if (unique.length === 0 || rows.length !== unique.length) {
      throw issue(LOCAL_CRM_STATUS.unknownService, 'body.service_ids');
    }
    const total = rows.reduce((sum, s) => sum + s.durationSec, 0);
    return { services: recordServices(rows, unique), lengthSec: lengthSec ?? total };
  }

  private async pickGoods(accId: number, ids: readonly string[], tx: Db): Promise<RecordGood[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = await this.store.goods(accId, unique, tx);
    if (rows.length !== unique.length) throw issue(LOCAL_CRM_STATUS.unknownGood, 'body.goods_ids');
    return recordGoods(rows, unique);
  }

  private async pickLabels(accId: number, ids: readonly string[], tx: Db): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = await this.store.labels(accId, unique, tx);
    if (rows.length !== unique.length) throw issue(LOCAL_CRM_STATUS.unknownLabel, 'body.label_ids');
    return unique;
  }

  // One change of the branch's CRM: the branch is locked and must use the local CRM.
  private async transaction<T>(accId: number, work: (tx: Db) => Promise<T>): Promise<T> {
    return this.d.repo.db.transaction(async (tx) => {
      const connection = await this.store.lockConnection(accId, tx);
      if (connection.kind !== 'local' || !connection.active) throw notLocal();
      return work(tx);
    });
  }

  private async kick(): Promise<void> {
    await this.d.kick().catch((err: unknown) => this.d.logger?.warn({ err }, 'local CRM: processor kick failed'));
  }
}

function notLocal(): AppError {
  return new AppError(409, LOCAL_CRM_STATUS.notLocal);
}

function phoneOf(raw: string, path = 'body.phone'): string {
  const phone = normalizeClientPhone(raw);
  if (!phone) throw issue(LOCAL_CRM_STATUS.invalidPhone, path);
  return phone;
}
