// Deep links of the salon's bots (issue 19): the link a client opens to start the bot, with the
// per-client invite token as its start payload ({max_link}, {tg_bot_link}). The same shapes as the
// messengers' own: https://t.me/<bot>?start=<payload> and https://max.ru/<bot>?start=<payload>.

export const BOT_LINK_KINDS = ['tg_bot', 'max'] as const;
export type BotLinkKind = (typeof BOT_LINK_KINDS)[number];

// Template and send-out variables, by the bot they invite to.
export const OPT_IN_LINK_VARIABLES = { tg_bot_link: 'tg_bot', max_link: 'max' } as const satisfies Record<
  string,
  BotLinkKind
>;
export type OptInLinkVariable = keyof typeof OPT_IN_LINK_VARIABLES;

const HOSTS: Record<BotLinkKind, string> = { tg_bot: 't.me', max: 'max.ru' };

// Payload alphabet and length both messengers accept.
export const START_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
const USERNAME = /^[A-Za-z0-9_]{3,64}$/;

export function botDeepLink(kind: BotLinkKind, username: string, token?: string | null): string {
  const base = `https://${HOSTS[kind]}/${encodeURIComponent(username)}`;
  return token ? `${base}?start=${token}` : base;
}

// Reads a bot deep link back (the sandbox phone opens them): null for anything else.
export function parseBotDeepLink(url: string): { kind: BotLinkKind; username: string; token: string | null } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:') return null;
  const kind = (Object.keys(HOSTS) as BotLinkKind[]).find((k) => HOSTS[k] === parsed.hostname);
  const username = parsed.pathname.replace(/^\//, '');
  if (!kind || !USERNAME.test(username)) return null;
  const token = parsed.searchParams.get('start');
  if (token !== null && !START_TOKEN.test(token)) return null;
  return { kind, username, token };
}

// The links in a message's text, in order (the sandbox phone shows a button for each).
export function botDeepLinksIn(text: string): string[] {
  return [...text.matchAll(/https:\/\/(?:t\.me|max\.ru)\/[A-Za-z0-9_]{3,64}(?:\?start=[A-Za-z0-9_-]{1,64})?/g)]
    .map((m) => m[0])
    .filter((link) => parseBotDeepLink(link) !== null);
}
