import { AUTOPAY_RULES, PAY_MODULES, addDaysToDay, type PayModule } from '@salon/contract/payments';
import type { AdminBotMessages } from '../../platform/files/admin-bot-files.js';
import type { SweepDefinition } from '../../platform/module.js';
import { PaymentProviderError, type PaymentProvider } from '../../payments/provider.js';
import { refundBinding, type BindingDeps } from './autopay.js';
import type { BranchGating, SyncedBranch } from './branch-gating.js';
import { dunningTexts, type ChargeFacts, type DunningTexts } from './dunning-texts.js';
import type { PaymentAccountRow, PaymentRow } from './repository.js';
import { MODULE_TITLES, currencyOf, type PayerContacts, type PaymentsService } from './service.js';

// Issue 16 item 3: autopay and dunning, one sweep (`payments.dunning`, hourly; the dev clock's
// "run due sweeps now" runs it too). For every branch with payment data, on its local day:
// 1. the branch row's pay summary and its channels are brought in line with its periods
//    (branch-gating.ts: lapsed past the grace → `no_pay`/'not_paid'; paid again → back);
// 2. autopay (on, with a saved card): D is the latest paid-till day of the autopay modules. The
//    owner is warned on D-warnDaysBefore; tries on D+tryOffsetsDays (D-3, D-1, D+1), each at most
//    once (idempotence key acc+D+try; the provider gets the same key on a repeat), only the latest
//    due try (a sweep that missed a day does not fire two), never while an earlier try is unsettled,
//    never after the grace. The charge is confirmed through confirm.ts like any payment (extends
//    once); a decline keeps the provider's reason and the owner is told the next try day, or the
//    grace end after the last one;
// 3. without autopay: a reminder from D-warnDaysBefore to D, the grace message after D;
// 4. for every module that lapsed past its grace an "off" message, and once paid again "back".
// Each message is sent once (payment_notices: kind + key starting with the day it is about).

export interface DunningDeps extends BindingDeps {
  service: PaymentsService;
  gating: BranchGating;
  payer: PayerContacts;
  messages: AdminBotMessages;
  confirm(providerPaymentId: string): Promise<unknown>;
}

const TRY_KEY = /^autopay:\d+:(\d{4}-\d{2}-\d{2}):(\d)$/;
const tryKey = (accId: number, dueDay: string, index: number) => `autopay:${accId}:${dueDay}:${index}`;
const tryIndexOf = (row: PaymentRow) => Number(TRY_KEY.exec(row.idempotenceKey)?.[2] ?? -1);
const isModule = (m: string): m is PayModule => (PAY_MODULES as readonly string[]).includes(m);
const latest = (days: (string | null)[]) =>
  days.reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);

export function createDunning(d: DunningDeps): SweepDefinition {
  const { repo, logger } = d;

  // Each message starts with the branch's name: an owner may have several.
  async function tell(accId: number, compose: (t: DunningTexts) => string): Promise<void> {
    const name = (await repo.branch(accId))?.name ?? String(accId);
    for (const { chatId, lang } of await repo.owners(accId)) {
      try {
        await d.messages.sendText(chatId, `${name}\n${compose(dunningTexts(lang))}`);
      } catch (err) {
        logger.warn({ err, accId, chatId }, 'payment message not sent to the owner');
      }
    }
  }

  // Sends a message once per (branch, kind, key).
  async function once(accId: number, kind: string, key: string, compose: (t: DunningTexts) => string) {
    if (await repo.claimNotice(accId, kind, key, d.clock.now())) await tell(accId, compose);
  }

  async function charge(account: PaymentAccountRow, row: PaymentRow, provider: PaymentProvider): Promise<void> {
    const contact = row.currency === 'RUB' ? await d.payer.contactOf(row.accId) : null;
    try {
      const remote = await provider.chargeSaved({
        idempotenceKey: row.idempotenceKey,
        paymentMethodId: account.paymentMethodId!,
        amount: Number(row.amount),
        currency: currencyOf(row.currency),
        description: `Автоплатёж: модули ${row.modules.join(', ')} на ${row.months} мес. (филиал ${row.accId})`,
        receipt: contact
          ? {
              ...contact,
              items: ((row.plan as { modules_cost?: { module: PayModule; cost: number }[] }).modules_cost ?? []).map(
                (m) => ({ description: `${MODULE_TITLES[m.module]}, ${row.months} мес.`, quantity: 1, amount: m.cost }),
              ),
            }
          : null,
        metadata: { acc_id: String(row.accId), payment_id: String(row.id), purpose: 'autopay' },
      });
      await repo.setProviderPayment(row.id, remote.id, null);
      await d.confirm(remote.id);
    } catch (err) {
      if (err instanceof PaymentProviderError && !err.retryable) {
        await repo.cancel(row.id, d.clock.now(), err.code);
        logger.warn({ err, paymentId: row.id }, 'autopay charge refused');
      } else {
        // Unanswered: the next run repeats the charge with the same key.
        logger.warn({ err, paymentId: row.id }, 'autopay charge not made now');
      }
    }
  }

  async function autopay(synced: SyncedBranch, accId: number, account: PaymentAccountRow, modules: PayModule[]) {
    const { today, gate } = synced;
    const D = latest(gate.modules.filter((m) => modules.includes(m.module)).map((m) => m.paidTill));
    if (!D) return;
    const graceEnds = addDaysToDay(D, AUTOPAY_RULES.graceDays);
    const tries = AUTOPAY_RULES.tryOffsetsDays.map((offset, index) => ({ index, day: addDaysToDay(D, offset) }));
    const months = account.autopayMonths ?? 1;
    let plan;
    try {
      plan = await d.service.plan(accId, months, modules);
    } catch (err) {
      logger.warn({ err, accId }, 'autopay plan cannot be priced');
      return;
    }
    const facts: ChargeFacts = {
      amount: plan.full_cost,
      currency: currencyOf((await repo.branch(accId))!.currency),
      last4: account.last4,
      modules: plan.modules,
      months: plan.months,
    };
    if (today === addDaysToDay(D, -AUTOPAY_RULES.warnDaysBefore)) {
      await once(accId, 'autopay_warn', D, (t) => t.autopayWarning(facts, tries[0]!.day, D));
    }

    let rows = await repo.autopayTries(accId, D);
    const due = tries.filter((t) => t.day <= today).at(-1);
    if (due && today <= graceEnds && !rows.some((r) => r.status === 'succeeded')) {
      const key = tryKey(accId, D, due.index);
      // A try still unsettled is settled first: re-read from the provider, or (never answered)
      // charged again with its own key.
      const open = rows.find((r) => r.status === 'pending');
      if (open?.providerPaymentId) await d.confirm(open.providerPaymentId);
      else if (open) await charge(account, open, d.provider);
      else if (!rows.some((r) => r.idempotenceKey === key)) {
        const row = await repo.insertPaymentOnce({
          accId,
          provider: d.provider.name,
          idempotenceKey: key,
          type: 'autopay',
          status: 'pending',
          amount: plan.full_cost,
          currency: facts.currency,
          months: plan.months,
          modules: plan.modules,
          plan,
          dueDay: D,
          createdAt: d.clock.now(),
        });
        if (row) await charge(account, row, d.provider);
      }
      rows = await repo.autopayTries(accId, D);
    }

    // After each declined try: when the next one is, or that the grace ends.
    for (const row of rows.filter((r) => r.status === 'canceled')) {
      const index = tryIndexOf(row);
      if (index < 0) continue;
      const next = tries[index + 1]?.day ?? null;
      const charged = { ...facts, amount: Number(row.amount) };
      await once(accId, 'autopay_failed', `${D}:${index}`, (t) =>
        t.autopayFailed(charged, row.failureReason, next, graceEnds),
      );
    }
  }

  async function reminders(synced: SyncedBranch, accId: number) {
    const { today, gate } = synced;
    const paid = gate.modules.filter((m) => m.paidTill !== null);
    const D = latest(paid.map((m) => m.paidTill));
    if (!D) return;
    const modules = paid.filter((m) => m.paidTill === D).map((m) => m.module);
    const graceEnds = addDaysToDay(D, AUTOPAY_RULES.graceDays);
    if (today >= addDaysToDay(D, -AUTOPAY_RULES.warnDaysBefore) && today <= D) {
      await once(accId, 'reminder', D, (t) => t.reminder(modules, D));
    } else if (today > D && today <= graceEnds) {
      await once(accId, 'grace', D, (t) => t.grace(D, graceEnds));
    }
  }

  // "Off" once per module and paid-till day it lapsed from; "back" once per day whose messages
  // (failed tries, grace, off) are all answered by a payment since.
  async function offAndBack(synced: SyncedBranch, accId: number, trackedTill: string | null) {
    const { gate } = synced;
    const newlyOff: PayModule[] = [];
    for (const m of gate.modules) {
      if (m.standing !== 'lapsed' || !m.paidTill) continue;
      if (await repo.claimNotice(accId, 'off', `${m.paidTill}:${m.module}`, d.clock.now())) newlyOff.push(m.module);
    }
    if (newlyOff.length > 0) await tell(accId, (t) => t.off(newlyOff));

    const sent = await repo.notices(accId, ['autopay_failed', 'grace', 'off']);
    const byDay = new Map<string, { kind: string; key: string }[]>();
    for (const n of sent) byDay.set(n.key.slice(0, 10), [...(byDay.get(n.key.slice(0, 10)) ?? []), n]);
    for (const [day, notes] of byDay) {
      const answered = notes.every((n) => {
        if (n.kind !== 'off') return trackedTill !== null && trackedTill > day && gate.payStatus;
        const module = n.key.slice(11);
        const now = gate.modules.find((m) => m.module === module);
        return now?.standing === 'paid' && now.paidTill !== null && now.paidTill > day;
      });
      if (!answered) continue;
      const modules = gate.modules.filter((m) => m.standing === 'paid' && m.paidTill! > day);
      const till = latest(modules.map((m) => m.paidTill));
      if (till)
        await once(accId, 'back', day, (t) =>
          t.back(
            modules.map((m) => m.module),
            till,
          ),
        );
    }
  }

  async function branch(accId: number): Promise<void> {
    const synced = await d.gating.sync(accId);
    if (!synced) return;
    const account = await repo.account(accId);
    const autopayModules = (account?.autopayModules ?? []).filter(isModule);
    const autopayOn = Boolean(account?.autopay && account.paymentMethodId && autopayModules.length > 0);
    if (autopayOn) await autopay(synced, accId, account!, autopayModules);
    else await reminders(synced, accId);
    // The charge may have paid: the state and channels as they are now.
    const after = autopayOn ? ((await d.gating.sync(accId)) ?? synced) : synced;
    const tracked = after.gate.modules.filter((m) => (autopayOn ? autopayModules.includes(m.module) : m.paidTill));
    await offAndBack(after, accId, latest(tracked.map((m) => m.paidTill)));
  }

  return {
    name: 'payments.dunning',
    everyMs: 60 * 60_000,
    async run() {
      for (const binding of await repo.unrefundedBindings(50)) await refundBinding(d, binding);
      for (const { accId } of await repo.branchesWithPayData()) {
        try {
          await branch(accId);
        } catch (err) {
          logger.error({ err, accId }, 'dunning of a branch failed');
        }
      }
    },
  };
}
