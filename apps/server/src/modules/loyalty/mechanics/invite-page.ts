import type { ReferralRejectReason } from '@salon/contract/loyalty-rules';
import { escapeHtml, type PageLang, publicPage } from '../../../platform/http/public-page.js';

// The friend's pages behind a personal invite link (no cabinet, no scripts): the offer with a form,
// the answer to the form, and "the invitation is not valid". Russian or English by the browser's
// Accept-Language (Russian by default); everything put in is escaped.

const TEXT = {
  ru: {
    invited: 'Вас пригласили в салон',
    offer: (points: number) => `Оставьте заявку — после первого оплаченного визита вы получите ${points} бонусов.`,
    offerNone: 'Оставьте заявку — салон свяжется с вами и запишет на удобное время.',
    name: 'Ваше имя',
    phone: 'Телефон',
    submit: 'Оставить заявку',
    booking: 'Записаться онлайн',
    thanks: 'Спасибо!',
    thanksHint: 'Заявка принята. Салон свяжется с вами в ближайшее время.',
    known: 'Заявка уже есть',
    knownHint: 'Вы уже оставляли заявку по приглашению. Салон свяжется с вами.',
    refused: 'Заявка принята, но бонус не начисляется',
    reasons: {
      self_referral: 'Нельзя пригласить самого себя: ссылка работает только для друзей.',
      existing_client: 'Вы уже клиент салона, а приглашение действует только для новых клиентов.',
      monthly_limit: 'Лимит приглашений на этот месяц исчерпан.',
    },
    invalid: 'Проверьте имя и номер телефона',
    invalidHint: 'Укажите имя и номер телефона, например +7 999 123-45-67.',
    back: 'Вернуться к форме',
    tooMany: 'Слишком много заявок',
    tooManyHint: 'Попробуйте ещё раз через час.',
    notFound: 'Приглашение не действует',
    notFoundHint: 'Ссылка устарела или акция салона закончилась.',
  },
  en: {
    invited: 'You are invited to the salon',
    offer: (points: number) => `Leave a request — you get ${points} bonus points after your first paid visit.`,
    offerNone: 'Leave a request — the salon will contact you and book a convenient time.',
    name: 'Your name',
    phone: 'Phone',
    submit: 'Send the request',
    booking: 'Book online',
    thanks: 'Thank you!',
    thanksHint: 'Your request is in. The salon will contact you soon.',
    known: 'Request already sent',
    knownHint: 'You have already left a request through an invitation. The salon will contact you.',
    refused: 'Request received, but no bonus applies',
    reasons: {
      self_referral: 'You cannot invite yourself: the link is for friends.',
      existing_client: 'You are already a client of the salon; the invitation is for new clients.',
      monthly_limit: 'This month’s invitation limit has been reached.',
    },
    invalid: 'Check your name and phone number',
    invalidHint: 'Enter your name and a phone number, e.g. +7 999 123-45-67.',
    back: 'Back to the form',
    tooMany: 'Too many requests',
    tooManyHint: 'Please try again in an hour.',
    notFound: 'The invitation is not valid',
    notFoundHint: 'The link has expired or the salon’s offer has ended.',
  },
} as const;

const CSS = `label{display:block;margin:0 0 12px;font-weight:600}
input{display:block;box-sizing:border-box;width:100%;margin-top:4px;padding:10px;border:1px solid #cbd2d9;border-radius:8px;font:inherit}
button,a.btn{display:block;box-sizing:border-box;width:100%;text-align:center;padding:12px;margin:8px 0;border:0;border-radius:8px;background:#228be6;color:#fff;text-decoration:none;font:inherit;font-weight:600;cursor:pointer}
a.btn{background:#e7f5ff;color:#1c7ed6}`;

function page(lang: PageLang, title: string, heading: string, body: string): string {
  return publicPage(lang, title, heading, body, CSS);
}

export interface InvitePageFacts {
  salon: string;
  // The friend's points for the first paid visit.
  points: number;
  // Where the form posts (the page's own address).
  action: string;
  bookingUrl?: string | null;
}

function form(lang: PageLang, facts: InvitePageFacts, values: { name?: string; phone?: string } = {}): string {
  const t = TEXT[lang];
  const booking = facts.bookingUrl
    ? `<a class="btn" rel="noopener noreferrer" href="${escapeHtml(facts.bookingUrl)}">${escapeHtml(t.booking)}</a>`
    : '';
  return `<form method="post" action="${escapeHtml(facts.action)}">
<label>${escapeHtml(t.name)}<input name="name" required maxlength="100" autocomplete="name" value="${escapeHtml(values.name ?? '')}"></label>
<label>${escapeHtml(t.phone)}<input name="phone" type="tel" required maxlength="32" autocomplete="tel" value="${escapeHtml(values.phone ?? '')}"></label>
<button type="submit">${escapeHtml(t.submit)}</button></form>${booking}`;
}

export function invitePage(lang: PageLang, facts: InvitePageFacts): string {
  const t = TEXT[lang];
  const offer = facts.points > 0 ? t.offer(facts.points) : t.offerNone;
  const heading = facts.salon ? `${t.invited} «${facts.salon}»` : t.invited;
  return page(lang, facts.salon || t.invited, heading, `<p>${escapeHtml(offer)}</p>${form(lang, facts)}`);
}

export function invalidPage(lang: PageLang, facts: InvitePageFacts, values: { name?: string; phone?: string }): string {
  const t = TEXT[lang];
  return page(
    lang,
    facts.salon || t.invalid,
    t.invalid,
    `<p>${escapeHtml(t.invalidHint)}</p>${form(lang, facts, values)}`,
  );
}

export function thanksPage(lang: PageLang, salon: string, known: boolean): string {
  const t = TEXT[lang];
  const [heading, hint] = known ? [t.known, t.knownHint] : [t.thanks, t.thanksHint];
  return page(lang, salon || heading, heading, `<p>${escapeHtml(hint)}</p>`);
}

export function refusedPage(lang: PageLang, salon: string, reason: ReferralRejectReason): string {
  const t = TEXT[lang];
  return page(lang, salon || t.refused, t.refused, `<p>${escapeHtml(t.reasons[reason])}</p>`);
}

export function notValidPage(lang: PageLang): string {
  const t = TEXT[lang];
  return page(lang, t.notFound, t.notFound, `<p>${escapeHtml(t.notFoundHint)}</p>`);
}

export function tooManyPage(lang: PageLang): string {
  const t = TEXT[lang];
  return page(lang, t.tooMany, t.tooMany, `<p>${escapeHtml(t.tooManyHint)}</p>`);
}
