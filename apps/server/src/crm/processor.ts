import { createHash } from 'node:crypto';
import type { EventKind } from '@salon/contract/templates-rules';
import type { Clock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import type { CrmBranch, CrmChange, CrmDriver, CrmKind, CrmRecord } from './crm.js';
import { deriveRecordKinds } from './derive.js';
import type { ConnectionRow, CrmEventRow, CrmRepository } from './repository.js';

// What the engine gets for every processed record event.
export interface RecordChange {
  accId: number;
  eventId: number;
  recordId: string;
  kinds: EventKind[];
  // The record as stored now (after this event), or null if it was never seen.
  record: CrmRecord | null;
}
export type RecordChangeListener = (change: RecordChange) => Promise<void>;

export interface CrmProcessorDeps {
  repo: CrmRepository;
  drivers: Partial<Record<CrmKind, CrmDriver>>;
  clock: Clock;
  logger: Logger;
  // Unseals a stored YCLIENTS user token.
  openSecret: (sealed: string) => string;
  // Asks a worker to process the inbox soon (a queue job); the worker's timer is the fallback.
  kick?: () => Promise<void>;
  maxAttempts?: number;
}

const MAX_ATTEMPTS = 8;

export function dedupKey(kind: CrmKind, change: CrmChange): string {
  const body = createHash('sha256')
    .update(JSON.stringify(change.data ?? null))
    .digest('base64url');
  return `${kind}:${change.companyId}:${change.resource}:${change.resourceId}:${change.status}:${body}`;
}

// The CRM inbox: changes are stored before anyone acts on them, then processed in two idempotent
// steps (derive the event kinds with the new snapshot; hand them to the engine), so a crash at any
// point re-runs a step without firing twice or losing an event.
export class CrmProcessor {
  readonly #listeners: RecordChangeListener[] = [];
  #running: Promise<number> | undefined;

  constructor(private readonly d: CrmProcessorDeps) {}

  onRecordChange(listener: RecordChangeListener): void {
    this.#listeners.push(listener);
  }

  branch(row: ConnectionRow): CrmBranch {
    return {
      accId: row.accId,
      kind: row.kind as CrmKind,
      companyId: row.companyId,
      userToken: row.userToken ? this.d.openSecret(row.userToken) : null,
    };
  }

  hasDriver(kind: CrmKind): boolean {
    return this.d.drivers[kind] !== undefined;
  }

  openToken(sealed: string): string {
    return this.d.openSecret(sealed);
  }

  driverOf(kind: string): CrmDriver {
    const driver = this.d.drivers[kind as CrmKind];
    if (!driver) throw new Error(`no CRM driver for "${kind}"`);
    return driver;
  }

  // A webhook: stored durably (once) before the caller answers 2xx. Unknown companies are ignored.
  async ingest(kind: CrmKind, change: CrmChange): Promise<'stored' | 'duplicate' | 'unknown_company'> {
    const accId = await this.d.repo.branchOfCompany(kind, change.companyId);
    if (accId === null) return 'unknown_company';
    const id = await this.d.repo.addEvent(
      { accId, source: kind, change, dedupKey: dedupKey(kind, change) },
      this.d.clock.now(),
    );
    if (id === null) return 'duplicate';
    await this.kick();
    return 'stored';
  }

  async kick(): Promise<void> {
    await this.d.kick?.().catch((err: unknown) => this.d.logger.warn({ err }, 'CRM inbox kick failed'));
  }

  // Processes the inbox until it is empty (or `limit` events). One pass at a time per process.
  async processPending(limit = 500): Promise<number> {
    if (this.#running) return this.#running;
    this.#running = this.drain(limit).finally(() => (this.#running = undefined));
    return this.#running;
  }

  private async drain(limit: number): Promise<number> {
    let done = 0;
    while (done < limit) {
      const batch = await this.d.repo.pendingEvents(Math.min(100, limit - done), this.d.maxAttempts ?? MAX_ATTEMPTS);
      if (batch.length === 0) break;
      for (const event of batch) {
        await this.process(event);
        done += 1;
      }
    }
    return done;
  }

  async process(event: CrmEventRow): Promise<void> {
    try {
      let current = event;
      if (current.state === 'new') current = await this.derive(current);
      if (current.state === 'derived') await this.plan(current);
    } catch (err) {
      const attempts = event.attempts + 1;
      this.d.logger.warn({ err, event: event.id, attempts }, 'CRM event failed');
      await this.d.repo.updateEvent(event.id, {
        attempts,
        error: err instanceof Error ? err.message : String(err),
        ...(attempts >= (this.d.maxAttempts ?? MAX_ATTEMPTS) ? { state: 'failed' } : {}),
      });
    }
  }

  // Step 1: read the entity as the CRM holds it now (a webhook body is not signed, so it is not
  // trusted), store the new snapshot and the kinds it implies, together.
  private async derive(event: CrmEventRow): Promise<CrmEventRow> {
    const { repo, clock } = this.d;
    const connection = await repo.connection(event.accId);
    const driver = this.driverOf(connection.kind);
    const branch = this.branch(connection);
    if (event.resource === 'client') {
      const client = await driver.client(branch, event.resourceId);
      if (client) await repo.saveClient(event.accId, client);
      await repo.updateEvent(event.id, { state: 'done', kinds: [], processedAt: clock.now() });
      return { ...event, state: 'done' };
    }
    if (event.resource !== 'record') {
      await repo.updateEvent(event.id, { state: 'ignored', processedAt: clock.now() });
      return { ...event, state: 'ignored' };
    }
    const fetched = await driver.record(branch, event.resourceId);
    const now = clock.now();
    return repo.db.transaction(async (tx) => {
      const prev = await repo.record(event.accId, event.resourceId, tx);
      let next: CrmRecord | null = fetched;
      // Gone from the CRM (a YCLIENTS delete answers 404): keep it, marked deleted.
      if (!next && prev) next = { ...prev, deleted: true };
      if (next?.deleted && !next.deletedAt) next = { ...next, deletedAt: prev?.deletedAt ?? now };
      const kinds = deriveRecordKinds(prev, next);
      if (next && (kinds.length > 0 || !prev || prev.changedAt.getTime() !== next.changedAt.getTime())) {
        await repo.saveRecord(event.accId, next, tx);
      }
      await repo.updateEvent(event.id, { state: 'derived', kinds }, tx);
      return { ...event, state: 'derived', kinds };
    });
  }

  // Step 2: the engine plans from the record's current state; its writes are idempotent.
  private async plan(event: CrmEventRow): Promise<void> {
    const record = event.resource === 'record' ? await this.d.repo.record(event.accId, event.resourceId) : null;
    const change: RecordChange = {
      accId: event.accId,
      eventId: event.id,
      recordId: event.resourceId,
      kinds: (event.kinds ?? []) as EventKind[],
      record,
    };
    for (const listener of this.#listeners) await listener(change);
    await this.d.repo.updateEvent(event.id, { state: 'done', processedAt: this.d.clock.now() });
  }

  // Mirrors a remote CRM's services (with their categories) for the engine's category filter.
  async syncServices(accId: number): Promise<void> {
    const connection = await this.d.repo.connection(accId);
    if (connection.kind === 'local') return;
    const services = await this.driverOf(connection.kind).reference(this.branch(connection), 'services');
    await this.d.repo.saveServices(accId, services);
  }

  // Confirm-record answers act in the branch's own CRM; the change comes back as an event.
  async confirmRecord(accId: number, recordId: string): Promise<void> {
    const connection = await this.d.repo.connection(accId);
    await this.driverOf(connection.kind).confirmRecord(this.branch(connection), recordId);
    await this.kick();
  }

  async cancelRecord(accId: number, recordId: string): Promise<void> {
    const connection = await this.d.repo.connection(accId);
    await this.driverOf(connection.kind).cancelRecord(this.branch(connection), recordId);
    await this.kick();
  }

  // Reconciliation: records changed since the cursor that the mirror does not have in that state
  // become 'new' events; one whose state the mirror already has (a webhook brought it) is skipped,
  // so nothing fires twice.
  async reconcile(accId: number): Promise<number> {
    const { repo, clock } = this.d;
    const connection = await repo.connection(accId);
    const driver = this.driverOf(connection.kind);
    const now = clock.now();
    const since = connection.pollCursor ?? new Date(now.getTime() - 3_600_000);
    if (connection.kind !== 'local') await this.syncServices(accId);
    let queued = 0;
    for await (const record of driver.recordsChangedAfter(this.branch(connection), since, now)) {
      const known = await repo.record(accId, record.id);
      if (
        known &&
        deriveRecordKinds(known, record).length === 0 &&
        known.changedAt.getTime() >= record.changedAt.getTime()
      ) {
        continue;
      }
      const change: CrmChange = {
        companyId: connection.companyId ?? 0,
        resource: 'record',
        resourceId: record.id,
        status: 'update',
        data: { changed_at: record.changedAt.toISOString() },
      };
      const id = await repo.addEvent(
        {
          accId,
          source: `${connection.kind}:poll`,
          change,
          dedupKey: `poll:${accId}:${record.id}:${record.changedAt.toISOString()}`,
        },
        now,
      );
      if (id !== null) queued += 1;
    }
    await repo.setPollCursor(accId, now);
    if (queued > 0) await this.kick();
    return queued;
  }
}
