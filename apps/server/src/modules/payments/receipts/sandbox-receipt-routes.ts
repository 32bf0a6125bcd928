import { SANDBOX_RECEIPT_PATH, type SandboxReceiptView } from '../../../payments/drivers/sandbox/driver.js';
import type { Routes } from '../../../platform/http/hosts.js';
import { escapeHtml, pageLang, publicPage, type PageLang } from '../../../platform/http/public-page.js';
import { formatRubles } from '../invoices/sum-in-words.js';

// What the sandbox provider's receipt page needs (the driver, or null with another provider).
export interface SandboxReceipts {
  receiptView(paymentId: string): Promise<SandboxReceiptView | null>;
}

const TEXT = {
  ru: {
    title: 'Кассовый чек (тестовый)',
    hint: 'Тестовый чек песочницы: в налоговую не передаётся.',
    total: 'Итого',
    customer: 'Покупатель',
    at: 'Дата',
    fn: 'ФН',
    fd: 'ФД',
    fp: 'ФП',
    notFound: 'Чек не найден',
  },
  en: {
    title: 'Receipt (test)',
    hint: 'A sandbox receipt: it is not sent to the tax service.',
    total: 'Total',
    customer: 'Customer',
    at: 'Date',
    fn: 'FN',
    fd: 'FD',
    fp: 'FP',
    notFound: 'Receipt not found',
  },
} as const;

function page(lang: PageLang, r: SandboxReceiptView): string {
  const t = TEXT[lang];
  const money = (n: number) => `${formatRubles(n)} ${r.currency === 'RUB' ? '₽' : r.currency}`;
  const rows = r.items
    .map((i) => `<tr><td>${escapeHtml(i.description)}</td><td class="sum">${money(i.amount * i.quantity)}</td></tr>`)
    .join('');
  const facts: [string, string][] = [
    [t.at, r.registeredAt.slice(0, 16).replace('T', ' ')],
    [t.customer, r.customer],
    [t.fn, r.fiscalStorageNumber],
    [t.fd, r.fiscalDocumentNumber],
    [t.fp, r.fiscalAttribute],
  ];
  return publicPage(
    lang,
    t.title,
    t.title,
    `<p>${escapeHtml(t.hint)}</p><table>${rows}<tr class="total"><td>${t.total}</td><td class="sum">${money(r.amount)}</td></tr></table>
<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`,
    'table{width:100%;border-collapse:collapse;margin:0 0 16px}td{padding:4px 0;border-bottom:1px solid #e4e7eb}.sum{text-align:right;white-space:nowrap}.total td{font-weight:600}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}dt{color:#52606d}dd{margin:0}',
  );
}

// GET /payments/sandbox/receipt/:id (main host): the receipt page of a paid sandbox payment, the
// link /get_missing_receipt answers with the sandbox. Public like an operator's check page: the
// payment id is the credential. With another provider the page does not exist.
export function sandboxReceiptRoutes(receipts: SandboxReceipts | null): Routes {
  return async (app) => {
    app.get<{ Params: { id: string } }>(
      `${SANDBOX_RECEIPT_PATH}/:id`,
      { config: { public: true } },
      async (req, reply) => {
        const lang = pageLang(req.headers['accept-language']);
        const receipt = await receipts?.receiptView(req.params.id);
        void reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
          .type('text/html; charset=utf-8');
        if (!receipt) return reply.code(404).send(publicPage(lang, TEXT[lang].notFound, TEXT[lang].notFound, ''));
        return reply.code(200).send(page(lang, receipt));
      },
    );
  };
}
