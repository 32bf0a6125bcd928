import { CHAT_NOT_FOUND, CHAT_PHONE_PATTERN, type ChatRowWire } from '@salon/contract/chat-history';

export const CHAT_SEARCH_MIN = 10;
export const CHAT_SEARCH_MAX = 15;

// SPEC 5: the phone search takes digits and '*' (any digit).
export function sanitizeChatSearch(raw: string): string {
  return raw.replace(/[^\d*]/g, '').slice(0, CHAT_SEARCH_MAX);
}

// The search runs with at least 10 characters.
export function isChatSearchReady(value: string): boolean {
  return CHAT_PHONE_PATTERN.test(value);
}

export function charactersMissing(value: string): number {
  return Math.max(0, CHAT_SEARCH_MIN - value.length);
}

// SPEC 8: 'messages not found' is an empty result, not an error.
export function isEmptyResult(answer: { messages: readonly unknown[]; status: string | null }): boolean {
  return answer.messages.length === 0 || answer.status === CHAT_NOT_FOUND;
}

// Clients on the left; what the salon or its bot sent on the right.
export function sideOf(direction: ChatRowWire['direction']): 'left' | 'right' {
  return direction === 'incoming' ? 'left' : 'right';
}

export function sortByDate(rows: readonly ChatRowWire[]): ChatRowWire[] {
  const time = (row: ChatRowWire) => {
    const t = Date.parse(row.date);
    return Number.isNaN(t) ? 0 : t;
  };
  return [...rows].sort((a, b) => time(a) - time(b));
}

// The calendar day of a message in the browser's zone, for the day separators.
export function dayKey(date: string): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return date;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}


// A geo row's body "55.75,37.61" (or "55.75 37.61") as coordinates, for a map link.
export function parseGeo(body: string): { lat: number; lon: number } | null {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,; ]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(body);
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

export function mapLink({ lat, lon }: { lat: number; lon: number }): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}
