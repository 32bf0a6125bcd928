// SPEC 9 Dashboard constants and the bot-earned progress bar, shared by the server and the cabinet.

// SPEC 9: the dashboard's default period starts here.
export const DASHBOARD_DEFAULT_START = '2020-01-01';
// Lists on the cards (bot clients, popular templates, last send-outs) show at most this many rows.
export const DASHBOARD_LIST_MAX = 10;
export const DASHBOARD_POPULAR_MAX = 5;
export const DASHBOARD_LAST_SENDOUTS_MAX = 5;
// The activity chart groups by day up to this many days, by month beyond.
export const DASHBOARD_DAILY_MAX_DAYS = 92;

export function isRealDay(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (y < 2000 || y > 2100) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export interface EarnedBand {
  from: number;
  to: number;
  // Progress within the band, 0…100 (two decimals).
  percent: number;
}

// SPEC 9 bot-earned bands: 0–100k, 100k–300k, 300k–500k, 500k–700k, 700k–1M, then 500k bands.
const BAND_EDGES = [0, 100_000, 300_000, 500_000, 700_000, 1_000_000];
const BAND_BEYOND = 500_000;

export function botEarnedBand(amount: number): EarnedBand {
  const value = Number.isFinite(amount) && amount > 0 ? amount : 0;
  let from = 0;
  let to = BAND_EDGES[1]!;
  const last = BAND_EDGES[BAND_EDGES.length - 1]!;
  if (value >= last) {
    from = last + Math.floor((value - last) / BAND_BEYOND) * BAND_BEYOND;
    to = from + BAND_BEYOND;
  } else {
    for (let i = 0; i < BAND_EDGES.length - 1; i++) {
      if (value >= BAND_EDGES[i]! && value < BAND_EDGES[i + 1]!) {
        from = BAND_EDGES[i]!;
        to = BAND_EDGES[i + 1]!;
        break;
      }
    }
  }
  const raw = ((value - from) / (to - from)) * 100;
  return { from, to, percent: Math.min(100, Math.max(0, Math.round(raw * 100) / 100)) };
}
