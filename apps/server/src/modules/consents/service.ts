import {
  CONSENT_ACTIONS,
  CONSENT_STATUS,
  consentStatusOf,
  manualConsentState,
  normalizeConsentComment,
  type AddConsentBody,
  type ConsentAction,
  type ConsentActionResponse,
  type ConsentEntryWire,
  type ConsentListQuery,
  type ConsentListResponse,
  type ConsentPatchAction,
  type ConsentXlsxBody,
  type UpdateConsentBody,
} from '@salon/contract/consents';
import type { Clock } from '../../platform/clock.js';
import type { AdminBotFiles } from '../../platform/files/admin-bot-files.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import { consentsWorkbook, type ConsentSheetRow } from './excel.js';
import type { ConsentChangeRow, ConsentPatch, ConsentRow, ConsentsRepository } from './repository.js';

export interface ConsentsDeps {
  repo: ConsentsRepository;
  bot: AdminBotFiles;
  clock: Clock;
  logger: Logger;
}

// Who asks: the branch of the request and the cabinet user (their Telegram id goes into the log).
export interface ConsentCaller {
  accId: number;
  userId: number;
}

const EXPORT_BATCH = 2_000;

// SPEC 4 Consent: the branch's list, numbers added by hand, status and comment changes (only real
// changes, each logged with who made it), and the xlsx export through the admin bot.
export class ConsentsService {
  constructor(private readonly d: ConsentsDeps) {}

  async list(accId: number, query: ConsentListQuery): Promise<ConsentListResponse> {
    const filter = {
      page: query.page,
      pageSize: query.page_size,
      search: query.search || undefined,
      status: query.status,
    };
    const [{ rows, count }, counts] = await Promise.all([this.d.repo.page(accId, filter), this.d.repo.counts(accId)]);
    const log = await this.d.repo.changes(
      accId,
      rows.map((r) => r.phone),
    );
    const byPhone = new Map<string, ConsentChangeRow[]>();
    for (const change of log) byPhone.set(change.phone, [...(byPhone.get(change.phone) ?? []), change]);
    return {
      ok: true,
      data: rows.map((row) => toWire(row, byPhone.get(row.phone) ?? [])),
      count,
      page: query.page,
      page_size: query.page_size,
      counts,
    };
  }

  async add(caller: ConsentCaller, body: AddConsentBody): Promise<ConsentActionResponse> {
    const now = this.d.clock.now();
    const state = manualConsentState(body.consent);
    const comment = normalizeConsentComment(body.comment);
    const clientText = normalizeConsentComment(body.client_text);
    const row = await this.d.repo.add(
      {
        accId: caller.accId,
        phone: body.phone,
        ...state,
        clientText,
        comment,
        consentAt: state.consent === null ? null : now,
        updatedAt: now,
      },
      {
        accId: caller.accId,
        phone: body.phone,
        actions: ['manual_creation'],
        newActive: state.active,
        newConsent: state.consent,
        newComment: comment,
        newClientText: clientText,
        userTgId: caller.userId,
        at: now,
      },
    );
    // SPEC 5: a number already listed is not added again (its entry is changed with PATCH).
    if (!row) throw new AppError(409, CONSENT_STATUS.alreadyAdded);
    return { ok: true, status: CONSENT_STATUS.added, data: await this.entry(caller.accId, row) };
  }

  async update(caller: ConsentCaller, body: UpdateConsentBody): Promise<ConsentActionResponse> {
    const asked = [...new Set(body.actions)];
    if (asked.length === 0) throw errors.invalid(CONSENT_STATUS.nothingToChange);
    const { request } = body;
    // Each action needs its value; a missing one is a broken request, not "no change".
    const missing = asked.filter((action) =>
      action === 'change_consent' ? request.consent === undefined : request.comment === undefined,
    );
    if (missing.length > 0) {
      throw errors.invalid(
        errors.badRequest().status,
        missing.map((action) => ({
          path: `body.request.${action === 'change_consent' ? 'consent' : 'comment'}`,
          code: 'required',
        })),
      );
    }
    const now = this.d.clock.now();
    const row = await this.d.repo.change(caller.accId, request.phone, (current) => {
      const patch: ConsentPatch = { updatedAt: now };
      const applied: ConsentPatchAction[] = [];
      if (asked.includes('change_consent')) {
        const next = manualConsentState(request.consent ?? null);
        if (consentStatusOf(next.active, next.consent) !== consentStatusOf(current.active, current.consent)) {
          Object.assign(patch, next, { consentAt: next.consent === null ? null : now });
          applied.push('change_consent');
        }
      }
      if (asked.includes('change_comment')) {
        const comment = normalizeConsentComment(request.comment);
        if (comment !== normalizeConsentComment(current.comment)) {
          patch.comment = comment;
          applied.push('change_comment');
        }
      }
      // SPEC 4: nothing changed, nothing written (the transaction has written nothing yet).
      if (applied.length === 0) throw errors.invalid(CONSENT_STATUS.nothingToChange);
      return {
        patch,
        change: {
          accId: caller.accId,
          phone: current.phone,
          actions: applied,
          newActive: patch.active ?? current.active,
          newConsent: patch.consent !== undefined ? patch.consent : current.consent,
          newComment: patch.comment !== undefined ? patch.comment : current.comment,
          newClientText: current.clientText,
          userTgId: caller.userId,
          at: now,
        },
      };
    });
    if (!row) throw new AppError(404, CONSENT_STATUS.notFound);
    return { ok: true, status: CONSENT_STATUS.updated, data: await this.entry(caller.accId, row) };
  }

  // POST /send_consent_xlsx: the entries of the chosen statuses, as a workbook the admin bot sends
  // to the caller. `neutral` takes every entry without an answer (await included).
  async sendXlsx(caller: ConsentCaller, flags: ConsentXlsxBody): Promise<{ count: number }> {
    const values: (boolean | null)[] = [];
    if (flags.consent) values.push(true);
    if (flags.declines) values.push(false);
    if (flags.neutral) values.push(null);
    if (values.length === 0) throw errors.invalid(CONSENT_STATUS.noStatusSelected);
    const timeZone = await this.d.repo.branchTimeZone(caller.accId);
    const { bytes, count } = await consentsWorkbook(this.batches(caller.accId, values), timeZone);
    const day = this.d.clock.now().toISOString().slice(0, 10);
    try {
      await this.d.bot.sendDocument(
        caller.userId,
        `consents_${caller.accId}_${day}.xlsx`,
        bytes,
        `Список согласий: ${count}`,
      );
    } catch (err) {
      // Most often the user never pressed Start in the bot, so it may not write to them.
      this.d.logger.warn({ err, userId: caller.userId }, 'admin bot could not send the consent list');
      throw new AppError(409, CONSENT_STATUS.noAdminBot);
    }
    return { count };
  }

  private async *batches(accId: number, values: (boolean | null)[]): AsyncGenerator<ConsentSheetRow[]> {
    let after: string | null = null;
    for (;;) {
      const rows = await this.d.repo.exportBatch(accId, values, after, EXPORT_BATCH);
      if (rows.length === 0) return;
      yield rows.map((r) => ({
        phone: r.phone,
        status: consentStatusOf(r.active, r.consent),
        clientText: r.clientText,
        comment: r.comment,
        consentAt: r.consentAt,
        updatedAt: r.updatedAt,
      }));
      if (rows.length < EXPORT_BATCH) return;
      after = rows.at(-1)!.phone;
    }
  }

  private async entry(accId: number, row: ConsentRow): Promise<ConsentEntryWire> {
    return toWire(row, await this.d.repo.changes(accId, [row.phone]));
  }
}

function toWire(row: ConsentRow, log: readonly ConsentChangeRow[]): ConsentEntryWire {
  return {
    active: row.active,
    phone: row.phone,
    client_text: row.clientText,
    consent: row.consent,
    consent_at: row.consentAt?.toISOString() ?? null,
    comment: row.comment,
    updated_at: row.updatedAt.toISOString(),
    changelog: log.map((c) => ({
      actions: c.actions.filter(isConsentAction),
      date: c.at.toISOString(),
      new_active: c.newActive,
      new_client_text: c.newClientText,
      new_comment: c.newComment,
      new_consent: c.newConsent,
      user_tg_id: c.userTgId,
    })),
  };
}

function isConsentAction(action: string): action is ConsentAction {
  return (CONSENT_ACTIONS as readonly string[]).includes(action);
}
