import type { OptInLinkVariable } from '@salon/contract/bot-links';
import { OPT_IN_VARIABLES } from '@salon/contract/templates-rules';
import type { CrmClient, CrmRecord } from './crm.js';

// The values of SPEC 3's variables for record messages (templates, review chains);
// platform/text/render.ts fills them in.

// The short links {review_link} and {tips_link} lead to (the reviews module serves them): one link
// per visit and kind, made the first time a message needs it.
export interface RecordLinks {
  linkFor(request: {
    accId: number;
    kind: 'review' | 'tips';
    recordId: string;
    phone: string;
    templateId?: number | null;
    chainId?: number | null;
    runId?: number | null;
  }): Promise<string>;
}

export const LINK_VARIABLES = { review_link: 'review', tips_link: 'tips' } as const;

// Whether a text uses {review_link} or {tips_link}: the links are made only for messages that show them.
export function linkKindsIn(texts: readonly string[]): ('review' | 'tips')[] {
  const kinds: ('review' | 'tips')[] = [];
  for (const [key, kind] of Object.entries(LINK_VARIABLES)) {
    if (texts.some((t) => t.includes(`{${key}}`))) kinds.push(kind);
  }
  return kinds;
}

// The loyalty module's values (runtime.ts wires it): the inviting client's personal link
// {partner_link} for an action, and the bonuses a record earned or lost ({bonus_add}, {bonus_withdraw}).
export interface LoyaltyVariables {
  // '' when the action does not run (or there is no phone).
  partnerLink(req: { accId: number; actionId: number; phone: string; name: string }): Promise<string>;
  recordBonuses(accId: number, recordId: string, phone: string): Promise<{ add: number; withdraw: number }>;
}

// Which of the loyalty variables a text uses: they are worked out only for messages that show them.
export function loyaltyKeysIn(texts: readonly string[]): { partnerLink: boolean; bonuses: boolean } {
  const uses = (key: string) => texts.some((t) => t.includes(`{${key}}`));
  return { partnerLink: uses('partner_link'), bonuses: uses('bonus_add') || uses('bonus_withdraw') };
}

/**
 * The channels' opt-in links (runtime.ts wires them): {max_link} and {tg_bot_link}, the deep links
 * of the branch's MAX bot and Telegram bot carrying the client's invite token; '' for a bot the
 * branch has not connected.
 */
export type OptInLinks = (
  accId: number,
  phone: string,
  wanted: readonly OptInLinkVariable[],
) => Promise<Partial<Record<OptInLinkVariable, string>>>;

// Which opt-in links a text uses: a client's invite token is made only for messages that show it.
export function optInKeysIn(texts: readonly string[]): OptInLinkVariable[] {
  return OPT_IN_VARIABLES.filter((key) => texts.some((t) => t.includes(`{${key}}`)));
}

// The opt-in links the texts show, for one client: '' where there is no link (no such bot, no
// port, no phone), never a "{max_link}" left in the message.
export async function optInValues(
  port: OptInLinks | undefined,
  accId: number,
  phone: string,
  texts: readonly string[],
): Promise<Partial<Record<OptInLinkVariable, string>>> {
  const wanted = optInKeysIn(texts);
  if (wanted.length === 0) return {};
  const links = port && phone ? await port(accId, phone, wanted) : {};
  return Object.fromEntries(wanted.map((key) => [key, links[key] ?? '']));
}

// Values worked out by ports, only for the texts that show them.
export interface PortValues extends Partial<Record<OptInLinkVariable, string>> {
  review_link?: string;
  tips_link?: string;
  partner_link?: string;
  bonus_add?: string;
  bonus_withdraw?: string;
}

export interface BranchFacts {
  accId: number;
  name: string;
  timeZone: string;
  currency: string;
}

// SPEC 9: RUB is shown the ru-RU way, USD the en-US way.
export function localeOf(currency: string): 'ru-RU' | 'en-US' {
  return currency === 'USD' ? 'en-US' : 'ru-RU';
}

function part(at: Date, timeZone: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(at);
}

function time(at: Date, timeZone: string): string {
  return part(at, timeZone, 'ru-RU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat(localeOf(currency), {
    style: 'currency',
    currency: currency === 'USD' ? 'USD' : 'RUB',
    maximumFractionDigits: currency === 'USD' ? 2 : 0,
    minimumFractionDigits: 0,
  }).format(amount);
}

function duration(seconds: number, locale: string): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const [hu, mu] = locale === 'en-US' ? ['h', 'min'] : ['ч', 'мин'];
  return [h ? `${h} ${hu}` : '', m ? `${m} ${mu}` : ''].filter(Boolean).join(' ') || `0 ${mu}`;
}

export function formatPhone(digits: string): string {
  return digits ? `+${digits}` : '';
}

function firstName(full: string): string {
  return full.trim().split(/\s+/)[0] ?? '';
}

// Every variable of SPEC 3 for a record message, in the branch's zone, locale and currency.
export function recordVariables(
  record: CrmRecord,
  client: CrmClient | null,
  branch: BranchFacts,
  // {review_link} and {tips_link} as RecordLinks made them, {partner_link}, {bonus_add} and
  // {bonus_withdraw} as LoyaltyVariables gave them, {max_link} and {tg_bot_link} as OptInLinks did
  // (empty or 0 when the text does not use them).
  links: PortValues = {},
): Record<string, string> {
  const locale = localeOf(branch.currency);
  const tz = branch.timeZone;
  const start = record.startsAt;
  const end = new Date(start.getTime() + record.lengthSec * 1000);
  const fullName = client?.name || record.clientName;
  const cost = [...record.services, ...record.goods].reduce((sum, s) => sum + s.cost * (s.amount || 1), 0);
  const startTime = time(start, tz);
  const endTime = time(end, tz);
  return {
    name: firstName(fullName),
    full_name: fullName.trim(),
    day_of_week: part(start, tz, locale, { weekday: 'long' }),
    day_month: part(start, tz, locale, { day: 'numeric', month: 'long' }),
    digital_date: part(start, tz, locale, { day: '2-digit', month: '2-digit', year: 'numeric' }),
    start_time: startTime,
    end_time: endTime,
    start_end_time: `${startTime}–${endTime}`,
    master: record.staffName,
    price: formatMoney(cost, branch.currency),
    filial_name: branch.name,
    client_phone: formatPhone(record.clientPhone),
    services: record.services.map((s) => s.title).join(', '),
    time_service: duration(record.lengthSec, locale),
    time_master: record.staffName ? `${startTime}, ${record.staffName}` : startTime,
    review_link: links.review_link ?? '',
    record_link: record.shortLink ?? '',
    tips_link: links.tips_link ?? '',
    bonus_add: links.bonus_add ?? '0',
    bonus_withdraw: links.bonus_withdraw ?? '0',
    bonus_balance: String(client?.bonusBalance ?? 0),
    max_link: links.max_link ?? '',
    tg_bot_link: links.tg_bot_link ?? '',
    // SPEC 3 Add-action: only texts of a template that offers a loyalty action have it.
    ...(links.partner_link !== undefined ? { partner_link: links.partner_link } : {}),
  };
}

export function birthdayVariables(client: CrmClient): Record<string, string> {
  return { name: firstName(client.name) };
}
