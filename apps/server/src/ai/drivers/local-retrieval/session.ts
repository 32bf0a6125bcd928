import type { HandoverReason } from '@salon/contract/ai-chat';
import { localDay } from '@salon/contract/zoned-time';
import {
  AiToolError,
  type AiAskContext,
  type RecordInfo,
  type ServiceInfo,
  type SlotInfo,
  type StaffInfo,
} from '../../llm.js';
import { formatDateTime, formatTime, parseWhen, shiftDay, type When } from './dates.js';
import { rankByTitle, type Ranked } from './matching.js';
import { texts, type Texts } from './phrases.js';

// One answer's working state: the question, what the conversation carries over from the turn
// before (a service named earlier, a pending question of ours), the parsed day and time, and the
// branch's services and masters fetched once.

export type Reply = { kind: 'answer'; text: string; close?: boolean } | { kind: 'handover'; reason: HandoverReason };

export const answer = (text: string, close = false): Reply => ({ kind: 'answer', text, close });
export const handover = (reason: HandoverReason): Reply => ({ kind: 'handover', reason });

// Our message asked something: it ends with a question mark (an emoji may follow it).
const ASKED = /\?[^\p{L}\p{N}]*$/u;

// The client's messages of the exchange still open: back from our last message while each of
// ours asked something (at most three of theirs), oldest first.
function carriedText(history: AiAskContext['history']): string {
  const carried: string[] = [];
  for (let i = history.length - 1; i >= 0 && carried.length < 3; i -= 1) {
    const turn = history[i]!;
    if (turn.role === 'assistant' && !ASKED.test(turn.text)) break;
    if (turn.role === 'client') carried.unshift(turn.text);
  }
  return carried.join('\n');
}

// How many free times an answer lists.
const MAX_SLOTS = 6;

export class Session {
  readonly t: Texts;
  readonly today: string;
  // Our last message, and the client's messages our open questions were about.
  readonly lastAssistant: string;
  readonly carry: string;
  readonly when: When;
  #services?: Promise<ServiceInfo[]>;
  #staff?: Promise<StaffInfo[]>;

  constructor(readonly ctx: AiAskContext) {
    this.t = texts(ctx.lang);
    this.today = localDay(ctx.now, ctx.timeZone);
    const history = ctx.history;
    const last = history.at(-1);
    this.lastAssistant = last?.role === 'assistant' ? last.text : '';
    this.carry = carriedText(history);
    const now = parseWhen(ctx.question, ctx.now, ctx.timeZone, ctx.lang);
    const before = this.carry ? parseWhen(this.carry, ctx.now, ctx.timeZone, ctx.lang) : { day: null, time: null };
    this.when = { day: now.day ?? before.day, time: now.time ?? before.time };
  }

  services(): Promise<ServiceInfo[]> {
    return (this.#services ??= this.ctx.tools.services());
  }

  staff(): Promise<StaffInfo[]> {
    return (this.#staff ??= this.ctx.tools.staff());
  }

  // Services named in the question, or else in the message our last question answered.
  async serviceMatches(): Promise<Ranked<ServiceInfo>[]> {
    const services = await this.services();
    const found = rankByTitle(this.ctx.question, services, (s) => s.title);
    return found.length > 0 || !this.carry ? found : rankByTitle(this.carry, services, (s) => s.title);
  }

  async staffMatch(): Promise<StaffInfo | null> {
    const staff = await this.staff();
    const found = rankByTitle(this.ctx.question, staff, (s) => s.name, 0.6);
    const best = found.length > 0 || !this.carry ? found : rankByTitle(this.carry, staff, (s) => s.name, 0.6);
    return best[0]?.item ?? null;
  }

  // The last day free times may be looked up on (SPEC 3 scheduleLookupInterval, from today).
  get lastDay(): string {
    return shiftDay(this.today, Math.max(0, this.ctx.lookupDays));
  }

  async freeSlots(day: string, serviceId?: string, staffId?: string): Promise<SlotInfo[]> {
    try {
      const slots = await this.ctx.tools.freeSlots({
        day,
        ...(serviceId ? { serviceId } : {}),
        ...(staffId ? { staffId } : {}),
      });
      return slots.filter((s) => s.startsAt > this.ctx.now).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    } catch (err) {
      // Beyond the lookup interval, an unknown service: simply no free time to offer.
      if (err instanceof AiToolError) return [];
      throw err;
    }
  }

  // The first day from `from` (inclusive) within the lookup interval that has free times.
  async firstDayWithSlots(
    from: string,
    serviceId?: string,
    staffId?: string,
  ): Promise<{ day: string; slots: SlotInfo[] } | null> {
    for (let day = from; day <= this.lastDay; day = shiftDay(day, 1)) {
      const slots = await this.freeSlots(day, serviceId, staffId);
      if (slots.length > 0) return { day, slots };
    }
    return null;
  }

  time(at: Date): string {
    return formatTime(at, this.ctx.timeZone, this.ctx.lang);
  }

  dateTime(at: Date): string {
    return formatDateTime(at, this.ctx.timeZone, this.ctx.lang);
  }

  // Up to MAX_SLOTS times, earliest first, one line per master: «Анна: 10:00, 11:00».
  slotLines(slots: readonly SlotInfo[]): string[] {
    const byStaff = new Map<string, string[]>();
    for (const slot of slots.slice(0, MAX_SLOTS)) {
      const times = byStaff.get(slot.staffName) ?? [];
      times.push(this.time(slot.startsAt));
      byStaff.set(slot.staffName, times);
    }
    return [...byStaff].map(([name, times]) => `${name}: ${times.join(', ')}`);
  }

  describeRecord(record: RecordInfo): string {
    return this.t.record(
      record.services.map((s) => s.title).join(', '),
      this.dateTime(record.startsAt),
      record.staffName,
    );
  }
}
