import {
  DECLINING_CARD_LAST4,
  DEFAULT_SANDBOX_CARD,
  type SandboxCheckoutView,
} from '../../payments/drivers/sandbox/driver.js';
import { escapeHtml, publicPage, type PageLang } from '../../platform/http/public-page.js';

// The sandbox provider's checkout (no cabinet, no scripts): what is paid for, a test card, and the
// two answers a real checkout can end with. Russian or English by the browser's Accept-Language.

const TEXT = {
  ru: {
    title: 'Тестовая оплата',
    hint: 'Это тестовая касса: деньги не списываются.',
    card: 'Номер карты',
    cardHint: `Карта, оканчивающаяся на ${DECLINING_CARD_LAST4}, сохранится, но следующие автоплатежи по ней будут отклонены.`,
    saves: 'Карта будет сохранена для автоплатежей.',
    pay: 'Оплатить',
    decline: 'Отказ',
    paid: 'Оплачено',
    paidHint: 'Платёж прошёл. Вернитесь в кабинет.',
    canceled: 'Платёж отменён',
    canceledHint: 'Оплата не прошла. Вернитесь в кабинет и попробуйте ещё раз.',
    back: 'Вернуться',
    notFound: 'Платёж не найден',
    notFoundHint: 'Ссылка на оплату устарела или неверна.',
  },
  en: {
    title: 'Test payment',
    hint: 'This is a test checkout: no money is taken.',
    card: 'Card number',
    cardHint: `A card ending in ${DECLINING_CARD_LAST4} is saved, but its later autopayments are declined.`,
    saves: 'The card will be saved for autopayments.',
    pay: 'Pay',
    decline: 'Decline',
    paid: 'Paid',
    paidHint: 'The payment went through. Go back to the cabinet.',
    canceled: 'Payment canceled',
    canceledHint: 'The payment did not go through. Go back to the cabinet and try again.',
    back: 'Go back',
    notFound: 'Payment not found',
    notFoundHint: 'The payment link has expired or is wrong.',
  },
} as const;

const CSS = `.sum{font-size:28px;font-weight:600;margin:0 0 4px;color:#1f2933}
label{display:block;font-size:14px;margin:0 0 4px;color:#52606d}
input{box-sizing:border-box;width:100%;padding:10px;border:1px solid #cbd2d9;border-radius:8px;font-size:16px;margin:0 0 8px}
.row{display:flex;gap:8px;margin-top:16px}
button,a.btn{flex:1;padding:12px;border-radius:8px;border:0;font-size:16px;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#2f80ed;color:#fff}.decline{background:#e4e7eb;color:#1f2933}
small{display:block;color:#7b8794;margin:0 0 8px}`;

function formatAmount(lang: PageLang, amount: number, currency: string): string {
  return new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { style: 'currency', currency }).format(amount);
}

export function checkoutPage(lang: PageLang, payment: SandboxCheckoutView, action: string): string {
  const t = TEXT[lang];
  const body = `<p class="sum">${escapeHtml(formatAmount(lang, payment.amount, payment.currency))}</p>
<p>${escapeHtml(payment.description)}</p>
<form method="post" action="${escapeHtml(action)}">
<label for="card">${escapeHtml(t.card)}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" maxlength="23" value="${DEFAULT_SANDBOX_CARD}">
<small>${escapeHtml(t.hint)}${payment.savePaymentMethod ? ` ${escapeHtml(t.saves)}` : ''}</small>
<small>${escapeHtml(t.cardHint)}</small>
<div class="row"><button class="pay" type="submit" name="decision" value="pay">${escapeHtml(t.pay)}</button>
<button class="decline" type="submit" name="decision" value="decline">${escapeHtml(t.decline)}</button></div>
</form>`;
  return publicPage(lang, t.title, t.title, body, CSS);
}

// A payment decided already (a second visit, or no way back): its outcome.
export function outcomePage(lang: PageLang, payment: SandboxCheckoutView): string {
  const t = TEXT[lang];
  const paid = payment.status === 'succeeded';
  const back = payment.returnUrl
    ? `<div class="row"><a class="btn pay" href="${escapeHtml(payment.returnUrl)}">${escapeHtml(t.back)}</a></div>`
    : '';
  return publicPage(
    lang,
    t.title,
    paid ? t.paid : t.canceled,
    `<p>${escapeHtml(paid ? t.paidHint : t.canceledHint)}</p>${back}`,
    CSS,
  );
}

export function notFoundPage(lang: PageLang): string {
  const t = TEXT[lang];
  return publicPage(lang, t.title, t.notFound, `<p>${escapeHtml(t.notFoundHint)}</p>`);
}
