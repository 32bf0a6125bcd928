import type { ReviewSite, ReviewSiteKind } from '@salon/contract/reviews';
import { escapeHtml, type PageLang, publicPage } from '../../../platform/http/public-page.js';

// The small pages a short link may answer with (no cabinet, no scripts): a chooser when the salon
// has several review sites, a note when it has none, and "no such link". Russian or English by the
// browser's Accept-Language; everything put in is escaped.

const TEXT = {
  ru: {
    choose: 'Оставьте, пожалуйста, отзыв о салоне',
    chooseHint: 'Выберите, где вам удобнее:',
    tips: 'Чаевые мастеру',
    tipsHint: 'Выберите способ:',
    none: 'Салон ещё не указал, где оставить отзыв',
    noneTips: 'Салон ещё не указал, куда оставить чаевые',
    noneHint: 'Спасибо, что были у нас! Ответьте на сообщение салона — ваш ответ прочитают.',
    notFound: 'Ссылка не найдена',
    notFoundHint: 'Проверьте адрес ссылки из сообщения.',
    sites: {
      yandex: 'Яндекс Карты',
      '2gis': '2ГИС',
      google: 'Google Карты',
      other: 'Оставить отзыв',
      tips: 'Оставить чаевые',
    },
  },
  en: {
    choose: 'Please leave a review of the salon',
    chooseHint: 'Choose where you prefer:',
    tips: 'Tips for your master',
    tipsHint: 'Choose how:',
    none: 'The salon has not set where to leave a review yet',
    noneTips: 'The salon has not set where to leave tips yet',
    noneHint: 'Thank you for visiting! Reply to the salon’s message — they will read it.',
    notFound: 'Link not found',
    notFoundHint: 'Check the link address in the message.',
    sites: {
      yandex: 'Yandex Maps',
      '2gis': '2GIS',
      google: 'Google Maps',
      other: 'Leave a review',
      tips: 'Leave a tip',
    },
  },
} as const satisfies Record<PageLang, { sites: Record<ReviewSiteKind, string> } & Record<string, unknown>>;

const CSS =
  'a.site{display:block;text-align:center;padding:12px;margin:8px 0;border-radius:8px;background:#228be6;color:#fff;text-decoration:none;font-weight:600}';

function page(lang: PageLang, title: string, heading: string, body: string): string {
  return publicPage(lang, title, heading, body, CSS);
}

// Several destinations: a button each.
export function chooserPage(
  lang: PageLang,
  salon: string,
  kind: 'review' | 'tips',
  sites: readonly ReviewSite[],
): string {
  const t = TEXT[lang];
  const buttons = sites
    .map((s) => {
      const label = s.kind === 'other' || s.kind === 'tips' ? `${t.sites[s.kind]} (${hostOf(s.url)})` : t.sites[s.kind];
      return `<a class="site" rel="noopener noreferrer" href="${escapeHtml(s.url)}">${escapeHtml(label)}</a>`;
    })
    .join('\n');
  const heading = kind === 'tips' ? t.tips : t.choose;
  const hint = kind === 'tips' ? t.tipsHint : t.chooseHint;
  return page(lang, salon, salon, `<p>${escapeHtml(heading)}. ${escapeHtml(hint)}</p>${buttons}`);
}

// No destination set yet.
export function noSitesPage(lang: PageLang, salon: string, kind: 'review' | 'tips'): string {
  const t = TEXT[lang];
  return page(
    lang,
    salon,
    salon,
    `<p>${escapeHtml(kind === 'tips' ? t.noneTips : t.none)}.</p><p>${escapeHtml(t.noneHint)}</p>`,
  );
}

export function notFoundPage(lang: PageLang): string {
  const t = TEXT[lang];
  return page(lang, t.notFound, t.notFound, `<p>${escapeHtml(t.notFoundHint)}</p>`);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
