import {
  ACCESS_LOG_ACTIONS,
  ACCESS_STATUS,
  type AddAdminBody,
  type AdminWire,
  type UpdateAdminBody,
} from '@salon/contract/accesses';
import { expandRights, GRANTABLE_RIGHTS, type Right } from '@salon/contract/rights';
import { isValidTelegramId } from '@salon/contract/telegram-id';
import type { Clock } from '../../platform/clock.js';
import { errors } from '../../platform/http/errors.js';
import type { AccessChangeRow, AccessesRepository, MemberRow, NewAccessChange } from './repository.js';

function sameRights(a: readonly string[], b: readonly string[]): boolean {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((r, i) => r === right[i]);
}

// 'all' and the rights an owner may hand out (SPEC 6). The contract lets every known right through,
// 'consultant' included, but that one belongs to the partner programme, not to a branch.
function grantableRights(rights: readonly string[]): Right[] {
  const grantable: readonly string[] = GRANTABLE_RIGHTS;
  if (!rights.every((r) => r === 'all' || grantable.includes(r))) {
    throw errors.invalid(ACCESS_STATUS.unknownRight, [{ path: 'body.rights', code: ACCESS_STATUS.unknownRight }]);
  }
  return expandRights(rights);
}

// SPEC 4 Admin access: add, rename, change rights, toggle, each logged by the server. Access is
// enforced per request by the auth hook, which reads the member row this service changes, so a
// deactivated admin is refused at their next call.
export class AccessesService {
  constructor(
    private readonly repo: AccessesRepository,
    private readonly clock: Clock,
  ) {}

  async list(accId: number): Promise<AdminWire[]> {
    const members = await this.repo.members(accId);
    const changes = await this.repo.changes(
      accId,
      members.map((m) => m.userId),
    );
    const byUser = new Map<number, AccessChangeRow[]>();
    for (const c of changes) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);
    return members.map((m) => toWire(m, byUser.get(m.userId) ?? []));
  }

  async add(accId: number, byUserId: number, body: AddAdminBody): Promise<AdminWire[]> {
    if (body.tg_id === '')
      throw errors.invalid(ACCESS_STATUS.emptyTgId, [{ path: 'body.tg_id', code: ACCESS_STATUS.emptyTgId }]);
    if (!isValidTelegramId(body.tg_id))
      throw errors.invalid(errors.badRequest().status, [{ path: 'body.tg_id', code: 'invalid_telegram_id' }]);
    const userId = Number(body.tg_id);
    const rights = grantableRights(body.rights);
    const now = this.clock.now();
    const added = await this.repo.add(
      { accId, userId, name: body.name, rights, active: body.active },
      {
        accId,
        userId,
        action: ACCESS_LOG_ACTIONS.added,
        newName: body.name,
        newRights: rights,
        newActive: body.active,
        byUserId,
        at: now,
      },
      now,
    );
    if (!added)
      throw errors.invalid(ACCESS_STATUS.uniqueTgId, [{ path: 'body.tg_id', code: ACCESS_STATUS.uniqueTgId }]);
    return this.list(accId);
  }

  async update(accId: number, byUserId: number, body: UpdateAdminBody): Promise<AdminWire[]> {
    const userId = Number(body.tg_id);
    if (userId === byUserId) throw errors.invalid(ACCESS_STATUS.self);
    const member = await this.repo.member(accId, userId);
    if (!member) throw errors.invalid(ACCESS_STATUS.notFound);
    const now = this.clock.now();
    const entry = (action: string, values: Partial<NewAccessChange>): NewAccessChange => ({
      accId,
      userId,
      action,
      newName: null,
      newRights: null,
      newActive: null,
      byUserId,
      at: now,
      ...values,
    });
    const patch: Partial<Pick<MemberRow, 'name' | 'rights' | 'active'>> = {};
    const log: NewAccessChange[] = [];
    if (body.name !== undefined && body.name !== member.name) {
      patch.name = body.name;
      log.push(entry(ACCESS_LOG_ACTIONS.name, { newName: body.name }));
    }
    if (body.rights !== undefined) {
      const rights = grantableRights(body.rights);
      if (!sameRights(rights, member.rights)) {
        patch.rights = rights;
        log.push(entry(ACCESS_LOG_ACTIONS.rights, { newRights: rights }));
      }
    }
    if (body.active !== undefined && body.active !== member.active) {
      patch.active = body.active;
      log.push(entry(ACCESS_LOG_ACTIONS.active, { newActive: body.active }));
    }
    // SPEC 5: nothing changed, nothing written.
    if (log.length > 0) await this.repo.update(accId, userId, patch, log, now);
    return this.list(accId);
  }

  async remove(accId: number, byUserId: number, tgId: string): Promise<AdminWire[]> {
    const userId = Number(tgId);
    if (userId === byUserId) throw errors.invalid(ACCESS_STATUS.self);
    if (!(await this.repo.remove(accId, userId))) throw errors.invalid(ACCESS_STATUS.notFound);
    return this.list(accId);
  }
}

function toWire(member: MemberRow, changes: AccessChangeRow[]): AdminWire {
  return {
    tg_id: member.userId,
    name: member.name,
    rights: member.rights,
    create_date: member.createdAt.toISOString(),
    update_date: member.updatedAt.toISOString(),
    active: member.active,
    changelog: changes.map((c) => ({
      action: c.action,
      date: c.at.toISOString(),
      new_name: c.newName,
      new_rights: c.newRights,
      new_active: c.newActive,
    })),
  };
}
