import type { PayCurrency, PayModule } from '@salon/contract/payments';

// The owners' dunning messages from the admin bot, in each owner's interface language (Russian
// unless they chose English). Days are branch-local calendar days (YYYY-MM-DD).

export interface ChargeFacts {
  amount: number;
  currency: PayCurrency;
  last4: string | null;
  modules: PayModule[];
  months: number;
}

const MODULE_NAMES = {
  ru: { WA: 'WhatsApp', TG: 'Telegram', loyalty: '«Приведи друга»' },
  en: { WA: 'WhatsApp', TG: 'Telegram', loyalty: 'Invite a friend' },
} as const;

type Lang = keyof typeof MODULE_NAMES;

// "9 апреля 2026" (without Intl's trailing "г.", which doubled the sentence's full stop).
function formatDay(day: string, lang: Lang): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(Date.UTC(y, m - 1, d)))
    .replace(/\s*г\.$/, '');
}

// The provider's decline codes (YooKassa's cancellation_details.reason) in the owner's words; an
// unknown code reads as a plain bank refusal rather than leaking the code.
const DECLINE_REASONS: Record<Lang, Record<string, string>> = {
  ru: {
    card_expired: 'срок действия карты истёк',
    insufficient_funds: 'на карте недостаточно средств',
    payment_method_limit_exceeded: 'превышен лимит по карте',
    payment_method_restricted: 'операции по карте ограничены',
    permission_revoked: 'разрешение на автоплатежи отозвано',
    fraud_suspected: 'банк заподозрил мошенничество',
    call_issuer: 'банк просит связаться с ним',
    issuer_unavailable: 'банк карты не ответил',
    '3d_secure_failed': 'не пройдена проверка 3-D Secure',
  },
  en: {
    card_expired: 'the card has expired',
    insufficient_funds: 'insufficient funds on the card',
    payment_method_limit_exceeded: 'the card limit is exceeded',
    payment_method_restricted: 'the card is restricted',
    permission_revoked: 'the permission for autopayments was revoked',
    fraud_suspected: 'the bank suspected fraud',
    call_issuer: 'the bank asks you to call it',
    issuer_unavailable: 'the card issuer did not answer',
    '3d_secure_failed': '3-D Secure check failed',
  },
};
const GENERAL_DECLINE: Record<Lang, string> = { ru: 'банк отклонил списание', en: 'the bank declined the charge' };
const declineReason = (code: string, lang: Lang) => DECLINE_REASONS[lang][code] ?? GENERAL_DECLINE[lang];

function formatMoney(amount: number, currency: PayCurrency, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', {
    style: 'currency',
    currency,
    maximumFractionDigits: currency === 'USD' ? 1 : 0,
  }).format(amount);
}

const names = (modules: readonly PayModule[], lang: Lang) => modules.map((m) => MODULE_NAMES[lang][m]).join(', ');
const card = (last4: string | null, lang: Lang) =>
  last4 ? (lang === 'ru' ? ` с карты •• ${last4}` : ` from the card •• ${last4}`) : '';

export function dunningTexts(lang: string) {
  const l: Lang = lang.startsWith('en') ? 'en' : 'ru';
  const day = (d: string) => formatDay(d, l);
  const money = (c: ChargeFacts) => formatMoney(c.amount, c.currency, l);
  if (l === 'en') {
    return {
      autopayWarning: (c: ChargeFacts, chargeDay: string, paidTill: string) =>
        `💳 Autopay: on ${day(chargeDay)} we will charge ${money(c)}${card(c.last4, l)} for ${names(c.modules, l)}, ` +
        `${c.months} mo. Paid till ${day(paidTill)}.`,
      autopayFailed: (c: ChargeFacts, reason: string | null, nextTry: string | null, graceEnds: string) =>
        `⚠️ Autopay failed: the charge of ${money(c)}${card(c.last4, l)} was declined` +
        `${reason ? ` (${declineReason(reason, l)})` : ''}. ` +
        (nextTry
          ? `The next try is on ${day(nextTry)}. Check the card or pay in the cabinet.`
          : `There will be no more tries. Pay in the cabinet by ${day(graceEnds)}, or the channels will be switched off.`),
      reminder: (modules: PayModule[], paidTill: string) =>
        `🔔 ${names(modules, l)}: paid till ${day(paidTill)}. Renew in the cabinet to keep the channels running.`,
      grace: (paidTill: string, graceEnds: string) =>
        `⏳ The paid period ended on ${day(paidTill)}. The channels keep working until ${day(graceEnds)} inclusive; ` +
        `pay in the cabinet so that they are not switched off.`,
      off: (modules: PayModule[]) =>
        `⛔ No payment came: ${names(modules, l)} switched off. They come back by themselves once paid in the cabinet.`,
      back: (modules: PayModule[], paidTill: string) =>
        `✅ Payment received: ${names(modules, l)} paid till ${day(paidTill)}. Switched-off channels are coming back.`,
    };
  }
  return {
    autopayWarning: (c: ChargeFacts, chargeDay: string, paidTill: string) =>
      `💳 Автоплатёж: ${day(chargeDay)} спишем ${money(c)}${card(c.last4, l)} за ${names(c.modules, l)} ` +
      `на ${c.months} мес. Оплачено до ${day(paidTill)}.`,
    autopayFailed: (c: ChargeFacts, reason: string | null, nextTry: string | null, graceEnds: string) =>
      `⚠️ Автоплатёж не прошёл: списание ${money(c)}${card(c.last4, l)} отклонено` +
      `${reason ? ` (${declineReason(reason, l)})` : ''}. ` +
      (nextTry
        ? `Следующая попытка — ${day(nextTry)}. Проверьте карту или оплатите в кабинете.`
        : `Попыток больше не будет. Оплатите в кабинете до ${day(graceEnds)} включительно, иначе каналы отключатся.`),
    reminder: (modules: PayModule[], paidTill: string) =>
      `🔔 ${names(modules, l)}: оплачено до ${day(paidTill)}. Продлите в кабинете, чтобы каналы работали без перерыва.`,
    grace: (paidTill: string, graceEnds: string) =>
      `⏳ Оплаченный период закончился ${day(paidTill)}. Каналы работают до ${day(graceEnds)} включительно; ` +
      `оплатите в кабинете, чтобы они не отключились.`,
    off: (modules: PayModule[]) =>
      `⛔ Оплата не поступила: ${names(modules, l)} отключены. Они включатся сами после оплаты в кабинете.`,
    back: (modules: PayModule[], paidTill: string) =>
      `✅ Оплата получена: ${names(modules, l)} оплачены до ${day(paidTill)}. Отключённые каналы включаются снова.`,
  };
}

export type DunningTexts = ReturnType<typeof dunningTexts>;
