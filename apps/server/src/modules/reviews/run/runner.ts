import {
  isPositiveRating,
  lastStepNumber,
  RATING_ANSWER_WINDOW_HOURS,
  REVIEW_REQUEST_FOOTER,
  type FirstStep,
} from '@salon/contract/reviews';
import type { Clock } from '../../../platform/clock.js';
import type { AdminBotMessages } from '../../../platform/files/admin-bot-files.js';
import type { Logger } from '../../../platform/logger.js';
import { render } from '../../../platform/text/render.js';
import type { Outbox, OutboxWriter } from '../../../channels/dispatch/outbox.js';
import type { ReplyContext, ReplyHandler } from '../../../channels/inbound/reply-chain.js';
import type { CrmClient, CrmRecord } from '../../../crm/crm.js';
import type { RecordChange } from '../../../crm/processor.js';
import { mismatch } from '../../../crm/record-filter.js';
import { linkKindsIn, recordVariables, type RecordLinks } from '../../../crm/record-variables.js';
import type { CrmRepository } from '../../../crm/repository.js';
import type { ReviewChain } from '../chains/mapper.js';
import { alertText, sendTelegramAlerts } from './alerts.js';
import { parseRating } from './rating.js';
import {
  SENT_STATES,
  WAITING_STATES,
  type ReviewRunRepository,
  type RunBranch,
  type RunRow,
  type StepSend,
} from './run-repository.js';
import { requestTime } from './timing.js';

// The chains' reads the runner needs (the chains helper's repository).
export interface ChainReads {
  activeChains(accId: number): Promise<ReviewChain[]>;
  find(accId: number, id: number, withDeleted?: boolean): Promise<ReviewChain | null>;
  settings(accId: number): Promise<{ repeatDays: number }>;
}

export interface ReviewRunnerDeps {
  repo: ReviewRunRepository;
  chains: ChainReads;
  crm: CrmRepository;
  outbox: Outbox;
  links: RecordLinks;
  // Alerts of negative ratings to the tg_alerts ids.
  bot: AdminBotMessages;
  clock: Clock;
  logger: Logger;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// A step that has not gone out yet (quiet hours, a channel down) is looked at again this often.
export const RECHECK_MS = MINUTE;
const SWEEP_BATCH = 200;
// The review request visit must have happened: SPEC 3 record client status 1 (came).
const CAME = 1;
const SENT = new Set<string>(SENT_STATES);
const WAITING = new Set<string>(WAITING_STATES);

const sent = (s: StepSend | undefined) => s !== undefined && SENT.has(s.status);

// Chain runs (SPEC 3/4 Review chain; issue 13): a visit that happened gets the first step of every
// matching active chain at its moment; while the client stays silent the active middle steps follow,
// each `delay_hours` after the previous one went out; a rating ends the run with the last step's
// positive or negative text, and a negative one alerts the salon's admins.
//
// Run states: planned (the request is in the outbox) → asked (it went out; asked_at is the outbox's
// sent_at of the first step, stamped by the advance sweep within a minute or by the rating, whichever
// comes first: statistics count asked runs as sends) → rated | silent (every step went out and the
// answer window passed) | cancelled (record changed before the send, chain off, a send failed);
// skipped (check_already_review). Every write is idempotent: outbox keys per chain × record and per
// run × step, one run per chain × record.
export class ReviewRunner {
  constructor(private readonly d: ReviewRunnerDeps) {}

  // --- Planning from the CRM -------------------------------------------------------------------

  // The CRM inbox's listener.
  readonly recordChanged = async (change: RecordChange): Promise<void> => {
    if (!change.record) return;
    const chains = await this.d.chains.activeChains(change.accId);
    const runs = await this.d.repo.runsForRecord(change.accId, change.record.id);
    if (chains.length === 0 && runs.length === 0) return;
    const branch = await this.d.repo.branch(change.accId);
    if (!branch || branch.sendOutAccount) return;
    const record = await this.withCategories(change.accId, change.record);
    const client = await this.clientOf(change.accId, record);
    for (const chain of chains) {
      const run = runs.find((r) => r.chainId === chain.id);
      await this.reconcile(branch, chain, record, client, run);
    }
  };

  // Why the chain does not ask about this visit, or null when it does.
  private async notApplicable(chain: ReviewChain, record: CrmRecord, client: CrmClient | null): Promise<string | null> {
    const step = chain.firstStep;
    if (record.deleted) return 'deleted';
    if (record.attendance !== CAME) return 'attendance';
    const miss = await mismatch(
      { ...step, attendance: [CAME] },
      { record, client, exceptionMasters: [], hasOtherFutureRecord: async () => false },
    );
    if (miss) return miss;
    const every = step.visits_frequency;
    if (every > 1 && (client?.successVisits ?? 1) % every !== 0) return 'visits_frequency';
    return null;
  }

  private async reconcile(
    branch: RunBranch,
    chain: ReviewChain,
    record: CrmRecord,
    client: CrmClient | null,
    run: RunRow | undefined,
  ): Promise<void> {
    const now = this.d.clock.now();
    const why = await this.notApplicable(chain, record, client);
    const at = why ? null : requestTime(chain.firstStep, record, branch.timeZone, now);
    if (!run) {
      if (at) await this.plan(branch, chain, record, client, at);
      return;
    }
    const first = (await this.d.repo.sendsOf(run.id)).find((s) => s.step === 1);
    if (!first) return;
    const recordReason = run.state === 'cancelled' && run.reason?.startsWith('record:');
    if (run.state !== 'planned' && !recordReason) return;
    if (run.state === 'planned' && first.status !== 'pending') return; // it is going out or went out
    if (!at) {
      if (run.state !== 'planned') return;
      await this.d.outbox.transaction(async (tx, out) => {
        const repo = this.d.repo.with(tx);
        if (!(await repo.lockOpen(run.id, true))) return;
        await out.cancel([first.outboxId], 'review_record_changed');
        await repo.updateRun(run.id, { state: 'cancelled', reason: `record:${why ?? 'late'}`, nextAt: null });
      });
      return;
    }
    // Moved (or back to "came" after a change): the request follows the visit.
    const unchanged = run.state === 'planned' && Math.abs(first.notBefore.getTime() - at.getTime()) < MINUTE;
    if (unchanged) return;
    const body = await this.firstText(branch, chain, record, client);
    await this.d.outbox.transaction(async (tx, out) => {
      const repo = this.d.repo.with(tx);
      const moved = await out.reschedule(
        first.outboxId,
        { notBefore: at, body, clientName: record.clientName },
        { revive: run.state === 'cancelled' },
      );
      if (!moved) return;
      await repo.updateRun(run.id, {
        state: 'planned',
        reason: null,
        nextAt: at,
        ...visitFacts(record),
      });
    });
  }

  private async plan(
    branch: RunBranch,
    chain: ReviewChain,
    record: CrmRecord,
    client: CrmClient | null,
    at: Date,
  ): Promise<void> {
    const now = this.d.clock.now();
    const base = {
      accId: branch.accId,
      chainId: chain.id,
      recordId: record.id,
      clientId: record.clientId,
      clientPhone: record.clientPhone,
      ...visitFacts(record),
      createdAt: now,
    };
    if (chain.firstStep.check_already_review) {
      const { repeatDays } = await this.d.chains.settings(branch.accId);
      const since = new Date(now.getTime() - repeatDays * DAY);
      if (await this.d.repo.askedSince(branch.accId, record.clientPhone, since, record.id)) {
        await this.d.repo.insertRun({ ...base, state: 'skipped', reason: 'already_asked', nextAt: null });
        return;
      }
    }
    const body = await this.firstText(branch, chain, record, client);
    if (!body) return;
    await this.d.outbox.transaction(async (tx, out) => {
      const repo = this.d.repo.with(tx);
      const runId = await repo.insertRun({ ...base, state: 'planned', step: 1, nextAt: at });
      if (runId === null) return; // planned by an earlier delivery of this change
      const { id } = await this.enqueue(out, branch.accId, chain.id, record.clientPhone, record.clientName, {
        key: `review:${chain.id}:rec:${record.id}:1`,
        body,
        at,
      });
      await repo.saveSend(id, runId, 1, now);
    });
  }

  private enqueue(
    out: OutboxWriter,
    accId: number,
    chainId: number,
    phone: string,
    name: string,
    m: { key: string; body: string; at: Date; source?: string },
  ) {
    return out.enqueue({
      accId,
      idempotencyKey: m.key,
      source: m.source ?? 'review',
      sourceId: String(chainId),
      recipient: phone,
      clientName: name,
      body: m.body,
      media: null,
      channels: null,
      notBefore: m.at,
    });
  }

  // --- Texts -------------------------------------------------------------------------------------

  // The first step's text with its variables, and SPEC 9's footer when requestReview is on.
  private async firstText(
    branch: RunBranch,
    chain: ReviewChain,
    record: CrmRecord,
    client: CrmClient | null,
  ): Promise<string> {
    const step: FirstStep = chain.firstStep;
    const text = await this.renderFor(branch, chain.id, record, client, step.content[0]?.body ?? '');
    if (!step.request_review) return text;
    return [text, REVIEW_REQUEST_FOOTER.ru].filter(Boolean).join('\n\n');
  }

  private async renderFor(
    branch: RunBranch,
    chainId: number,
    record: CrmRecord,
    client: CrmClient | null,
    text: string,
  ): Promise<string> {
    if (!text.trim()) return '';
    const links: { review_link?: string; tips_link?: string } = {};
    if (record.clientPhone) {
      for (const kind of linkKindsIn([text])) {
        links[`${kind}_link`] = await this.d.links.linkFor({
          accId: branch.accId,
          kind,
          recordId: record.id,
          phone: record.clientPhone,
          chainId,
        });
      }
    }
    return render(text, recordVariables(record, client, branch, links));
  }

  // A later step's text: the visit as the CRM holds it now (as the run remembers it if it is gone).
  private async runText(branch: RunBranch, run: RunRow, text: string): Promise<string> {
    const stored = await this.d.crm.record(run.accId, run.recordId);
    const record: CrmRecord = stored ?? {
      id: run.recordId,
      clientId: run.clientId,
      clientName: run.clientName,
      clientPhone: run.clientPhone,
      staffId: null,
      staffName: run.staffName,
      services: [],
      goods: [],
      startsAt: run.visitAt,
      lengthSec: 0,
      attendance: CAME,
      deleted: false,
      paid: false,
      online: false,
      labels: [],
      comment: '',
      shortLink: null,
      createdAt: run.createdAt,
      changedAt: run.createdAt,
      deletedAt: null,
    };
    const client = await this.clientOf(run.accId, record);
    return this.renderFor(branch, run.chainId, record, client, text);
  }

  // --- Middle steps (the `reviews.advance` sweep) --------------------------------------------------

  async advance(): Promise<number> {
    const ids = await this.d.repo.dueRuns(this.d.clock.now(), SWEEP_BATCH);
    let moved = 0;
    for (const id of ids) {
      try {
        if (await this.advanceRun(id)) moved += 1;
      } catch (err) {
        this.d.logger.warn({ err, run: id }, 'review run could not advance');
      }
    }
    return moved;
  }

  // One due run: did its newest step go out? Then the next active middle step when its gap has
  // passed, or the end of the answer window. A step that failed or was cancelled ends the run.
  private async advanceRun(id: number): Promise<boolean> {
    const run = await this.d.repo.run(id);
    if (!run || (run.state !== 'planned' && run.state !== 'asked')) return false;
    const now = this.d.clock.now();
    const chain = await this.d.chains.find(run.accId, run.chainId, true);
    const branch = await this.d.repo.branch(run.accId);
    const current = (await this.d.repo.sendsOf(run.id)).filter((s) => s.step === run.step).at(-1);

    type Action =
      | { kind: 'end'; state: 'cancelled' | 'silent'; reason: string | null }
      | { kind: 'wait'; nextAt: Date }
      | { kind: 'send'; step: number; body: string };
    let action: Action;
    if (!chain || !chain.active || chain.deletedAt || !branch) {
      action = { kind: 'end', state: 'cancelled', reason: 'chain_off' };
    } else if (!current) {
      action = { kind: 'end', state: 'cancelled', reason: 'no_send' };
    } else if (WAITING.has(current.status)) {
      action = { kind: 'wait', nextAt: new Date(now.getTime() + RECHECK_MS) };
    } else if (!sent(current) || !current.sentAt) {
      action = { kind: 'end', state: 'cancelled', reason: `send_${current.status}` };
    } else {
      const last = lastStepNumber(chain.middleSteps.length);
      const index = chain.middleSteps.findIndex((m, i) => i + 2 > run.step && i + 2 < last && m.active);
      const next = index >= 0 ? chain.middleSteps[index]! : null;
      if (next) {
        const due = new Date(current.sentAt.getTime() + next.delay_hours * HOUR);
        action =
          due.getTime() > now.getTime()
            ? { kind: 'wait', nextAt: due }
            : { kind: 'send', step: index + 2, body: await this.runText(branch, run, next.content[0]?.body ?? '') };
        if (action.kind === 'send' && !action.body) action = { kind: 'end', state: 'cancelled', reason: 'empty_step' };
      } else {
        const closes = new Date(current.sentAt.getTime() + RATING_ANSWER_WINDOW_HOURS * HOUR);
        action =
          closes.getTime() > now.getTime()
            ? { kind: 'wait', nextAt: closes }
            : { kind: 'end', state: 'silent', reason: null };
      }
    }

    return this.d.outbox.transaction(async (tx, out) => {
      const repo = this.d.repo.with(tx);
      const locked = await repo.lockOpen(id, false);
      if (!locked || locked.step !== run.step) return false;
      const askedAt = locked.askedAt ?? (await repo.firstSentAt(id));
      const asked = askedAt ? { askedAt, state: 'asked' as const } : {};
      if (action.kind === 'end') {
        await out.cancel(await repo.pendingSendsOf([id]), `review_${action.reason ?? action.state}`);
        await repo.updateRun(id, { ...asked, state: action.state, reason: action.reason, nextAt: null });
        return true;
      }
      if (action.kind === 'wait') {
        await repo.updateRun(id, { ...asked, nextAt: action.nextAt });
        return false;
      }
      const { id: outboxId } = await this.enqueue(
        out,
        locked.accId,
        locked.chainId,
        locked.clientPhone,
        locked.clientName,
        {
          key: `review:run:${id}:step:${action.step}`,
          body: action.body,
          at: now,
        },
      );
      await repo.saveSend(outboxId, id, action.step, now);
      // Looked at again once it has had time to go out: the gap to the next step counts from then.
      await repo.updateRun(id, { ...asked, step: action.step, nextAt: new Date(now.getTime() + RECHECK_MS) });
      return true;
    });
  }

  // --- Ratings (reply slot 'review_rating') ----------------------------------------------------------

  ratingHandler(): ReplyHandler {
    return { name: 'review_rating', handle: (context) => this.rating(context) };
  }

  private async rating({ accId, message }: ReplyContext): Promise<'handled' | 'pass'> {
    if (message.type !== 'text') return 'pass';
    const rating = parseRating(message.body);
    if (rating === null) return 'pass';
    const now = this.d.clock.now();
    const found = await this.d.repo.openRunOf(
      accId,
      message.from,
      new Date(now.getTime() - RATING_ANSWER_WINDOW_HOURS * HOUR),
    );
    if (!found) return 'pass';
    const { run } = found;
    const chain = await this.d.chains.find(accId, run.chainId, true);
    const branch = await this.d.repo.branch(accId);
    if (!chain || !branch) return 'pass';
    const positive = isPositiveRating(rating);
    const lastNumber = lastStepNumber(chain.middleSteps.length);
    const lastText = chain.lastStep.active
      ? await this.runText(branch, run, positive ? (chain.lastStep.content[0]?.body ?? '') : chain.lastStep.fail_text)
      : '';
    const answer = message.body.trim().slice(0, 1000);
    const alert = positive
      ? null
      : alertText({ run, rating, answer, chainTitle: chain.title, timeZone: branch.timeZone });

    const done = await this.d.outbox.transaction(async (tx, out) => {
      const repo = this.d.repo.with(tx);
      const locked = await repo.lockOpen(run.id, true);
      if (!locked) return false;
      // The client answered: the reminders still waiting are not sent.
      await out.cancel(await repo.pendingSendsOf([run.id]), 'review_answered');
      if (lastText) {
        const { id } = await this.enqueue(out, accId, chain.id, locked.clientPhone, locked.clientName, {
          key: `review:run:${run.id}:last`,
          body: lastText,
          at: now,
        });
        await repo.saveSend(id, run.id, lastNumber, now);
      }
      if (alert) {
        for (const phone of chain.firstStep.WA_alerts) {
          await this.enqueue(out, accId, chain.id, phone, '', {
            key: `review:run:${run.id}:alert:${phone}`,
            body: alert,
            at: now,
            source: 'review_alert',
          });
        }
      }
      await repo.updateRun(run.id, {
        state: 'rated',
        rating,
        answer,
        ratedAt: now,
        askedAt: locked.askedAt ?? (await repo.firstSentAt(run.id)) ?? found.sentAt,
        nextAt: null,
        ...(lastText ? { step: lastNumber, finishedAt: now } : {}),
      });
      return true;
    });
    if (!done) return 'pass';
    if (alert) await sendTelegramAlerts(this.d.bot, chain.firstStep.tg_alerts, alert, this.d.logger);
    return 'handled';
  }

  // --- Chain switched off or deleted ---------------------------------------------------------------

  // Its pending sends are cancelled and its open runs end (a later rating is ordinary chat).
  async cancelChain(accId: number, chainId: number): Promise<number> {
    return this.d.outbox.transaction(async (tx, out) => {
      const repo = this.d.repo.with(tx);
      const runs = await repo.lockOpenOfChain(accId, chainId);
      await out.cancel(await repo.pendingSendsOf(runs), 'review_chain_off');
      await repo.endRuns(runs, 'cancelled', 'chain_off');
      return runs.length;
    });
  }

  // --- CRM reads -----------------------------------------------------------------------------------

  private async clientOf(accId: number, record: CrmRecord): Promise<CrmClient | null> {
    if (record.clientId) {
      const client = await this.d.crm.client(accId, record.clientId);
      if (client) return client;
    }
    return record.clientPhone ? this.d.crm.clientByPhone(accId, record.clientPhone) : null;
  }

  // Service categories the CRM left out, from the branch's service list (the categories filter).
  private async withCategories(accId: number, record: CrmRecord): Promise<CrmRecord> {
    const missing = record.services.filter((s) => s.categoryId === null).map((s) => s.id);
    if (missing.length === 0) return record;
    const known = await this.d.crm.serviceCategories(accId, missing);
    return {
      ...record,
      services: record.services.map((s) => (s.categoryId === null ? { ...s, categoryId: known.get(s.id) ?? null } : s)),
    };
  }
}

// What the run remembers of the visit for the alert.
function visitFacts(record: CrmRecord) {
  return {
    clientName: record.clientName,
    visitAt: record.startsAt,
    staffName: record.staffName,
    services: record.services.map((s) => s.title).join(', '),
  };
}
