import {
  consentCountsWire,
  includedRecipients,
  SENDOUT_STATUS_TEXT,
  startSendoutFields,
  type ChooseConsentBody,
  type ChooseConsentResponse,
  type StartSendoutResponse,
} from '@salon/contract/mailing-sendouts';
import { OPT_IN_VARIABLES, PARTNER_LINK_VARIABLE, unknownVariables } from '@salon/contract/templates-rules';
import type { Clock } from '../../../platform/clock.js';
import type { FileStore, StoredFile } from '../../../platform/files/file-store.js';
import { AppError, errors } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import { storedPlanDays } from '../calendar/plan-days.js';
import type { CalendarContexts } from '../calendar/context.js';
import { launchStart } from '../calendar/launch-start.js';
import { allowedToRun } from '../plan/calendar.js';
import { planMessages, planPositions } from '../plan/daily-plan.js';
import { filledFields, invalidFields, type MailingForm } from './form.js';
import type { LaunchRepository } from './launch-repository.js';
import { sendoutMedia } from './media.js';

export interface LaunchesDeps {
  repo: LaunchRepository;
  // MailingRepository: whether the branch's mailing is paid for.
  payments: { payStatus(accId: number): Promise<boolean> };
  contexts: CalendarContexts;
  files: FileStore;
  clock: Clock;
  logger: Logger;
}

export type StartedListener = (sendout: { id: string; accId: number; status: 'planned' | 'started' }) => void;

// Which recipients a launch sends to (SPEC 4 "recipient choice toggles consenting and neutral
// recipients"): consent with consent_true; neutral and await (asked, no answer) with consent_neutral;
// declined never.
export function includedStates(consentTrue: boolean, consentNeutral: boolean): string[] {
  return [...(consentTrue ? ['consent'] : []), ...(consentNeutral ? ['neutral', 'await'] : [])];
}

function refuse(httpStatus: number, status: string, detail?: string): AppError {
  return new AppError(httpStatus, status, detail);
}

// POST /start_sendout: a draft becomes a planned (scheduled) or started (immediate) send-out with
// every included recipient's planned instant. Refusals, in order: not paid (402), not a draft of
// this branch (404), already launched (409), empty text, keys the list does not have, nobody to
// send to, a number that is not the branch's, the calendar's verdict (all 400). A second launch
// racing the first is refused 409 by the conditional flip.
export class SendoutLaunches {
  private readonly listeners: StartedListener[] = [];

  constructor(private readonly d: LaunchesDeps) {}

  // Called after each launch is committed (the sending pass picks the send-out up).
  onStarted(listener: StartedListener): void {
    this.listeners.push(listener);
  }

  // POST /choose_consent: the draft keeps the recipient choice its launch will use (a launch form
  // may still name another); answers how many recipients it leaves.
  async chooseConsent(accId: number, body: ChooseConsentBody): Promise<ChooseConsentResponse> {
    const draft = await this.d.repo.find(accId, body.sendout_id);
    if (!draft) throw refuse(404, SENDOUT_STATUS_TEXT.notFound);
    const choice = { consentTrue: body.consent_true, consentNeutral: body.consent_neutral };
    // Only a draft's choice changes: a launched send-out planned its recipients already.
    if (
      draft.status !== 'draft' ||
      !(await this.d.repo.saveConsentChoice(accId, draft.id, choice, this.d.clock.now()))
    ) {
      throw refuse(409, SENDOUT_STATUS_TEXT.alreadyStarted);
    }
    const count = includedRecipients(consentCountsWire.parse(draft.consentCounts), choice);
    return { ok: true, ...body, count };
  }

  async start(caller: { accId: number; userId: number }, form: MailingForm): Promise<StartSendoutResponse> {
    const parsed = startSendoutFields.safeParse(filledFields(form.fields, ['text']));
    if (!parsed.success) throw invalidFields(parsed.error);
    const f = parsed.data;
    const { accId } = caller;

    if (!(await this.d.payments.payStatus(accId))) throw refuse(402, SENDOUT_STATUS_TEXT.notPaid);
    const draft = await this.d.repo.find(accId, f.sendout_id);
    if (!draft) throw refuse(404, SENDOUT_STATUS_TEXT.notFound);
    if (draft.status !== 'draft') throw refuse(409, SENDOUT_STATUS_TEXT.alreadyStarted);
    const text = f.text.trim();
    if (text === '') throw refuse(400, SENDOUT_STATUS_TEXT.emptyText);
    const loyaltyActionId = f.loyalty_action_id || draft.loyaltyActionId;
    const keys = [...draft.keys, ...OPT_IN_VARIABLES, ...(loyaltyActionId ? [PARTNER_LINK_VARIABLE] : [])];
    const bad = unknownVariables(text, keys);
    if (bad.length > 0) throw refuse(400, SENDOUT_STATUS_TEXT.badKeys, bad.join(', '));
    // The form's choice, else the one saved with /choose_consent.
    const choice = {
      consentTrue: f.consent_true ?? draft.consentTrue,
      consentNeutral: f.consent_neutral ?? draft.consentNeutral,
    };
    const included = includedRecipients(consentCountsWire.parse(draft.consentCounts), choice);
    if (included === 0) throw refuse(400, SENDOUT_STATUS_TEXT.noRecipients);
    if (f.instance_id && !(await this.d.contexts.ownsInstance(accId, f.instance_id))) {
      throw errors.badRequest('instance_id');
    }

    const scheduled = f.delay && f.time_start !== undefined;
    const status = scheduled ? 'planned' : 'started';
    let stored: StoredFile | null = null;
    if (form.file) stored = await this.d.files.commit(accId, form.file.staged, form.file.contentType);
    try {
      const answer = await this.d.repo.underBranchLock(accId, async (tx) => {
        const now = this.d.clock.now();
        if (!(await this.d.repo.claimDraft(tx, accId, draft.id, status, now))) {
          throw refuse(409, SENDOUT_STATUS_TEXT.alreadyStarted);
        }
        const read = await this.d.contexts.forBranch(accId, now, { exclude: draft.id, db: tx });
        // The number's daily quota, as the parse answer and the calendar judged the start.
        const branch = { ...read, plan: { ...read.plan, quoteForDay: read.dailyQuota } };
        // Ours: without a connected number every message would fail at once (no channel to go on).
        if (branch.instances.length === 0) throw refuse(400, SENDOUT_STATUS_TEXT.noChannel);
        const instanceId = f.instance_id || (branch.instances[0]?.id ?? null);
        const start = launchStart(scheduled, f.time_start ? new Date(f.time_start) : null, now);
        const candidate = { count: included, batchLen: f.sendout_batch_len, betweenTime: f.between_time, instanceId };
        const verdict = allowedToRun({ ...candidate, start, delay: scheduled }, branch.plan).answer;
        // Thrown inside the transaction: the flip above is rolled back with it.
        if (!verdict.allowed) throw refuse(400, verdict.status);

        const positions = await this.d.repo.include(
          tx,
          draft.id,
          includedStates(choice.consentTrue, choice.consentNeutral),
        );
        const plan = planPositions(positions, {
          batchLen: f.sendout_batch_len,
          betweenTime: f.between_time,
          start,
          timeZone: branch.plan.timeZone,
          window: branch.plan.window ?? null,
        });
        const order: number[] = [];
        const times: Date[] = [];
        for (const m of planMessages(plan)) {
          order.push(m.position);
          times.push(m.at);
        }
        await this.d.repo.writePlannedAt(tx, draft.id, order, times);
        await this.d.repo.saveLaunch(
          tx,
          draft.id,
          {
            status,
            text,
            media: stored ? sendoutMedia(stored) : null,
            count: positions.length,
            batchLen: f.sendout_batch_len,
            betweenTime: f.between_time,
            instanceId,
            consentTrue: choice.consentTrue,
            consentNeutral: choice.consentNeutral,
            loyaltyActionId: loyaltyActionId ?? null,
            // The requested start (scheduled) or the launch instant (immediate).
            timeStart: start,
            startedAt: scheduled ? null : now,
            planDays: storedPlanDays(plan.days),
          },
          now,
        );
        return {
          ok: true,
          status,
          sendout_id: draft.id,
          count: positions.length,
          time_start: start.toISOString(),
        } satisfies StartSendoutResponse;
      });
      this.d.logger.info({ accId, sendoutId: draft.id, status, count: answer.count }, 'send-out launched');
      for (const listener of this.listeners) {
        try {
          listener({ id: draft.id, accId, status });
        } catch (err) {
          // The launch is committed; a sending pass that could not be nudged runs at the next sweep.
          this.d.logger.warn({ err, sendoutId: draft.id }, 'send-out start listener failed');
        }
      }
      return answer;
    } catch (err) {
      if (stored) await this.d.files.delete(accId, stored.id).catch(() => undefined);
      throw err;
    }
  }
}
