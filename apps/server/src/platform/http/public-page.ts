// The small public pages behind the links clients get (review links, invite links): no cabinet, no
// scripts, Russian or English by the browser's Accept-Language, everything put in escaped.

export type PageLang = 'ru' | 'en';

// The first language the browser names that we have; Russian otherwise (SPEC 9 default).
export function pageLang(acceptLanguage: string | undefined): PageLang {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (tag.startsWith('ru')) return 'ru';
    if (tag.startsWith('en')) return 'en';
  }
  return 'ru';
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const BASE_CSS = `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;padding:32px 16px;background:#f6f7f9;color:#1f2933}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 8px}p{margin:0 0 16px;color:#52606d}`;

// One card with a heading; `body` is HTML the caller escaped, `css` what its body needs besides.
export function publicPage(lang: PageLang, title: string, heading: string, body: string, css = ''): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${BASE_CSS}
${css}</style>
</head><body><main><h1>${escapeHtml(heading)}</h1>${body}</main></body></html>`;
}
